import { rolesWith } from '#shared/auth/permissions.ts';
import { sql } from 'kysely';
import { enquiryFlowEntries } from '../automations/entry.ts';
import { locationBySlug } from '#shared/appointments/schemas.ts';
import type { EnquiryDetail, EnquiryOffer, OfferResponse, TimelineEntry } from '#shared/enquiries/schemas.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { DbExecutor } from '../db/database.ts';
import { enquirySummaries } from './inbox.ts';
import { attachmentsOf } from './unmatched.ts';

// One enquiry with everything that happened to it (decision 026). The timeline is assembled from
// the tables that record each kind of step rather than copied into one log, so a delivery event
// arriving from the provider webhook shows up without the webhook knowing about enquiries.

const OTHER_ENQUIRIES_LIMIT = 20;
const TIMELINE_EVENTS_LIMIT = 500;

const iso = (d: Date) => d.toISOString();

function offerDto(
  row: {
    id: string;
    amount_cents: number;
    valid_until: string | null;
    conditions: string | null;
    created_by_email: string | null;
    created_at: Date;
  },
  response: OfferResponse | null,
): EnquiryOffer {
  return {
    response,
    id: row.id,
    amountCents: Number(row.amount_cents),
    currency: 'AUD',
    validUntil: row.valid_until,
    conditions: row.conditions,
    createdByEmail: row.created_by_email,
    createdAt: iso(row.created_at),
  };
}

/** Delivery steps the timeline names; opens and clicks are left out as noise next to a reply. */
const EMAIL_EVENT_DETAIL = sql<string | null>`coalesce(
  payload #>> '{data,bounce,message}', payload #>> '{data,failed,reason}', payload #>> '{data,suppressed,message}')`;

