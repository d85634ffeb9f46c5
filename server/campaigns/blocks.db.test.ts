import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlockDocument } from '#shared/templates/blocks.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, recordingJobQueue, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { daysAgo } from '#test/support/time.ts';

/*
 * Decision 092: a campaign made from blocks keeps them. Saved, it stores the document and beside
 * it the HTML the templates' renderer makes of it; its preview is merged for a contact of the
 * audience (or the named sample) by the sending engine's renderer; its test e-mail carries the
 * blocks and the compliance footer the layout adds.
 */

const doc: BlockDocument = {
  version: 1,
  blocks: [
    { type: 'heading', text: 'A private offer for {{first_name}}', level: 1 },
    { type: 'richText', html: '<p>We pay the most for a {{watch_brand}} with papers.</p>' },
    { type: 'button', label: 'Request a valuation', url: 'https://watches.example/sell' },
    { type: 'footer' },
  ],
};

const fields = {
  name: 'Blocks campaign',
  subject: 'An offer for {{first_name}}',
  blocks: doc,
  variables: { watch_brand: 'Rolex' },
};

describe('a campaign made from blocks (decision 092)', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const api = () => callerFor(testServices(t.db, { jobs: recordingJobQueue() }), admin).admin.campaigns;

  beforeAll(async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'blocks-campaigns@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
  });

  beforeEach(async () => {
    await t.db.deleteFrom('email_campaigns').execute();
    await t.db.deleteFrom('leads').execute();
  });

  it('saves the blocks and the HTML rendered from them, and reads them back', async () => {
    const { campaign } = await api().saveDraft(fields);
    expect(campaign.blocks).toEqual(doc);
    // No hand-written text: generated from the rendered HTML when sent (decision 024).
    expect(campaign.textContent).toBeNull();
    expect(campaign.htmlContent).toContain('A private offer for {{first_name}}');
    expect(campaign.htmlContent).toContain('We pay the most for a {{watch_brand}} with papers.');
    expect(campaign.htmlContent).toContain('href="https://watches.example/sell"');
    // A body for the layout, not a document: the layout and its footer come when it is sent.
    expect(campaign.htmlContent).not.toMatch(/<html|<body|unsubscribe/i);
    const row = await t.db
      .selectFrom('email_campaigns')
      .select(['blocks', 'html_content'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row.blocks).toEqual(doc);
    expect(row.html_content).toBe(campaign.htmlContent);
    expect((await api().get({ id: campaign.id })).blocks).toEqual(doc);

    // Edited in the blocks: the HTML follows them.
    const edited: BlockDocument = {
      ...doc,
      blocks: doc.blocks.map((block) =>
        block.type === 'heading' ? { ...block, text: 'Edited heading for {{first_name}}' } : block,
      ),
    };
    const again = await api().saveDraft({ ...fields, id: campaign.id, blocks: edited });
    expect(again.campaign.htmlContent).toContain('Edited heading for {{first_name}}');
    expect(again.campaign.htmlContent).not.toContain('A private offer');

    // Switched to Custom HTML: the blocks are gone, the HTML is the campaign's own.
    const html = `${again.campaign.htmlContent}<p>Added by hand.</p>`;
    const custom = await api().saveDraft({ ...fields, id: campaign.id, blocks: null, htmlContent: html });
    expect(custom.campaign.blocks).toBeNull();
    expect(custom.campaign.htmlContent).toContain('Added by hand.');
  });

  it('keeps the blocks in a duplicate', async () => {
    const { campaign } = await api().saveDraft(fields);
    const copy = await api().duplicate({ id: campaign.id });
    expect(copy.blocks).toEqual(doc);
    expect(copy.htmlContent).toBe(campaign.htmlContent);
  });

  it('refuses a campaign with neither blocks nor HTML', async () => {
    await expect(api().saveDraft({ name: 'Empty', subject: 'Empty' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('previews merged for the first named contact of the audience', async () => {
    // Days before now, not dates: a contact created over a year ago with no open is left out by
    // the sunset policy (decision 089).
    await t.db
      .insertInto('leads')
      .values([
        // No name: passed over for one with a name, whose greeting shows the merge.
        { email: 'no-name@example.com', email_marketing_consent: true, created_at: daysAgo(4) },
        {
          email: 'jane@example.com',
          full_name: 'Jane Citizen',
          email_marketing_consent: true,
          created_at: daysAgo(3),
        },
        {
          email: 'zed@example.com',
          full_name: 'Zed Later',
          email_marketing_consent: true,
          created_at: daysAgo(2),
        },
        // Not in the audience: no consent.
        {
          email: 'aaron@example.com',
          full_name: 'Aaron Early',
          email_marketing_consent: false,
          created_at: daysAgo(5),
        },
      ])
      .execute();
    const preview = await api().preview({
      subject: fields.subject,
      preheader: 'Hi {{first_name}}',
      blocks: doc,
      variables: fields.variables,
    });
    expect(preview.sample).toEqual({ name: 'Jane Citizen', email: 'jane@example.com', fromAudience: true });
    expect(preview.subject).toBe('An offer for Jane');
    expect(preview.preheader).toBe('Hi Jane');
    expect(preview.html).toContain('A private offer for Jane');
    expect(preview.html).toContain('We pay the most for a Rolex with papers.');
    expect(preview.html).not.toContain('{{');
    // The footer the layout adds to every campaign (decisions 004, 051), with its unsubscribe link.
    expect(preview.html).toContain('href="http://localhost:3999/unsubscribe"');
    expect(preview.html).toContain('Sterling Watch Buyers Pty Ltd');
    // The body before merging, for Custom HTML: as Save Draft stores it.
    const { campaign } = await api().saveDraft(fields);
    expect(preview.body).toBe(campaign.htmlContent);
  });

  it('previews merged for the named sample when the audience is empty', async () => {
    const preview = await api().preview({ subject: fields.subject, blocks: doc, variables: {} });
    expect(preview.sample).toEqual({
      name: 'Alex Sample',
      email: 'alex.sample@example.com',
      fromAudience: false,
    });
    expect(preview.html).toContain('A private offer for Alex');
    // A custom tag without a value shows as [name], never as braces (decision 011).
    expect(preview.html).toContain('We pay the most for a [watch_brand] with papers.');
  });

  it('sends a test with the blocks and the compliance footer', async () => {
    const to = 'blocks-test@example.com';
    await api().sendTest({ ...fields, to });
    const email = await t.db
      .selectFrom('outbox_emails')
      .select(['html', 'text_body'])
      .where(sql<boolean>`${to} = ANY(to_addresses)`)
      .executeTakeFirstOrThrow();
    expect(email.html).toContain('A private offer for Alex');
    expect(email.html).toContain('We pay the most for a Rolex with papers.');
    expect(email.html).toContain('href="http://localhost:3999/unsubscribe"');
    expect(email.html).toContain('Sterling Watch Buyers Pty Ltd');
    expect(email.text_body).toContain('A private offer for Alex');
  });
});
