import { iso } from '#shared/time/iso.ts';
import { rolesWith } from '#shared/auth/permissions.ts';
import { sql } from 'kysely';
import type { EnquiryDetail, TimelineEntry } from '#shared/enquiries/schemas.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { DbExecutor } from '../db/database.ts';
import { memberNames } from '../db/member-names.ts';
import { enquirySummaries } from './inbox.ts';
import {
  emailEventEntries,
  enquiryOffers,
  eventEntries,
  flowEntries,
  incomingEntries,
  kitEntries,
  offerEntries,
  sentEmailEntries,
  visitEntries,
} from './timeline.ts';

// One enquiry with everything that happened to it (decision 026): its facts, its photos, the
// seller's other enquiries, its offers and the timeline that timeline.ts assembles.

const OTHER_ENQUIRIES_LIMIT = 20;

function enquiryFacts(db: DbExecutor, id: string) {
  return db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.additional_details',
      'enquiries.utm_content',
      'enquiries.utm_term',
      'enquiries.referrer',
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
}

async function photoIds(db: DbExecutor, id: string): Promise<string[]> {
  const photos = await db
    .selectFrom('uploads')
    .select('id')
    .where('enquiry_id', '=', id)
    // The seller's order, then any added later (decision 026).
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return photos.map((p) => p.id);
}

async function otherEnquiries(
  db: DbExecutor,
  id: string,
  contactId: string,
): Promise<EnquiryDetail['otherEnquiries']> {
  const others = await db
    .selectFrom('enquiries')
    .select(['id', 'watch_brand', 'watch_model', 'status', 'created_at'])
    .where('lead_id', '=', contactId)
    .where('id', '<>', id)
    .orderBy('created_at', 'desc')
    .limit(OTHER_ENQUIRIES_LIMIT)
    .execute();
  return others.map((o) => ({
    id: o.id,
    reference: enquiryReference(o.id),
    watchBrand: o.watch_brand,
    watchModel: o.watch_model,
    status: o.status,
    createdAt: iso(o.created_at),
  }));
}

/**
 * The timeline from every source, in time order. ISO strings of one format sort as time; the sort
 * is stable, so same-instant steps keep the order of the sources here (a status change before the
 * offer that caused it).
 */
async function timelineOf(
  db: DbExecutor,
  id: string,
  submittedAt: string,
  offers: Promise<EnquiryDetail['offers']>,
): Promise<TimelineEntry[]> {
  const sources = await Promise.all([
    eventEntries(db, id),
    offers.then(offerEntries),
    sentEmailEntries(db, id),
    emailEventEntries(db, id),
    incomingEntries(db, id),
    flowEntries(db, id),
    visitEntries(db, id),
    kitEntries(db, id),
  ]);
  const timeline: TimelineEntry[] = [{ kind: 'submitted', at: submittedAt }, ...sources.flat()];
  return timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export async function getEnquiry(db: DbExecutor, id: string): Promise<EnquiryDetail | null> {
  const [summary] = await enquirySummaries(db, [id]);
  if (!summary) return null;
  // Every part is asked for at once and read by name once all have settled, so a second
  // failure is never left unhandled while the first is thrown.
  const offersOf = enquiryOffers(db, id);
  const part = {
    facts: enquiryFacts(db, id),
    photoIds: photoIds(db, id),
    others: otherEnquiries(db, id, summary.contactId),
    timeline: timelineOf(db, id, summary.createdAt, offersOf),
  };
  await Promise.allSettled([offersOf, ...Object.values(part)]);
  const enquiry = await part.facts;
  const [offers, timeline] = [await offersOf, await part.timeline];
  // Every member named by address on this page, resolved to a name once (decision 095).
  const people = await memberNames(db, [
    ...offers.map((o) => o.createdByEmail),
    ...timeline.map((e) => ('actor' in e ? e.actor : null)),
  ]);
  return {
    ...summary,
    additionalDetails: enquiry.additional_details,
    utmContent: enquiry.utm_content,
    utmTerm: enquiry.utm_term,
    referrer: enquiry.referrer,
    emailConsentRequested: enquiry.email_consent_requested,
    smsConsentRequested: enquiry.sms_consent_requested,
    photoIds: await part.photoIds,
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
    otherEnquiries: await part.others,
    offers,
    timeline,
    people,
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
