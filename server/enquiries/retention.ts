import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { deletePhotoFiles, type UploadStorage } from '../uploads/entry.ts';

// Retention (decision 026; Privacy Act APP 11.2): enquiries closed as Declined,
// Lost or Spam keep their photos and free text only for the settings' number of days after they
// closed. Then the photos go (rows and files), and so does every text anyone typed about the
// seller: their additional details, the internal notes, the reasons given for status changes,
// the offers' conditions and the bodies of replies. The enquiry, its statuses, the offers' amounts
// and dates and the reply subjects stay as the record of what happened. Purchased enquiries are never touched: a licensed
// second-hand dealer keeps the record of what it bought.

const BATCH = 100;

export interface RetentionReport {
  enquiries: number;
  photos: number;
  notes: number;
  reasons: number;
  offers: number;
  replies: number;
}

export async function runEnquiryRetention(
  services: { db: Database; logger: Pick<Logger, 'info'> },
  storage: UploadStorage,
  now: Date = new Date(),
): Promise<RetentionReport> {
  const { db } = services;
  const report: RetentionReport = { enquiries: 0, photos: 0, notes: 0, reasons: 0, offers: 0, replies: 0 };
  const settings = await db.selectFrom('settings').select('enquiry_retention_days').executeTakeFirst();
  const days = settings?.enquiry_retention_days ?? 180;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      // enquiries_retention_idx's predicate; SKIP LOCKED lets two workers share the work.
      const rows = await sql<{ id: string }>`
        SELECT id FROM enquiries
        WHERE status IN ('declined', 'lost', 'spam') AND redacted_at IS NULL AND closed_at < ${cutoff}
        ORDER BY closed_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`.execute(trx);
      const ids = rows.rows.map((r) => r.id);
      if (ids.length === 0) return null;
      const photos = await trx
        .deleteFrom('uploads')
        .where('enquiry_id', 'in', ids)
        .returning(['id', 'enquiry_id', 'driver', 'storage_key'])
        .execute();
      const notes = await trx
        .updateTable('enquiry_events')
        .set({ body: null })
        .where('enquiry_id', 'in', ids)
        .where('kind', '=', 'note')
        .where('body', 'is not', null)
        .returning('id')
        .execute();
      const reasons = await trx
        .updateTable('enquiry_events')
        .set({ reason: null })
        .where('enquiry_id', 'in', ids)
        .where('reason', 'is not', null)
        .returning('id')
        .execute();
      const offers = await trx
        .updateTable('enquiry_offers')
        .set({ conditions: null })
        .where('enquiry_id', 'in', ids)
        .where('conditions', 'is not', null)
        .returning('id')
        .execute();
      const replies = await trx
        .updateTable('enquiry_messages')
        .set({ html: null })
        .where('enquiry_id', 'in', ids)
        .where('html', 'is not', null)
        .returning('id')
        .execute();
      await trx
        .updateTable('enquiries')
        .set({ additional_details: null, redacted_at: now })
        .where('id', 'in', ids)
        .execute();
      return {
        ids,
        photos,
        notes: notes.length,
        reasons: reasons.length,
        offers: offers.length,
        replies: replies.length,
      };
    });
    if (!batch) break;
    // Files after the commit. The log names what went, not what it said.
    await deletePhotoFiles(storage, batch.photos);
    services.logger.info(
      {
        enquiries: batch.ids,
        photos: batch.photos.map((p) => ({ id: p.id, enquiryId: p.enquiry_id })),
        notes: batch.notes,
        reasons: batch.reasons,
        offers: batch.offers,
        replies: batch.replies,
        retentionDays: days,
      },
      `Retention: removed photos and free text of ${batch.ids.length} closed enquiries`,
    );
    report.enquiries += batch.ids.length;
    report.photos += batch.photos.length;
    report.notes += batch.notes;
    report.reasons += batch.reasons;
    report.offers += batch.offers;
    report.replies += batch.replies;
    if (batch.ids.length < BATCH) break;
  }
  return report;
}