export async function getEnquiry(db: DbExecutor, id: string): Promise<EnquiryDetail | null> {
  const [summary] = await enquirySummaries(db, [id]);
  if (!summary) return null;
  const enquiry = await db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.additional_details',
      'enquiries.utm_content',
      'enquiries.utm_term',
      'enquiries.email_consent_requested',
      'enquiries.sms_consent_requested',
      'enquiries.redacted_at',
      'enquiries.closed_at',
      'enquiries.purchase_price_cents',
      'leads.email_marketing_consent',
      'leads.sms_marketing_consent',
      'leads.email_consent_pending',
      'leads.sms_consent_pending',
      'leads.email_unsubscribed_at',
      'leads.suppressed_at',
    ])
    .where('enquiries.id', '=', id)
    .executeTakeFirstOrThrow();

  const [photos, others, events, offers, messages, emailEvents, incoming, responses, visits, kits] =
    await Promise.all([
      db
        .selectFrom('uploads')
        .select('id')
        .where('enquiry_id', '=', id)
        // The seller's order, then any added later (decision 026).
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('enquiries')
        .select(['id', 'watch_brand', 'watch_model', 'status', 'created_at'])
        .where('lead_id', '=', summary.contactId)
        .where('id', '<>', id)
        .orderBy('created_at', 'desc')
        .limit(OTHER_ENQUIRIES_LIMIT)
        .execute(),
      db
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
        .execute(),
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
      db
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
        .execute(),
      sql<{ message_id: string; type: string; at: Date; detail: string | null }>`
      SELECT m.id AS message_id, ev.type, coalesce(ev.occurred_at, ev.received_at) AS at, ${EMAIL_EVENT_DETAIL} AS detail
      FROM enquiry_messages m
      JOIN email_events ev ON ev.provider_message_id = m.provider_message_id
      WHERE m.enquiry_id = ${id} AND m.provider_message_id IS NOT NULL
        AND ev.type NOT IN ('email.opened', 'email.clicked')`.execute(db),
      db
        .selectFrom('enquiry_incoming_messages')
        .select(['id', 'source', 'from_email', 'from_name', 'subject', 'body_text', 'received_at', 'read_at'])
        .where('enquiry_id', '=', id)
        .orderBy('received_at')
        .limit(TIMELINE_EVENTS_LIMIT)
        .execute(),
      db
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
        .execute(),
      db
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
        .execute(),
      db
        .selectFrom('shipping_kit_requests')
        .leftJoin('users', 'users.id', 'shipping_kit_requests.dispatched_by')
        .select([
          'shipping_kit_requests.created_at',
          'shipping_kit_requests.dispatched_at',
          'shipping_kit_requests.withdrawn_at',
          'users.email',
        ])
        .where('shipping_kit_requests.enquiry_id', '=', id)
        .execute(),
    ]);
  const responseOf = new Map(
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

  const timeline: TimelineEntry[] = [{ kind: 'submitted', at: summary.createdAt }];
  for (const event of events) {
    const at = iso(event.created_at);
    if (event.kind === 'status' && event.to_status)
      timeline.push({
        kind: 'status',
        at,
        from: event.from_status,
        to: event.to_status,
        reason: event.reason,
        actor: event.actor_email,
      });
    else if (event.kind === 'note')
      timeline.push({ kind: 'note', at, body: event.body ?? '', actor: event.actor_email });
    else if (event.kind === 'assignment')
      timeline.push({
        kind: 'assignment',
        at,
        assigneeEmail: event.assignee_email,
        assigneeName: event.assignee_name,
        actor: event.actor_email,
      });
  }
  const offerDtos = offers.map((offer) => offerDto(offer, responseOf.get(offer.id) ?? null));
  for (const offer of offerDtos) {
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
  for (const message of messages)
    timeline.push({
      kind: 'email',
      at: iso(message.created_at),
      messageId: message.id,
      subject: message.subject,
      to: message.to_email,
      actor: message.sent_by_email,
      flow: message.flow_name,
    });
  for (const event of emailEvents.rows)
    timeline.push({
      kind: 'email_event',
      at: iso(event.at),
      messageId: event.message_id,
      type: event.type,
      detail: event.detail,
    });
  const attachments = await attachmentsOf(
    db,
    incoming.map((m) => m.id),
  );
  for (const message of incoming)
    timeline.push({
      kind: 'incoming',
      at: iso(message.received_at),
      messageId: message.id,
      source: message.source,
      from: message.from_name ?? message.from_email,
      subject: message.subject,
      body: message.body_text,
      read: message.read_at !== null,
      attachments: attachments.get(message.id) ?? [],
    });
  for (const entry of await enquiryFlowEntries(db, id)) timeline.push({ kind: 'flow', ...entry });
  // A visit's versions (decision 062): each row was booked (a later SEQUENCE by a move), a
  // cancelled one also ended, and a marked one says whether the seller came.
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
  // ISO strings of one format sort as time; the sort is stable, so same-instant steps keep the
  // order they were pushed in (a status change before the offer that caused it).
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  return {
    ...summary,
    additionalDetails: enquiry.additional_details,
    utmContent: enquiry.utm_content,
    utmTerm: enquiry.utm_term,
    emailConsentRequested: enquiry.email_consent_requested,
    smsConsentRequested: enquiry.sms_consent_requested,
    photoIds: photos.map((p) => p.id),
    redactedAt: enquiry.redacted_at?.toISOString() ?? null,
    closedAt: enquiry.closed_at?.toISOString() ?? null,
    purchasePriceCents: enquiry.purchase_price_cents,
    consent: {
      emailMarketingConsent: enquiry.email_marketing_consent,
      smsMarketingConsent: enquiry.sms_marketing_consent,
      emailConsentPending: enquiry.email_consent_pending,
      smsConsentPending: enquiry.sms_consent_pending,
      emailUnsubscribedAt: enquiry.email_unsubscribed_at?.toISOString() ?? null,
      suppressedAt: enquiry.suppressed_at?.toISOString() ?? null,
    },
    otherEnquiries: others.map((o) => ({
      id: o.id,
      reference: enquiryReference(o.id),
      watchBrand: o.watch_brand,
      watchModel: o.watch_model,
      status: o.status,
      createdAt: iso(o.created_at),
    })),
    offers: offerDtos,
    timeline,
  };
}

/**
 * Members who may work an enquiry, so it can be assigned to them (decision 027), by name with the
 * address for those without one (decision 057): named members first, then the rest by address.
 */
export async function listAssignableAdmins(
  db: DbExecutor,
): Promise<Array<{ id: string; email: string; name: string | null }>> {
  return db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('user_roles.role', 'in', rolesWith('enquiries.write'))
    .orderBy(sql`users.name IS NULL`)
    .orderBy(sql`lower(coalesce(users.name, users.email))`)
    .execute();
}
