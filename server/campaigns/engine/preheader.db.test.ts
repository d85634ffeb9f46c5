import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { templateInputSchema } from '#shared/templates/variables.ts';
import { startFakeResend, type FakeResend } from '#test/support/fake-resend.ts';
import { campaignHtml, freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import type { AppServices } from '../../services.ts';
import { createTemplate } from '../../templates/templates.ts';
import { duplicateCampaign } from '../campaigns.ts';
import { createNonOpenersCopy } from '../non-openers.ts';
import { sendTestEmail } from '../test-email.ts';
import { runCampaignSend } from './run.ts';

/*
 * The preheader (decision 011): a template's preview text travels into the campaign made from it,
 * and every message, through the real Resend SDK to the fake provider, opens its body with the
 * hidden preview text, its merge tags filled for that recipient, followed by the filler that keeps
 * the body's first words out of the inbox preview.
 */
const HIDDEN = '<div style="display:none;max-height:0;mso-hide:all" data-skip-in-text="true">';
const FILLER = '(?:&#847;&zwnj;&nbsp;)+';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The body's first content: the hidden preview text, then the HTML the admin wrote. */
function bodyStartsWith(preview: string, next: string): RegExp {
  return new RegExp(
    // The layout's <body> (decision 051) opens with the preview text; the campaign's own body
    // follows inside the layout's column.
    `<body[^>]*>${escapeRegExp(HIDDEN)}${escapeRegExp(preview)}${FILLER}</div>[\\s\\S]*?${escapeRegExp(next)}`,
  );
}

describe('preheader', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let services: AppServices;

  beforeAll(async () => {
    fake = await startFakeResend();
  });
  afterAll(async () => {
    await fake.close();
  });

  beforeEach(async () => {
    ({ services } = await freshEngine(t.db, fake, 10));
  });

  /** A template saved through the shared schema, as the template editor saves it. */
  async function template() {
    const data = templateInputSchema.parse({
      templateName: 'Monthly update',
      subject: 'Watch market update for {{first_name}}',
      preheader: '{{first_name}}, {{watch_brand}} prices held <steady> & rose',
      htmlContent: campaignHtml,
      variables: ['watch_brand'],
      variableDefaults: { watch_brand: 'Omega' },
    });
    return createTemplate(t.db, data);
  }

  function htmlOf(address: string): string {
    const email = fake.emails.find((e) => e.to.includes(address));
    if (!email) throw new Error(`no e-mail to ${address}`);
    return email.html ?? '';
  }

  it("opens every message's body with its recipient's hidden preview text", async () => {
    await seedSubscribers(t.db, 25);
    const row = await template();
    // As the campaign form copies a loaded template (CampaignFormPage).
    const campaign = await sendNow(services, {
      subject: row.subject,
      preheader: row.preheader,
      html: row.html_content,
      templateId: row.id,
      variables: row.variable_defaults,
    });
    expect(campaign.preheader).toBe(row.preheader);

    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.emails).toHaveLength(25);
    for (let n = 1; n <= 25; n += 1) {
      const address = `contact-${n}@example.com`;
      expect(htmlOf(address)).toMatch(
        bodyStartsWith(`Contact${n}, Omega prices held &lt;steady&gt; &amp; rose`, `<p>Hello Contact${n},`),
      );
      // The text part is the whole message already: no preview line there.
      const text = fake.emails.find((e) => e.to.includes(address))?.text ?? '';
      expect(text).not.toContain('prices held');
    }

    // The non-openers copy and a duplicate keep it (decision 038).
    const copy = await createNonOpenersCopy(t.db, {
      id: campaign.id,
      subject: 'Did you see this?',
      userId: null,
    });
    expect(copy.preheader).toBe(row.preheader);
    expect((await duplicateCampaign(t.db, campaign.id, null)).preheader).toBe(row.preheader);
  });

  it('gives both subjects of an A/B test the same preview text (decision 037)', async () => {
    await seedSubscribers(t.db, 100);
    const campaign = await sendNow(services, {
      preheader: 'Only for {{first_name}}',
      abTest: { subjectB: 'Subject B for {{first_name}}', testPercent: 20, waitHours: 4, metric: 'opens' },
    });
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    const subjects = new Set(fake.emails.map((e) => e.subject.split(' ')[0]));
    expect(subjects.size).toBe(2);
    expect(fake.emails).toHaveLength(20);
    for (const email of fake.emails) {
      const n = /contact-(\d+)@/.exec(email.to[0] ?? '')?.[1];
      expect(email.html).toMatch(bodyStartsWith(`Only for Contact${n}`, `<p>Hello Contact${n},`));
    }
  });

  it('a message without a preheader has no hidden preview text', async () => {
    await seedSubscribers(t.db, 2);
    const campaign = await sendNow(services, {});
    expect(campaign.preheader).toBe('');
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(htmlOf('contact-1@example.com')).toContain('<p>Hello Contact1,');
    expect(htmlOf('contact-1@example.com')).not.toContain(HIDDEN);
  });

  it('a test e-mail shows the preview text with the sample values', async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'tester@example.com', password_hash: 'unused' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sendTestEmail(services, {
      to: 'inbox@example.com',
      subject: 'Update',
      preheader: '{{first_name}}, your {{watch_brand}} and {{missing}}',
      html: campaignHtml,
      samples: { watch_brand: 'Tudor' },
      userId: user.id,
      kind: 'campaign-test',
    });
    expect(fake.emails[0]?.html).toMatch(bodyStartsWith('Alex, your Tudor and [missing]', '<p>Hello Alex,'));
  });
});
