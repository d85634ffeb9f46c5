import { sql } from 'kysely';
import { campaignRates } from '#shared/campaigns/figures.ts';
import type { BlockDocument } from '#shared/templates/blocks.ts';
import type { Database } from '../db/database.ts';
import { renderBlocksBody } from '../email/layout/blocks.ts';

const DAY = 24 * 60 * 60 * 1000;

type DemoEventType = 'email.delivered' | 'email.opened' | 'email.clicked' | 'email.bounced';

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

/*
 * The demo templates are built from blocks (decision 054), stored with the HTML the one renderer
 * makes of them, as the block editor saves them. Photos are the site's own (client/public/assets,
 * the home page's recent purchases), as JPEG, which every mail client shows. No prices and no
 * promises the site does not make (public-site.md): a free valuation, authentication, bank transfer.
 */
function newsletterBlocks(appUrl: string): BlockDocument {
  return {
    version: 1,
    blocks: [
      { type: 'heading', text: 'Hello {{first_name}},', level: 1 },
      {
        type: 'richText',
        html: '<p>Demand for steel sports models from <strong>Rolex</strong>, <strong>Patek Philippe</strong> and <strong>Audemars Piguet</strong> remains strong this season.</p><p>If you have been thinking about selling, now is a good time to request a free, no-obligation valuation.</p>',
      },
      {
        type: 'columns',
        left: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-2.jpg`,
            alt: 'Patek Philippe Nautilus with blue dial',
            brand: 'Patek Philippe',
            model: 'Nautilus',
            text: 'Steel references with box and papers are most sought after.',
          },
        ],
        right: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-3.jpg`,
            alt: 'Audemars Piguet Royal Oak in stainless steel',
            brand: 'Audemars Piguet',
            model: 'Royal Oak',
            text: 'Integrated-bracelet designs continue to draw collectors.',
          },
        ],
      },
      { type: 'button', label: 'Get your free valuation', url: '{{valuation_url}}' },
      { type: 'footer' },
    ],
  };
}

const reminderBlocks: BlockDocument = {
  version: 1,
  blocks: [
    { type: 'heading', text: 'Your valuation is waiting, {{first_name}}', level: 1 },
    {
      type: 'richText',
      html: '<p>Thanks for telling us about your {{watch_brand}}. Reply to this e-mail or book a time to bring it in for authentication by our watchmakers.</p><p>Payment is by bank transfer once your watch is authenticated.</p>',
    },
    { type: 'divider' },
    {
      type: 'richText',
      html: '<ul><li>A free, no-obligation valuation</li><li>Authentication by our watchmakers</li><li>Payment by bank transfer</li></ul>',
    },
    { type: 'footer' },
  ],
};

