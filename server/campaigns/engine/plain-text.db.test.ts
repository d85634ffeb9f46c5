import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { templateInputSchema } from '#shared/templates/variables.ts';
import { startFakeResend, type FakeResend } from '#test/support/fake-resend.ts';
import { campaignHtml, freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import type { AppServices } from '../../services.ts';
import { createTemplate } from '../../templates/templates.ts';
import { sendTestEmail } from '../test-email.ts';
import { runCampaignSend } from './run.ts';

/*
 * A template's own plain-text part (decision 024): a campaign made from the template carries it,
 * and every message's text/plain part is that text with the recipient's values and an unsubscribe
 * link, instead of the text generated from the HTML.
 */
describe('hand-written plain-text part', () => {
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
  async function template(text: string | null) {
    const data = templateInputSchema.parse({
      templateName: 'Monthly update',
      subject: 'Watch market update for {{first_name}}',
      htmlContent: campaignHtml,
      textContent: text,
      variables: ['watch_brand'],
      variableDefaults: { watch_brand: 'Omega' },
    });
    return createTemplate(t.db, data);
  }

  /** The campaign form copies a loaded template's subject, HTML, text and defaults (CampaignFormPage). */
  async function sendFromTemplate(row: Awaited<ReturnType<typeof template>>) {
    return sendNow(services, {
      subject: row.subject,
      html: row.html_content,
      text: row.text_content,
      templateId: row.id,
      variables: row.variable_defaults,
    });
  }

  function textOf(address: string): string {
    const email = fake.emails.find((e) => e.to.includes(address));
    if (!email) throw new Error(`no e-mail to ${address}`);
    return email.text ?? '';
  }

  it("sends the template's own text with each recipient's values and its unsubscribe link", async () => {
    await seedSubscribers(t.db, 25);
    const row = await template(
      'Hi {{first_name}},\n\nYour {{watch_brand}} is in demand this month.\n\nStop these e-mails: {{unsubscribe_url}}',
    );
    expect(row.text_content).toContain('Hi {{first_name}},');
    const campaign = await sendFromTemplate(row);
    expect(campaign.text_content).toBe(row.text_content);

    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.emails).toHaveLength(25);
    for (let n = 1; n <= 25; n += 1) {
      const text = textOf(`contact-${n}@example.com`);
      expect(text).toMatch(
        new RegExp(
          `^Hi Contact${n},\\n\\nYour Omega is in demand this month\\.\\n\\nStop these e-mails: http://localhost:3999/unsubscribe\\?token=[\\w-]+\\n\\nYou are receiving`,
        ),
      );
      // The sender's identity follows every text (decision 004), its unsubscribe line only once.
      expect(text).toContain(`ABN ${services.config.site.abn}`);
      expect(text).not.toContain('Unsubscribe:\n');
      // Not the text generated from the HTML.
      expect(text).not.toContain('Submariner');
    }
  });

  it('appends the unsubscribe line when the hand-written text has no {{unsubscribe_url}}', async () => {
    await seedSubscribers(t.db, 3);
    const campaign = await sendFromTemplate(await template('Hello {{first_name}}, prices held steady.'));
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    const text = textOf('contact-2@example.com');
    expect(text.startsWith('Hello Contact2, prices held steady.\n\n')).toBe(true);
    expect(text).toMatch(
      /Unsubscribe:\nhttp:\/\/localhost:3999\/unsubscribe\?token=[\w-]+\n\nManage email preferences:\n/,
    );
    expect(text).toContain(services.config.site.abn);
    expect(text).not.toContain('{{');
  });

  it('generates the text from the HTML when the template has none', async () => {
    await seedSubscribers(t.db, 3);
    const row = await template('   \n  ');
    expect(row.text_content).toBeNull();
    const campaign = await sendFromTemplate(row);
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    const text = textOf('contact-3@example.com');
    expect(text).toMatch(
      /^Hello Contact3, here is this month's watch market update for contact-3@example\.com\./,
    );
    expect(text).toContain('Prices for the Submariner and Daytona held steady');
    expect(text).toMatch(
      /Unsubscribe:\nhttp:\/\/localhost:3999\/unsubscribe\?token=[\w-]+\n\nManage email preferences:\n/,
    );
  });

  it('test e-mails carry the hand-written text with the sample values', async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'tester@example.com', password_hash: 'unused' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sendTestEmail(services, {
      to: 'inbox@example.com',
      subject: 'Update',
      html: campaignHtml,
      text: 'Hi {{first_name}}, your {{watch_brand}}.',
      samples: { watch_brand: 'Tudor' },
      userId: user.id,
      kind: 'template-test',
    });
    expect(fake.emails).toHaveLength(1);
    const text = fake.emails[0]?.text ?? '';
    expect(text.startsWith('Hi Alex, your Tudor.\n\n')).toBe(true);
    expect(text).toContain('Unsubscribe:\nhttp://localhost:3999/unsubscribe\n');
  });
});
