import { sql } from 'kysely';
import { locationBySlug } from '#shared/appointments/schemas.ts';
import type { EnquiryOffer, OfferResponse, TimelineEntry } from '#shared/enquiries/schemas.ts';
import { enquiryFlowEntries } from '../automations/entry.ts';
import { attachmentsOf } from '../conversation/entry.ts';
import type { DbExecutor } from '../db/database.ts';

// The enquiry's timeline, one function per table that records a kind of step (decision 026):
// the timeline is assembled from them rather than copied into one log, so a delivery event
// arriving from the provider webhook shows up without the webhook knowing about enquiries.

const TIMELINE_EVENTS_LIMIT = 500;

const iso = (d: Date) => d.toISOString();

/** Status changes, notes and assignments, from enquiry_events. */
export async function eventEntries(db: DbExecutor, id: string): Promise<TimelineEntry[]> {
  const events = await db
    .selectFrom('enquiry_events')
    .leftJoin('users', 'users.id', 'enquiry_events.assignee_id')
    .select([
      'enquiry_events.kind',
      'enquiry_events.from_status',
      'enquiry_events.to_status',
      'enquiry_events.reason',
      'enquiry_events.body',
      'enquiry_events.actor_email',
      'enquiry_events.created_at',
      'users.email as assignee_email',
      'users.name as assignee_name',
    ])
    .where('enquiry_events.enquiry_id', '=', id)
    .orderBy('enquiry_events.created_at')
    .limit(TIMELINE_EVENTS_LIMIT)
    .execute();
  return events.flatMap((event): TimelineEntry[] => {
    const at = iso(event.created_at);
    if (event.kind === 'status' && event.to_status)
      return [
        {
          kind: 'status',
          at,
          from: event.from_status,
          to: event.to_status,
          reason: event.reason,
          actor: event.actor_email,
        },
      ];
    if (event.kind === 'note')
      return [{ kind: 'note', at, body: event.body ?? '', actor: event.actor_email }];
    if (event.kind === 'assignment')
      return [
        {
          kind: 'assignment',
          at,
          assigneeEmail: event.assignee_email,
          assigneeName: event.assignee_name,
          actor: event.actor_email,
        },
      ];
    return [];
  });
}

async function offerResponses(db: DbExecutor, id: string): Promise<Map<string, OfferResponse>> {
  const responses = await db
    .selectFrom('offer_responses')
    .leftJoin('acceptance_certificates as c', 'c.offer_response_id', 'offer_responses.id')
    .select([
      'offer_responses.offer_id',
      'offer_responses.response',
      'offer_responses.typed_name',
      'offer_responses.reason',
      'offer_responses.terms_version',
      'offer_responses.ip',
      'offer_responses.user_agent',
      'offer_responses.responded_at',
      'c.id as certificate_id',
      'c.sha256 as certificate_sha256',
    ])
    .where('offer_responses.enquiry_id', '=', id)
    .execute();
  return new Map(
    responses.map((r): [string, OfferResponse] => [
      r.offer_id,
      {
        kind: r.response,
        typedName: r.typed_name,
        reason: r.reason,
        termsVersion: r.terms_version,
        ip: r.ip,
        userAgent: r.user_agent,
        at: iso(r.responded_at),
        certificate:
          r.certificate_id && r.certificate_sha256
            ? { id: r.certificate_id, sha256: r.certificate_sha256 }
            : null,
      },
    ]),
  );
}

/** The enquiry's offers, newest first, each with the seller's answer when there is one. */
export async function enquiryOffers(db: DbExecutor, id: string): Promise<EnquiryOffer[]> {
  const [offers, responseOf] = await Promise.all([
    db
      .selectFrom('enquiry_offers')
      .select([
        'id',
        'amount_cents',
        sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
        'conditions',
        'created_by_email',
        'created_at',
      ])
      .where('enquiry_id', '=', id)
      .orderBy('created_at', 'desc')
      .execute(),
    offerResponses(db, id),
  ]);
  return offers.map((row) => ({
    response: responseOf.get(row.id) ?? null,
    id: row.id,
    amountCents: Number(row.amount_cents),
    currency: 'AUD',
    validUntil: row.valid_until,
    conditions: row.conditions,
    createdByEmail: row.created_by_email,
    createdAt: iso(row.created_at),
  }));
}

