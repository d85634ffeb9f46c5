import { describe, expect, it } from 'vitest';
import { blockDocumentSchema } from '#shared/templates/blocks.ts';
import { tagsWithoutValue } from '#shared/templates/variables.ts';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { renderTestEmail } from '../campaigns/test-email.ts';
import { testConfig } from '#test/support/services.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { databaseIsEmpty, seedDemoData } from './demo.ts';

const seedOptions = { appUrl: 'https://watches.example.com' };

describe('demo data', () => {
  const t = useTestDatabase();

  it('fills an empty database once; a second run (even concurrent) adds nothing', async () => {
    expect(await databaseIsEmpty(t.db)).toBe(true);
    const results = await Promise.all([seedDemoData(t.db, seedOptions), seedDemoData(t.db, seedOptions)]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(await databaseIsEmpty(t.db)).toBe(false);
    expect((await seedDemoData(t.db, seedOptions)).seeded).toBe(false);
    const count = async (table: 'leads' | 'email_templates' | 'email_campaigns' | 'unsubscribe_logs') =>
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count('leads')).toBe(12);
    expect(await count('email_templates')).toBe(3);
    expect(await count('email_campaigns')).toBe(2);
    expect(await count('unsubscribe_logs')).toBe(3);
  });

  it("keeps each completed campaign's counters equal to its send rows", async () => {
    const campaigns = await t.db.selectFrom('email_campaigns').selectAll().execute();
    expect(campaigns).toHaveLength(2);
    for (const campaign of campaigns) {
      const sends = await t.db
        .selectFrom('email_sends')
        .selectAll()
        .where('campaign_id', '=', campaign.id)
        .execute();
      expect(campaign.status).toBe('completed');
      expect(campaign.total_recipients).toBe(sends.length);
      expect(campaign.sent_count).toBe(sends.length);
      expect(campaign.delivered_count).toBe(sends.filter((s) => s.status === 'delivered').length);
      expect(campaign.bounce_count).toBe(sends.filter((s) => s.status === 'bounced').length);
      expect(campaign.open_count).toBe(sends.filter((s) => s.opened_at).length);
      expect(campaign.click_count).toBe(sends.filter((s) => s.clicked_at).length);
    }
    // Every recipient had consented; unsubscribed contacts carry their time and log row.
    const unsubscribed = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('email_unsubscribed_at', 'is not', null)
      .execute();
    expect(unsubscribed).toHaveLength(2);
    expect(unsubscribed.every((l) => !l.email_marketing_consent)).toBe(true);
  });

  it('gives every custom merge tag of the demo templates and campaign a value', async () => {
    const templates = await t.db.selectFrom('email_templates').selectAll().execute();
    for (const template of templates) {
      // Each has an inbox preview of its own (decision 011), its tags with values too.
      expect(template.preheader).not.toBe('');
      const body = `${template.preheader}\n${template.html_content}`;
      expect(tagsWithoutValue(template.subject, body, template.variable_defaults)).toEqual([]);
    }
    const campaign = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('name', '=', 'Spring market update')
      .executeTakeFirstOrThrow();
    expect(campaign.preheader).not.toBe('');
    expect(
      tagsWithoutValue(
        campaign.subject,
        `${campaign.preheader}\n${campaign.html_content}`,
        campaign.variables,
      ),
    ).toEqual([]);
    expect(campaign.variables).toEqual({ valuation_url: 'https://watches.example.com/sell' });
  });

  it('builds every demo template from blocks, and each passes the e-mail checks (decision 054)', async () => {
    const templates = await t.db.selectFrom('email_templates').selectAll().orderBy('template_name').execute();
    expect(templates.map((row) => row.template_name)).toEqual([
      'Monthly market update',
      'Valuation reminder',
      'We are buying (summer)',
    ]);
    for (const template of templates) {
      expect(blockDocumentSchema.safeParse(template.blocks).success).toBe(true);
      // As a test e-mail renders it: the layout, the footer, the sample values.
      const { html, text } = renderTestEmail(testConfig(), {
        to: 'demo@example.com',
        subject: template.subject,
        preheader: template.preheader,
        html: template.html_content,
        samples: template.variable_defaults,
      });
      expect(await checkRenderedEmail({ html, text })).toEqual([]);
    }
  });
});