function seasonalBlocks(appUrl: string): BlockDocument {
  return {
    version: 1,
    blocks: [
      {
        type: 'image',
        url: `${appUrl}/assets/recent/recent-1.jpg`,
        alt: 'Rolex Submariner Date with black dial on an Oyster bracelet',
        href: `${appUrl}/sell`,
      },
      { type: 'heading', text: 'This summer, we are buying', level: 1 },
      {
        type: 'richText',
        html: '<p>Dear {{first_name}},</p><p>Before the year ends, we are looking for fine watches from private owners across Australia: Rolex, Patek Philippe, Audemars Piguet, Omega, Cartier and other leading houses, in any condition, with or without box and papers.</p>',
      },
      { type: 'button', label: 'Request a valuation', url: `${appUrl}/sell` },
      { type: 'spacer', size: 16 },
      {
        type: 'columns',
        left: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-4.jpg`,
            alt: 'Rolex Cosmograph Daytona with white dial',
            brand: 'Rolex',
            model: 'Cosmograph Daytona',
            text: 'Steel and precious-metal references, any year.',
          },
        ],
        right: [
          {
            type: 'watch',
            url: `${appUrl}/assets/recent/recent-6.jpg`,
            alt: 'Omega Speedmaster Professional Moonwatch',
            brand: 'Omega',
            model: 'Speedmaster Professional',
            text: 'Vintage and modern Moonwatches alike.',
          },
        ],
      },
      { type: 'divider' },
      {
        type: 'richText',
        html: '<p>Tell us about your watch online and we will reply with a free, no-obligation valuation. Every watch is authenticated by our watchmakers, and payment is by bank transfer.</p>',
      },
      { type: 'footer' },
    ],
  };
}

/** True when the database holds no business data yet (fresh install). */
const DEMO_PREHEADER = 'Steel sports models are in demand: see what yours could fetch, {{first_name}}';

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

    const [firstTemplate] = await trx
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

    // The completed campaign went to the first eight consenting contacts. Its figures come from
    // the provider's events, as they would in production: the events are written, each send's
    // timestamps are the earliest of its events (an open implies delivery, a click an open), and
    // the counters count the sends (decision 052). So the header, the chart (sends), the link
    // report and the readers' opens (events) and the list and dashboard (counters) agree.
    const recipients = contacts.slice(0, 8);
    const sentAt = new Date(now.getTime() - 10 * DAY);
    const at = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);
    const valuationUrl = newsletterValues.valuation_url;
    type DemoEvent = { type: DemoEventType; at: Date; link?: string };
    const delivered = { type: 'email.delivered', at: at(2) } as const;
    const readerOpen = { type: 'email.opened', at: at(90) } as const;
    const click = (minutes: number) =>
      ({ type: 'email.clicked', at: at(minutes), link: valuationUrl }) as const;
    const histories: readonly (readonly DemoEvent[])[] = [
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
    ];
    const sendRows = recipients.map((contact, i) => {
      const events: readonly DemoEvent[] = histories[i] ?? [delivered];
      const first = (...types: DemoEventType[]) =>
        events
          .filter((e) => types.includes(e.type))
          .reduce<Date | null>((min, e) => (min && min <= e.at ? min : e.at), null);
      const bouncedAt = first('email.bounced');
      return {
        contact,
        events,
        deliveredAt: first('email.delivered', 'email.opened', 'email.clicked'),
        openedAt: first('email.opened', 'email.clicked'),
        clickedAt: first('email.clicked'),
        bouncedAt,
      };
    });
    const count = (key: 'deliveredAt' | 'openedAt' | 'clickedAt' | 'bouncedAt') =>
      sendRows.filter((row) => row[key] !== null).length;
    const counts = {
      sent: recipients.length,
      delivered: count('deliveredAt'),
      opened: count('openedAt'),
      clicked: count('clickedAt'),
      bounced: count('bouncedAt'),
    };
    const rates = campaignRates(counts);
    const campaign = await trx
      .insertInto('email_campaigns')
      .values({
        name: 'Spring market update',
        subject: 'What your watch could be worth this spring',
        preheader: DEMO_PREHEADER,
        html_content: newsletterHtml,
        variables: newsletterValues,
        status: 'completed',
        template_id: firstTemplate?.id ?? null,
        total_recipients: recipients.length,
        sent_count: counts.sent,
        delivered_count: counts.delivered,
        bounce_count: counts.bounced,
        open_count: counts.opened,
        click_count: counts.clicked,
        open_rate: rates.openRate,
        click_rate: rates.clickRate,
        bounce_rate: rates.bounceRate,
        started_at: sentAt,
        completed_at: new Date(sentAt.getTime() + 60_000),
        created_at: new Date(sentAt.getTime() - DAY),
        updated_at: new Date(sentAt.getTime() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const sends = await trx
      .insertInto('email_sends')
      .values(
        sendRows.map((row, i) => ({
          campaign_id: campaign.id,
          lead_id: row.contact.id,
          recipient_email: row.contact.email,
          status: row.bouncedAt ? ('bounced' as const) : ('delivered' as const),
          provider_message_id: `demo-${campaign.id}-${i}`,
          attempts: 1,
          sent_at: at(1),
          delivered_at: row.deliveredAt,
          opened_at: row.openedAt,
          clicked_at: row.clickedAt,
          bounced_at: row.bouncedAt,
          bounce_type: row.bouncedAt ? 'Transient' : null,
          bounce_message: row.bouncedAt ? 'Mailbox full' : null,
        })),
      )
      .returning(['id', 'provider_message_id'])
      .execute();
    // Stored as the webhook stores Resend's events (decision 007), so the link report and the
    // machine-open rule read them as they read real ones.
    await trx
      .insertInto('email_events')
      .values(
        sendRows.flatMap((row, i) => {
          const send = sends[i];
          if (!send?.provider_message_id) return [];
          const messageId = send.provider_message_id;
          return row.events.map((event, n) => ({
            provider_event_id: `demo-${messageId}-${n}`,
            type: event.type,
            provider_message_id: messageId,
            send_id: send.id,
            occurred_at: event.at,
            payload: JSON.stringify({
              type: event.type,
              created_at: event.at.toISOString(),
              data: {
                email_id: messageId,
                created_at: at(1).toISOString(),
                to: [row.contact.email],
                ...(event.type === 'email.bounced'
                  ? { bounce: { type: 'Transient', message: 'Mailbox full' } }
                  : {}),
                ...(event.link ? { click: { link: event.link, timestamp: event.at.toISOString() } } : {}),
              },
            }),
          }));
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