/** Each offer, and the seller's answer to it. */
export function offerEntries(offers: readonly EnquiryOffer[]): TimelineEntry[] {
  const timeline: TimelineEntry[] = [];
  for (const offer of offers) {
    timeline.push({ kind: 'offer', at: offer.createdAt, offer });
    if (offer.response)
      timeline.push({
        kind: 'offer_response',
        at: offer.response.at,
        offerId: offer.id,
        response: offer.response.kind,
        typedName: offer.response.typedName,
        reason: offer.response.reason,
      });
  }
  return timeline;
}

/** The e-mails sent on the enquiry, by a member or by a flow. */
export async function sentEmailEntries(db: DbExecutor, id: string): Promise<TimelineEntry[]> {
  const messages = await db
    .selectFrom('enquiry_messages')
    .leftJoin('automation_flows', 'automation_flows.id', 'enquiry_messages.sent_by_flow_id')
    .select([
      'enquiry_messages.id',
      'enquiry_messages.subject',
      'enquiry_messages.to_email',
      'enquiry_messages.sent_by_email',
      'enquiry_messages.created_at',
      'enquiry_messages.provider_message_id',
      'automation_flows.name as flow_name',
    ])
    .where('enquiry_messages.enquiry_id', '=', id)
    .orderBy('enquiry_messages.created_at')
    .execute();
  return messages.map((message) => ({
    kind: 'email',
    at: iso(message.created_at),
    messageId: message.id,
    subject: message.subject,
    to: message.to_email,
    actor: message.sent_by_email,
    flow: message.flow_name,
  }));
}

/** Delivery steps the timeline names; opens and clicks are left out as noise next to a reply. */
const EMAIL_EVENT_DETAIL = sql<string | null>`coalesce(
  payload #>> '{data,bounce,message}', payload #>> '{data,failed,reason}', payload #>> '{data,suppressed,message}')`;

/** What the provider's webhook reported of those e-mails. */
export async function emailEventEntries(db: DbExecutor, id: string): Promise<TimelineEntry[]> {
  const events = await sql<{ message_id: string; type: string; at: Date; detail: string | null }>`
      SELECT m.id AS message_id, ev.type, coalesce(ev.occurred_at, ev.received_at) AS at, ${EMAIL_EVENT_DETAIL} AS detail
      FROM enquiry_messages m
      JOIN email_events ev ON ev.provider_message_id = m.provider_message_id
      WHERE m.enquiry_id = ${id} AND m.provider_message_id IS NOT NULL
        AND ev.type NOT IN ('email.opened', 'email.clicked')`.execute(db);
  return events.rows.map((event) => ({
    kind: 'email_event',
    at: iso(event.at),
    messageId: event.message_id,
    type: event.type,
    detail: event.detail,
  }));
}

/** The seller's messages, by mail or from their page, with their attachments (decision 060). */
export async function incomingEntries(db: DbExecutor, id: string): Promise<TimelineEntry[]> {
  const incoming = await db
    .selectFrom('enquiry_incoming_messages')
    .select(['id', 'source', 'from_email', 'from_name', 'subject', 'body_text', 'received_at', 'read_at'])
    .where('enquiry_id', '=', id)
    .orderBy('received_at')
    .limit(TIMELINE_EVENTS_LIMIT)
    .execute();
  const attachments = await attachmentsOf(
    db,
    incoming.map((m) => m.id),
  );
  return incoming.map((message) => ({
    kind: 'incoming',
    at: iso(message.received_at),
    messageId: message.id,
    source: message.source,
    from: message.from_name ?? message.from_email,
    subject: message.subject,
    body: message.body_text,
    read: message.read_at !== null,
    attachments: attachments.get(message.id) ?? [],
  }));
}

