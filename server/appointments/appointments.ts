import { sql } from 'kysely';
import { REMINDER_HOURS_BEFORE } from '#shared/appointments/schemas.ts';
import { type EnquiryStatus, isClosed } from '#shared/enquiries/status.ts';
import type { DbTransaction } from '../db/database.ts';
import type { AppServices } from '../services.ts';
import { type MailServices, queueAppointmentEmail } from './visits.ts';

// A visit and a kit follow their enquiry, and a booked visit gets its reminder (decision 062).

/** Whether entering `status` ends the enquiry's visit and kit (decision 062). */
export function endsNextSteps(status: EnquiryStatus): boolean {
  return isClosed(status) || status === 'purchased';
}

/**
 * The visit and the kit follow the enquiry (decision 062). Called in the transaction of every status
 * change, on the locked enquiry row: when it enters Declined, Lost, Spam or Purchased, a booked
 * visit still to come is cancelled (state `cancelled`, SEQUENCE + 1, the status kept beside it for
 * the timeline) and a kit not yet posted is withdrawn, so neither stays on "Today" and the reminder
 * job, which claims only booked rows, sends nothing. The seller gets the cancellation with its
 * METHOD:CANCEL .ics, so the visit leaves their calendar, when the enquiry was declined or lost;
 * not when it is spam (nothing goes to a spammer) nor when the watch was bought (the purchase
 * happened; the visit is moot). A visit already begun or past is history and stays as it was.
 * Reopening the enquiry revives nothing.
 */
export async function endNextStepsWith(
  trx: DbTransaction,
  services: MailServices,
  enquiryId: string,
  to: EnquiryStatus,
): Promise<{ cancelledVisits: number; withdrawnKits: number }> {
  if (!endsNextSteps(to)) return { cancelledVisits: 0, withdrawnKits: 0 };
  // now() is the transaction's start: the same instant as the status change's timeline entry.
  const cancelled = await trx
    .updateTable('appointments')
    .set({
      state: 'cancelled',
      ics_sequence: sql<number>`ics_sequence + 1`,
      cancelled_with_status: to,
      updated_at: sql<Date>`now()`,
    })
    .where('enquiry_id', '=', enquiryId)
    .where('state', '=', 'booked')
    .where('starts_at', '>', sql<Date>`now()`)
    .returningAll()
    .execute();
  const withdrawn = await trx
    .updateTable('shipping_kit_requests')
    .set({ withdrawn_at: sql<Date>`now()` })
    .where('enquiry_id', '=', enquiryId)
    .where('dispatched_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (to !== 'spam' && to !== 'purchased' && cancelled.length > 0) {
    const seller = await trx
      .selectFrom('enquiries')
      .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
      .select(['enquiries.contact_name', 'leads.full_name', 'leads.email'])
      .where('enquiries.id', '=', enquiryId)
      .executeTakeFirstOrThrow();
    const recipient = { name: seller.contact_name ?? seller.full_name ?? seller.email, email: seller.email };
    for (const row of cancelled) await queueAppointmentEmail(trx, services, 'closed', recipient, row);
  }
  return { cancelledVisits: cancelled.length, withdrawnKits: Number(withdrawn.numUpdatedRows) };
}

const REMINDER_BATCH = 100;

/**
 * The reminder, once per booked visit (decision 062): the rows due within the next 24 hours whose
 * reminder_sent_at is empty are claimed with one UPDATE … RETURNING (SKIP LOCKED, and the condition
 * checked again on the locked row) in the transaction that queues their e-mails under a key made
 * from the row, so two runs at once, or a retried run, send one reminder. A cancelled or
 * rescheduled row is no longer `booked` and gets none; the rescheduled visit's new row gets its own.
 */
export async function runAppointmentReminders(
  services: Pick<AppServices, 'db' | 'jobs'> & MailServices,
  now = new Date(),
): Promise<{ reminded: number }> {
  return services.db.transaction().execute(async (trx) => {
    const due = new Date(now.getTime() + REMINDER_HOURS_BEFORE * 3_600_000);
    const claimed = await sql<{
      id: string;
      enquiry_id: string;
      location: string;
      starts_at: Date;
      ends_at: Date;
      ics_uid: string;
      ics_sequence: number;
    }>`
      UPDATE appointments SET reminder_sent_at = now()
      WHERE id IN (
        SELECT id FROM appointments
        WHERE state = 'booked' AND reminder_sent_at IS NULL AND starts_at > ${now} AND starts_at <= ${due}
        ORDER BY starts_at
        LIMIT ${REMINDER_BATCH}
        FOR UPDATE SKIP LOCKED)
        AND state = 'booked' AND reminder_sent_at IS NULL
      RETURNING id, enquiry_id, location, starts_at, ends_at, ics_uid, ics_sequence`.execute(trx);
    for (const row of claimed.rows) {
      const seller = await trx
        .selectFrom('enquiries')
        .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
        .select(['enquiries.contact_name', 'leads.full_name', 'leads.email'])
        .where('enquiries.id', '=', row.enquiry_id)
        .executeTakeFirst();
      if (!seller) continue;
      await queueAppointmentEmail(
        trx,
        services,
        'reminder',
        { name: seller.contact_name ?? seller.full_name ?? seller.email, email: seller.email },
        row,
      );
    }
    return { reminded: claimed.rows.length };
  });
}
