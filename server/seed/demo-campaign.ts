import { campaignRates } from '#shared/campaigns/figures.ts';
import type { DbTransaction } from '../db/database.ts';
import type { DemoEventType } from './demo-content.ts';

// One completed demo campaign whose counters, send rows and provider events agree: the events are
// written as the webhook stores Resend's (decision 007), each send's timestamps are the earliest of
// its events (an open implies delivery, a click an open), and the counters count the sends
// (decision 052). So the header, the chart (sends), the link report and the readers' opens
// (events) and the list and dashboard (counters) agree.

export interface DemoEvent {
  type: DemoEventType;
  at: Date;
  link?: string;
}

export interface DemoCampaignSpec {
  name: string;
  subject: string;
  preheader: string;
  html: string;
  variables: Record<string, string>;
  templateId: string | null;
  sentAt: Date;
  /** One recipient per history, in order. */
  recipients: readonly { id: string; email: string }[];
  histories: readonly (readonly DemoEvent[])[];
}

const DAY = 24 * 60 * 60 * 1000;

export async function insertDemoCampaign(
  trx: DbTransaction,
  spec: DemoCampaignSpec,
): Promise<{ id: string }> {
  const { sentAt } = spec;
  const sendAt = new Date(sentAt.getTime() + 60_000);
  const sendRows = spec.recipients.map((contact, i) => {
    const events = spec.histories[i] ?? [];
    const first = (...types: DemoEventType[]) =>
      events
        .filter((e) => types.includes(e.type))
        .reduce<Date | null>((min, e) => (min && min <= e.at ? min : e.at), null);
    return {
      contact,
      events,
      deliveredAt: first('email.delivered', 'email.opened', 'email.clicked'),
      openedAt: first('email.opened', 'email.clicked'),
      clickedAt: first('email.clicked'),
      bouncedAt: first('email.bounced'),
    };
  });
  const count = (key: 'deliveredAt' | 'openedAt' | 'clickedAt' | 'bouncedAt') =>
    sendRows.filter((row) => row[key] !== null).length;
  const counts = {
    sent: sendRows.length,
    delivered: count('deliveredAt'),
    opened: count('openedAt'),
    clicked: count('clickedAt'),
    bounced: count('bouncedAt'),
  };
  const rates = campaignRates(counts);
  const campaign = await trx
    .insertInto('email_campaigns')
    .values({
      name: spec.name,
      subject: spec.subject,
      preheader: spec.preheader,
      html_content: spec.html,
      variables: spec.variables,
      status: 'completed',
      template_id: spec.templateId,
      total_recipients: sendRows.length,
      sent_count: counts.sent,
      delivered_count: counts.delivered,
      bounce_count: counts.bounced,
      open_count: counts.opened,
      click_count: counts.clicked,
      open_rate: rates.openRate,
      click_rate: rates.clickRate,
      bounce_rate: rates.bounceRate,
      started_at: sentAt,
      completed_at: sendAt,
      created_at: new Date(sentAt.getTime() - DAY),
      updated_at: sendAt,
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
        sent_at: sendAt,
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
  const events = sendRows.flatMap((row, i) => {
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
          created_at: sendAt.toISOString(),
          to: [row.contact.email],
          ...(event.type === 'email.bounced'
            ? { bounce: { type: 'Transient', message: 'Mailbox full' } }
            : {}),
          ...(event.link ? { click: { link: event.link, timestamp: event.at.toISOString() } } : {}),
        },
      }),
    }));
  });
  if (events.length > 0) await trx.insertInto('email_events').values(events).execute();
  return campaign;
}
