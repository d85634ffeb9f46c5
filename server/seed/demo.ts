import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { renderBlocksBody } from '../email/layout/blocks.ts';
import { insertDemoCampaign } from './demo-campaign.ts';
import {
  DEMO_PREHEADER,
  demoContacts,
  newsletterBlocks,
  reminderBlocks,
  seasonalBlocks,
} from './demo-content.ts';
import { seedDemoEnquiries } from './demo-enquiries.ts';

const DAY = 24 * 60 * 60 * 1000;

export async function databaseIsEmpty(db: Database): Promise<boolean> {
  const row = await sql<{ empty: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM leads) AND NOT EXISTS (SELECT 1 FROM email_campaigns) AS empty`.execute(
    db,
  );
  return row.rows[0]?.empty ?? false;
}

/**
 * Demo data for a fresh install: contacts, two templates, one completed campaign whose counters,
 * send rows and provider events agree, and some unsubscribe activity. Does nothing on a non-empty database.
 */
export async function seedDemoData(
  db: Database,
  { appUrl, now = new Date() }: { appUrl: string; now?: Date },
): Promise<{ seeded: boolean }> {
  // The custom tags' values (docs/decisions/011-merge-variables.md): the templates keep them as
  // defaults, and the demo campaign carries what it was sent with.
  const newsletterValues = { valuation_url: `${appUrl}/sell` };
  const reminderValues = { watch_brand: 'watch' };
  const site = { url: appUrl };
  const newsletter = newsletterBlocks(appUrl);
  const seasonal = seasonalBlocks(appUrl);
  const newsletterHtml = renderBlocksBody(site, newsletter);
  return db.transaction().execute(async (trx) => {
    // Serialise concurrent seeders (server and worker starting together).
    await sql`SELECT pg_advisory_xact_lock(hashtext('watch-platform:seed'))`.execute(trx);
    const hasData = await sql<{ has: boolean }>`
      SELECT EXISTS (SELECT 1 FROM leads) OR EXISTS (SELECT 1 FROM email_campaigns) AS has`.execute(trx);
    if (hasData.rows[0]?.has) return { seeded: false };

    const contacts = await trx
      .insertInto('leads')
      .values(
        demoContacts.map((c, i) => {
          const created = new Date(now.getTime() - (40 - i * 3) * DAY);
          return {
            email: c.email,
            full_name: c.full_name,
            phone: c.phone,
            email_marketing_consent: c.email_consent,
            sms_marketing_consent: c.sms,
            consent_at: c.email_consent || c.sms ? created : null,
            consent_source: c.email_consent || c.sms ? 'sell_form_confirmed' : null,
            email_consent_pending: c.pending ?? false,
            consent_requested_at: c.pending ? created : null,
            created_at: created,
            updated_at: created,
          };
        }),
      )
      .returning(['id', 'email', 'created_at'])
      .execute();

    const templates = await trx
      .insertInto('email_templates')
      .values([
        {
          template_name: 'Monthly market update',
          subject: 'What your watch could be worth this month',
          // The inbox preview (decision 011); without it the list shows "Hello Olivia, Demand for…".
          preheader: DEMO_PREHEADER,
          description: 'Newsletter with market notes and a valuation call to action',
          html_content: newsletterHtml,
          blocks: JSON.stringify(newsletter),
          variables: ['first_name', 'valuation_url'],
          variable_defaults: newsletterValues,
        },
        {
          template_name: 'Valuation reminder',
          subject: 'Your watch valuation is waiting',
          preheader: '{{first_name}}, book a free inspection for your {{watch_brand}}',
          description: 'Follow-up for sellers who have not booked an inspection',
          html_content: renderBlocksBody(site, reminderBlocks),
          blocks: JSON.stringify(reminderBlocks),
          variables: ['first_name', 'watch_brand'],
          variable_defaults: reminderValues,
        },
        {
          template_name: 'We are buying (summer)',
          subject: 'This summer, we are buying fine watches',
          preheader: '{{first_name}}, a free valuation before the year ends',
          description: 'Seasonal campaign: the watches we are looking for, and a valuation call to action',
          html_content: renderBlocksBody(site, seasonal),
          blocks: JSON.stringify(seasonal),
          variables: ['first_name'],
          variable_defaults: {},
        },
      ])
      .returning('id')
      .execute();

    // The spring campaign went to the first eight consenting contacts ten days ago, the summer one
    // to the first six twenty days ago; their clickers' enquiries are in demo-enquiries.ts.
    const recipients = contacts.slice(0, 8);
    const sentAt = new Date(now.getTime() - 10 * DAY);
    const at = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);
    const valuationUrl = newsletterValues.valuation_url;
    const delivered = { type: 'email.delivered', at: at(2) } as const;
    const readerOpen = { type: 'email.opened', at: at(90) } as const;
    const click = (minutes: number) =>
      ({ type: 'email.clicked', at: at(minutes), link: valuationUrl }) as const;
    const campaign = await insertDemoCampaign(trx, {
      name: 'Spring market update',
      subject: 'What your watch could be worth this spring',
      preheader: DEMO_PREHEADER,
      html: newsletterHtml,
      variables: newsletterValues,
      templateId: templates[0]?.id ?? null,
      sentAt,
      recipients,
      histories: [
        [delivered, readerOpen],
        // Clicked the valuation link twice: one click (one clicker), two total clicks on the link.
        [delivered, readerOpen, click(95), click(300)],
        [delivered],
        // Opened 4 seconds after delivery and never again: a machine open (decision 025), e.g. Apple
        // Mail Privacy Protection fetching the images as the message arrived.
        [delivered, { type: 'email.opened', at: new Date(at(2).getTime() + 4_000) }],
        [{ type: 'email.bounced', at: at(2) }],
        [delivered],
        [delivered, readerOpen, click(95)],
        [delivered],
      ],
    });
    const summerAt = new Date(now.getTime() - 20 * DAY);
    const summer = (minutes: number) => new Date(summerAt.getTime() + minutes * 60_000);
    const summerUrl = `${appUrl}/sell`;
    const summerDelivered = { type: 'email.delivered', at: summer(2) } as const;
    const summerClick = (minutes: number) =>
      [
        { type: 'email.opened', at: summer(minutes - 5) },
        { type: 'email.clicked', at: summer(minutes), link: summerUrl },
      ] as const;
    const summerCampaign = await insertDemoCampaign(trx, {
      name: 'This summer, we are buying',
      subject: 'This summer, we are buying fine watches',
      preheader: '{{first_name}}, a free valuation before the year ends',
      html: renderBlocksBody(site, seasonal),
      variables: {},
      templateId: templates[2]?.id ?? null,
      sentAt: summerAt,
      recipients: contacts.slice(0, 6),
      histories: [
        [summerDelivered, ...summerClick(60)],
        [summerDelivered],
        [summerDelivered, { type: 'email.opened', at: summer(240) }],
        [summerDelivered, ...summerClick(600)],
        [summerDelivered],
        [summerDelivered],
      ],
    });
    await seedDemoEnquiries(trx, {
      now,
      contacts,
      campaigns: {
        spring: { id: campaign.id, sentAt },
        summer: { id: summerCampaign.id, sentAt: summerAt },
      },
    });
    // Two contacts unsubscribed after the campaign: one by one-click, one on the preferences page.
    const unsubscribed = [
      { contact: contacts[9], method: 'one_click' as const, reason: null, daysAgo: 8, ip: '203.0.113.24' },
      {
        contact: contacts[11],
        method: 'manual' as const,
        reason: 'Too many e-mails',
        daysAgo: 2,
        ip: '198.51.100.7',
      },
    ];
    for (const u of unsubscribed) {
      if (!u.contact) continue;
      const at = new Date(now.getTime() - u.daysAgo * DAY);
      await trx
        .updateTable('leads')
        .set({
          email_marketing_consent: false,
          email_unsubscribed_at: at,
          unsubscribe_reason: u.reason,
          updated_at: at,
        })
        .where('id', '=', u.contact.id)
        .execute();
      await trx
        .insertInto('unsubscribe_logs')
        .values({
          email: u.contact.email,
          action: 'email_unsubscribe',
          method: u.method,
          ip_address: u.ip,
          user_agent:
            u.method === 'one_click'
              ? 'Mozilla/5.0 (compatible; GoogleImageProxy)'
              : 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
          lead_id: u.contact.id,
          campaign_id: u.method === 'one_click' ? campaign.id : null,
          reason: u.reason,
          created_at: at,
        })
        .execute();
    }
    const smsOptOut = contacts[2];
    if (smsOptOut) {
      const at = new Date(now.getTime() - 5 * DAY);
      await trx
        .updateTable('leads')
        .set({ sms_marketing_consent: false, sms_unsubscribed_at: at })
        .where('id', '=', smsOptOut.id)
        .execute();
      await trx
        .insertInto('unsubscribe_logs')
        .values({
          email: smsOptOut.email,
          action: 'sms_unsubscribe',
          method: 'manual',
          ip_address: null,
          user_agent: null,
          lead_id: smsOptOut.id,
          created_at: at,
        })
        .execute();
    }
    return { seeded: true };
  });
}
