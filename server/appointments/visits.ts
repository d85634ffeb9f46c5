import { sql } from 'kysely';
import { locationBySlug } from '#shared/appointments/schemas.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import {
  appointmentEmail,
  type AppointmentEmailKind,
  teamNoticeEmail,
  type TeamNoticeInput,
} from './appointment-emails.ts';
import { issueSellerLink } from '../seller-link/entry.ts';

// The rows and e-mails every change of a seller's visit or kit goes through (decision 062).

export type MailServices = Pick<AppServices, 'jobs'> & {
  config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'site' | 'emailFrom' | 'inboundDomain'>;
};

export type NextStepResult =
  { status: 'ok' } | { status: 'not_found' | 'refused' | 'conflict'; message: string };

export const refuse = (message: string): NextStepResult => ({ status: 'refused', message });
export const conflict = (message: string): NextStepResult => ({ status: 'conflict', message });

export async function lockedEnquiry(trx: DbTransaction, enquiryId: string) {
  const row = await trx
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .leftJoin('users', 'users.id', 'enquiries.assignee_id')
    .select([
      'enquiries.id',
      'enquiries.status',
      'enquiries.contact_name',
      'leads.full_name',
      'leads.email',
      'users.email as assignee_email',
    ])
    .where('enquiries.id', '=', enquiryId)
    .forUpdate('enquiries')
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, name: row.contact_name ?? row.full_name ?? row.email };
}

/**
 * The enquiry's visit to come or under way (decision 062): booked, not marked, its end not passed.
 * A booked row whose end has passed is history even before a buyer marks it: it is not moved or
 * cancelled, does not block a kit, and gives way to a new booking (`lapseEndedVisits`).
 */
export function currentAppointment(db: DbExecutor, enquiryId: string, now: Date) {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .where('state', '=', 'booked')
    .where('ends_at', '>', now)
    .executeTakeFirst();
}

/**
 * Before a new booking, in its transaction on the locked enquiry (decision 062): a booked visit of
 * the enquiry whose end has passed unmarked becomes `lapsed`, so `appointments_one_per_enquiry`
 * (WHERE state = 'booked') takes the new one. The index cannot say "ends in the future" (an index
 * predicate cannot call now()), hence a state. A lapsed visit stays on "Still to mark".
 */
export async function lapseEndedVisits(trx: DbTransaction, enquiryId: string, now: Date): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({ state: 'lapsed', updated_at: sql<Date>`now()` })
    .where('enquiry_id', '=', enquiryId)
    .where('state', '=', 'booked')
    .where('ends_at', '<=', now)
    .execute();
}

/** The enquiry's kit: asked for and not withdrawn with the enquiry (posted or not). */
export function openKit(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('shipping_kit_requests')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a buyer may record the visit's outcome now: not yet marked, not moved or cancelled, begun. */
export function isMarkable(row: { state: string; starts_at: Date }, now: Date): boolean {
  return (row.state === 'booked' || row.state === 'lapsed') && row.starts_at <= now;
}

/**
 * The team's notice of the seller's change (decision 062): to the assignee, or with nobody assigned
 * to the business's address the new-lead alert goes to, queued in the change's transaction under a
 * key per row (or kit) and kind, so a retried job tells nobody twice.
 */
export async function queueTeamNotice(
  trx: DbTransaction,
  services: MailServices,
  seller: { name: string; assignee_email: string | null },
  notice: Omit<TeamNoticeInput, 'to' | 'sellerName' | 'timezone'>,
  key: string,
): Promise<void> {
  const timezone = await getSettingsTimezone(trx);
  await enqueueEmail(
    services,
    teamNoticeEmail(services.config, {
      ...notice,
      to: seller.assignee_email ?? services.config.site.email,
      sellerName: seller.name,
      timezone,
    }),
    key,
    { trx },
    { aboutEnquiryIds: [notice.enquiryId] },
  );
}

export function visitOf(row: { location: string; starts_at: Date }) {
  const location = locationBySlug(row.location);
  return location ? { location, startsAt: row.starts_at } : null;
}

export async function queueAppointmentEmail(
  trx: DbTransaction,
  services: MailServices,
  kind: AppointmentEmailKind,
  seller: { name: string; email: string },
  row: {
    id: string;
    enquiry_id: string;
    location: string;
    starts_at: Date;
    ends_at: Date;
    ics_uid: string;
    ics_sequence: number;
  },
): Promise<void> {
  const location = locationBySlug(row.location);
  if (!location) return;
  const [timezone, link] = await Promise.all([
    getSettingsTimezone(trx),
    issueSellerLink(trx, services.config, row.enquiry_id),
  ]);
  await enqueueEmail(
    services,
    appointmentEmail(services.config, kind, {
      uid: row.ics_uid,
      sequence: row.ics_sequence,
      enquiryId: row.enquiry_id,
      location,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      seller,
      timezone,
      url: link.url,
    }),
    // One e-mail per row and kind: a row is one version of the visit (decision 062).
    `appointment-${kind}-${row.id}`,
    { trx },
    { aboutEnquiryIds: [row.enquiry_id] },
  );
}