/** The steps automation flows took on the enquiry (decision 066). */
export async function flowEntries(db: DbExecutor, id: string): Promise<TimelineEntry[]> {
  return (await enquiryFlowEntries(db, id)).map((entry) => ({ kind: 'flow', ...entry }));
}

/**
 * A visit's versions (decision 062): each row was booked (a later SEQUENCE by a move), a cancelled
 * one also ended, and a marked one says whether the seller came.
 */
export async function visitEntries(db: DbExecutor, id: string): Promise<TimelineEntry[]> {
  const visits = await db
    .selectFrom('appointments')
    .leftJoin('users', 'users.id', 'appointments.outcome_by')
    .select([
      'appointments.location',
      'appointments.starts_at',
      'appointments.state',
      'appointments.ics_sequence',
      'appointments.cancelled_with_status',
      'appointments.created_at',
      'appointments.updated_at',
      'appointments.outcome_at',
      'users.email as outcome_by_email',
    ])
    .where('appointments.enquiry_id', '=', id)
    .orderBy('appointments.created_at')
    .execute();
  const timeline: TimelineEntry[] = [];
  for (const visit of visits) {
    const city = locationBySlug(visit.location)?.city ?? visit.location;
    const startsAt = iso(visit.starts_at);
    // A cancellation bumped the row's SEQUENCE once more; the booking had the one before.
    const bookedSequence = visit.state === 'cancelled' ? visit.ics_sequence - 1 : visit.ics_sequence;
    const action = bookedSequence > 0 ? 'rescheduled' : 'booked';
    timeline.push({
      kind: 'appointment',
      at: iso(visit.created_at),
      action,
      startsAt,
      city,
      withStatus: null,
      actor: null,
    });
    if (visit.state === 'cancelled')
      timeline.push({
        kind: 'appointment',
        at: iso(visit.updated_at),
        action: 'cancelled',
        startsAt,
        city,
        // Cancelled with the enquiry's status change rather than by the seller (decision 062).
        withStatus: visit.cancelled_with_status,
        actor: null,
      });
    // What a member recorded of the visit once it began, and who (decision 062).
    if ((visit.state === 'attended' || visit.state === 'no_show') && visit.outcome_at)
      timeline.push({
        kind: 'appointment',
        at: iso(visit.outcome_at),
        action: visit.state,
        startsAt,
        city,
        withStatus: null,
        actor: visit.outcome_by_email,
      });
  }
  return timeline;
}

/** The insured shipping kit: asked for, posted, withdrawn with the enquiry (decision 062). */
export async function kitEntries(db: DbExecutor, id: string): Promise<TimelineEntry[]> {
  const kits = await db
    .selectFrom('shipping_kit_requests')
    .leftJoin('users', 'users.id', 'shipping_kit_requests.dispatched_by')
    .select([
      'shipping_kit_requests.created_at',
      'shipping_kit_requests.dispatched_at',
      'shipping_kit_requests.withdrawn_at',
      'users.email',
    ])
    .where('shipping_kit_requests.enquiry_id', '=', id)
    .execute();
  const timeline: TimelineEntry[] = [];
  for (const kit of kits) {
    timeline.push({ kind: 'shipping_kit', at: iso(kit.created_at), action: 'requested', actor: null });
    if (kit.dispatched_at)
      timeline.push({
        kind: 'shipping_kit',
        at: iso(kit.dispatched_at),
        action: 'dispatched',
        actor: kit.email,
      });
    if (kit.withdrawn_at)
      timeline.push({ kind: 'shipping_kit', at: iso(kit.withdrawn_at), action: 'withdrawn', actor: null });
  }
  return timeline;
}
