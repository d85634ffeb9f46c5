import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlockDocument } from '#shared/templates/blocks.ts';
import { unfillableTagsMessage } from '#shared/templates/kinds.ts';
import { freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { startFakeResend, type FakeResend } from '#test/support/fake-resend.ts';
import { callerFor, codeOf } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { runCampaignSend } from '../campaigns/engine/run.ts';
import type { AppServices } from '../services.ts';

/*
 * Decision 054: a template saved from blocks stores the JSON and, beside it, the HTML the one
 * renderer makes of it, so a campaign copied from it sends through the unchanged engine. Sent
 * through the real Resend SDK to the fake provider, every copy passes html-validate and the
 * layout's delivery checks.
 */

const UPLOAD_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const document: BlockDocument = {
  version: 1,
  blocks: [
    { type: 'heading', text: 'We are buying, {{first_name}}', level: 1 },
    {
      type: 'richText',
      html: '<p>Demand for <strong>Rolex</strong> &amp; <em>Patek Philippe</em> is strong.</p><ul><li>Free valuation</li><li><a href="https://watches.example/sell">Sell online</a></li></ul>',
    },
    {
      type: 'image',
      uploadId: UPLOAD_ID,
      alt: 'A Rolex Submariner on a dark cloth',
      href: 'https://watches.example/sell',
    },
    {
      type: 'button',
      label: 'Get a valuation for {{watch_brand}}',
      url: 'https://watches.example/sell?src={{email}}',
    },
    { type: 'divider' },
    { type: 'spacer', size: 24 },
    {
      type: 'columns',
      left: [
        {
          type: 'watch',
          url: 'https://cdn.example.com/speedmaster.jpg',
          alt: 'Omega Speedmaster',
          brand: 'Omega',
          model: 'Speedmaster Professional',
          text: 'Hesalite or sapphire, with or without papers.',
        },
      ],
      right: [{ type: 'heading', text: 'Any condition', level: 3 }],
    },
    { type: 'footer' },
  ],
};

const fields = {
  templateName: 'We are buying',
  subject: 'We are buying {{watch_brand}} watches',
  preheader: 'A private offer for {{first_name}}',
  variables: ['watch_brand'],
  variableDefaults: { watch_brand: 'Rolex' },
};

describe('templates built from blocks (decision 054)', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let services: AppServices;
  let admin: SessionUser;
  const api = () => callerFor(services, admin).admin.templates;

  beforeAll(async () => {
    fake = await startFakeResend();
  });
  afterAll(async () => {
    await fake.close();
  });

  beforeEach(async () => {
    ({ services } = await freshEngine(t.db, fake, 10));
    const user = await t.db
      .insertInto('users')
      .values({ email: `blocks-${Math.random().toString(36).slice(2)}@example.com`, password_hash: 'unused' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
  });

  it('stores the blocks beside the HTML rendered from them, and sends it as a campaign', async () => {
    const created = await api().createFromBlocks({ ...fields, kind: 'marketing', blocks: document });
    expect(created.blocks).toEqual(document);
    expect(created.textContent).toBeNull();

    const row = await t.db
      .selectFrom('email_templates')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.blocks).toEqual(document);
    // The body the layout wraps: the blocks in order, tags kept for the sending path.
    const html = row.html_content;
    expect(html.indexOf('We are buying, {{first_name}}')).toBeLessThan(html.indexOf('Demand for'));
    expect(html).toContain(`src="${services.config.site.url}/api/email-images/${UPLOAD_ID}"`);
    expect(html).toMatch(
      /bgcolor="#8c6516"[^>]*><a href="https:\/\/watches.example\/sell\?src=\{\{email\}\}"/,
    );
    expect(html).toContain('Get a valuation for {{watch_brand}}');

    // As the campaign form copies a loaded template.
    await seedSubscribers(t.db, 3);
    const campaign = await sendNow(services, {
      subject: row.subject,
      preheader: row.preheader,
      html: row.html_content,
      templateId: row.id,
      variables: row.variable_defaults,
    });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.emails).toHaveLength(3);
    for (const email of fake.emails) {
      const sent = email.html ?? '';
      expect(await checkRenderedEmail({ html: sent, text: email.text })).toEqual([]);
      expect(sent).toContain('Get a valuation for Rolex');
      expect(sent).toMatch(/We are buying, Contact\d/);
      expect(email.text).toContain('Free valuation');
    }
  });

  it('previews the blocks in the layout with the footer the sending path adds', async () => {
    const { html } = await api().previewBlocks({ kind: 'marketing', subject: 'Hi', blocks: document });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('We are buying, ');
    expect(html).toContain(`ABN ${services.config.site.abn}`);
    expect(await checkRenderedEmail({ html })).toEqual([]);
  });

  it('refuses tags a reply cannot fill, and bad blocks, with a 400', async () => {
    const reply = {
      ...fields,
      kind: 'reply' as const,
      variables: [],
      variableDefaults: {},
      subject: 'Your watch',
    };
    const withUnsubscribe: BlockDocument = {
      version: 1,
      blocks: [{ type: 'button', label: 'Leave', url: '{{unsubscribe_url}}' }, { type: 'footer' }],
    };
    await expect(
      api().createFromBlocks({ ...reply, preheader: '', blocks: withUnsubscribe }),
    ).rejects.toThrow(unfillableTagsMessage('reply', ['unsubscribe_url']));
    const saved = await api().createFromBlocks({
      ...reply,
      preheader: '',
      blocks: {
        version: 1,
        blocks: [{ type: 'heading', text: 'Dear {{first_name}}', level: 2 }, { type: 'footer' }],
      },
    });
    // The stored kind decides on update.
    expect(
      await codeOf(
        api().updateFromBlocks({ ...reply, preheader: '', id: saved.id, blocks: withUnsubscribe }),
      ),
    ).toBe('BAD_REQUEST');
    const noAlt = {
      version: 1,
      blocks: [{ type: 'image', url: 'https://cdn.example.com/a.jpg', alt: '' }, { type: 'footer' }],
    };
    expect(await codeOf(api().createFromBlocks({ ...fields, blocks: noAlt as BlockDocument }))).toBe(
      'BAD_REQUEST',
    );
  });

  it('becomes custom HTML when saved as HTML, and a duplicate keeps the blocks', async () => {
    const created = await api().createFromBlocks({ ...fields, blocks: document });
    const copy = await api().duplicate({ id: created.id });
    expect(copy.blocks).toEqual(document);
    expect(copy.htmlContent).toBe(created.htmlContent);
    const updated = await api().update({
      ...fields,
      id: created.id,
      htmlContent: '<p>Hand-written {{watch_brand}}</p>',
    });
    expect(updated.blocks).toBeNull();
  });
});
