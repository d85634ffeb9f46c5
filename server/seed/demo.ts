import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoContact {
  email: string;
  full_name: string;
  phone: string;
  email_consent: boolean;
  sms: boolean;
  /** Asked for e-mail marketing on the sell form, not confirmed yet (decision 016). */
  pending?: boolean;
}

const demoContacts: readonly DemoContact[] = [
  {
    email: 'olivia.nguyen@example.com',
    full_name: 'Olivia Nguyen',
    phone: '0491 570 006',
    email_consent: true,
    sms: true,
  },
  {
    email: 'james.wilson@example.com',
    full_name: 'James Wilson',
    phone: '0491 570 156',
    email_consent: true,
    sms: false,
  },
  {
    email: 'charlotte.smith@example.com',
    full_name: 'Charlotte Smith',
    phone: '0491 570 157',
    email_consent: true,
    sms: true,
  },
  {
    email: 'liam.brown@example.com',
    full_name: 'Liam Brown',
    phone: '0491 570 158',
    email_consent: true,
    sms: false,
  },
  {
    email: 'amelia.jones@example.com',
    full_name: 'Amelia Jones',
    phone: '0491 570 159',
    email_consent: true,
    sms: false,
  },
  {
    email: 'noah.taylor@example.com',
    full_name: 'Noah Taylor',
    phone: '0491 570 110',
    email_consent: true,
    sms: true,
  },
  {
    email: 'isla.martin@example.com',
    full_name: 'Isla Martin',
    phone: '0491 570 313',
    email_consent: true,
    sms: false,
  },
  {
    email: 'william.lee@example.com',
    full_name: "William O'Connor-Lee",
    phone: '0491 570 737',
    email_consent: true,
    sms: false,
  },
  {
    email: 'mia.white@example.com',
    full_name: 'Mia White',
    phone: '0491 570 801',
    email_consent: false,
    sms: false,
    // Ticked the box on the sell form but has not opened the confirmation link yet.
    pending: true,
  },
  {
    email: 'jack.harris@example.com',
    full_name: 'Jack Harris',
    phone: '0491 570 802',
    email_consent: true,
    sms: false,
  },
  {
    email: 'grace.clarke@example.com',
    full_name: 'Grace Clarke',
    phone: '0491 570 803',
    email_consent: true,
    sms: true,
  },
  {
    email: 'thomas.walker@example.com',
    full_name: 'Thomas Walker',
    phone: '0491 570 804',
    email_consent: false,
    sms: false,
  },
];

const newsletterHtml = `<!doctype html>
<html>
<body style="font-family: Georgia, serif; color: #1a1a1a; max-width: 600px; margin: 0 auto;">
  <h1 style="font-size: 24px;">Hello {{first_name}},</h1>
  <p>Demand for steel sports models from Rolex, Patek Philippe and Audemars Piguet remains strong this season.
  If you have been thinking about selling, now is a good time to request a free, no-obligation valuation.</p>
  <p><a href="{{valuation_url}}">Get your free valuation</a></p>
  <p style="font-size: 12px; color: #666;"><a href="{{unsubscribe_url}}">Unsubscribe</a> or <a href="{{preferences_url}}">manage your preferences</a>.</p>
</body>
</html>`;

const reminderHtml = `<!doctype html>
<html>
<body style="font-family: Georgia, serif; color: #1a1a1a; max-width: 600px; margin: 0 auto;">
  <h1 style="font-size: 24px;">Your valuation is waiting, {{first_name}}</h1>
  <p>Thanks for telling us about your {{watch_brand}}. Reply to this e-mail or book a time to bring it in for
  authentication by our watchmakers. Payment is by bank transfer once your watch is authenticated.</p>
  <p style="font-size: 12px; color: #666;"><a href="{{unsubscribe_url}}">Unsubscribe</a></p>
</body>
</html>`;

/** True when the database holds no business data yet (fresh install). */
export async function databaseIsEmpty(db: Database): Promise<boolean> {
  const row = await sql<{ empty: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM leads) AND NOT EXISTS (SELECT 1 FROM email_campaigns) AS empty`.execute(
    db,
  );
  return row.rows[0]?.empty ?? false;
}

/**
 * Demo data for a fresh install: contacts, two templates, one completed campaign with sends whose
 * counters agree with its rows, and some unsubscribe activity. Does nothing on a non-empty database.
 */
export async function seedDemoData(
  db: Database,
  { appUrl, now = new Date() }: { appUrl: string; now?: Date },
): Promise<{ seeded: boolean }> {
  // The custom tags' values (docs/decisions/011-merge-variables.md): the templates keep them as
  // defaults, and the demo campaign carries what it was sent with.
  const newsletterValues = { valuation_url: `${appUrl}/sell` };
  const reminderValues = { watch_brand: 'watch' };
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

    const [firstTemplate] = await trx
      .insertInto('email_templates')
      .values([
        {
          template_name: 'Monthly market update',
          subject: 'What your watch could be worth this month',
          description: 'Newsletter with market notes and a valuation call to action',
          html_content: newsletterHtml,
          variables: ['first_name', 'valuation_url', 'unsubscribe_url', 'preferences_url'],
          variable_defaults: newsletterValues,
        },
        {
          template_name: 'Valuation reminder',
          subject: 'Your watch valuation is waiting',
          description: 'Follow-up for sellers who have not booked an inspection',
          html_content: reminderHtml,
          variables: ['first_name', 'watch_brand', 'unsubscribe_url'],
          variable_defaults: reminderValues,
        },
      ])
      .returning('id')
      .execute();

    // The completed campaign went to the first eight consenting contacts.
    const recipients = contacts.slice(0, 8);
    const sentAt = new Date(now.getTime() - 10 * DAY);
    const outcomes = [
      'opened',
      'clicked',
      'delivered',
      'opened',
      'bounced',
      'delivered',
      'clicked',
      'delivered',
    ] as const;
    const delivered = outcomes.filter((o) => o !== 'bounced').length;
    const opened = outcomes.filter((o) => o === 'opened' || o === 'clicked').length;
    const clicked = outcomes.filter((o) => o === 'clicked').length;
    const bounced = outcomes.filter((o) => o === 'bounced').length;
    const round1 = (n: number) => Math.round(n * 10) / 10;
    const campaign = await trx
      .insertInto('email_campaigns')
      .values({
        name: 'Spring market update',
        subject: 'What your watch could be worth this spring',
        html_content: newsletterHtml,
        variables: newsletterValues,
        status: 'completed',
        template_id: firstTemplate?.id ?? null,
        total_recipients: recipients.length,
        sent_count: recipients.length,
        delivered_count: delivered,
        bounce_count: bounced,
        open_count: opened,
        click_count: clicked,
        open_rate: round1((opened / delivered) * 100),
        click_rate: round1((clicked / delivered) * 100),
        bounce_rate: round1((bounced / recipients.length) * 100),
        started_at: sentAt,
        completed_at: new Date(sentAt.getTime() + 60_000),
        created_at: new Date(sentAt.getTime() - DAY),
        updated_at: new Date(sentAt.getTime() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('email_sends')
      .values(
        recipients.map((contact, i) => {
          const outcome = outcomes[i] ?? 'delivered';
          const at = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);
          return {
            campaign_id: campaign.id,
            lead_id: contact.id,
            recipient_email: contact.email,
            status: outcome === 'bounced' ? ('bounced' as const) : ('delivered' as const),
            provider_message_id: `demo-${campaign.id}-${i}`,
            attempts: 1,
            sent_at: at(1),
            delivered_at: outcome === 'bounced' ? null : at(2),
            opened_at: outcome === 'opened' || outcome === 'clicked' ? at(90) : null,
            clicked_at: outcome === 'clicked' ? at(95) : null,
            bounced_at: outcome === 'bounced' ? at(2) : null,
            bounce_type: outcome === 'bounced' ? 'Transient' : null,
            bounce_message: outcome === 'bounced' ? 'Mailbox full' : null,
          };
        }),
      )
      .execute();

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
