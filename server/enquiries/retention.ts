import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database, DbExecutor } from '../db/database.ts';
import { deletePhotoFiles, type UploadStorage } from '../uploads/entry.ts';

// Retention (decision 026; Privacy Act APP 11.2): enquiries closed as Declined,
// Lost or Spam keep their photos and free text only for the settings' number of days after they
// closed. Then the photos go (rows and files), and so does every text anyone typed about the
// seller: their additional details, the internal notes, the reasons given for status changes,
// the offers' conditions and the bodies of replies. The enquiry, its statuses, the offers' amounts
// and dates and the reply subjects stay as the record of what happened. Purchased enquiries are never touched: a licensed
// second-hand dealer keeps the record of what it bought.
//
// The seller's side (decisions 059, 060, 062) goes the same way. Their messages (e-mailed replies,
// page messages, unmatched mail filed here) lose the body, the sender's display name and a
// dismissal's reason, and their attachments go: the private files are bytes in their rows, the
// images are photos of the enquiry (removed above, files after the commit). The stored
// `email.received` event of each message keeps only its type, id and times. An offer's answer loses
// the typed name, the decline reason, IP and user agent; a shipping kit loses the recipient, street
// lines and phone. What stays mirrors the replies' record: sender address, subject and time of a
// message; answer, declaration version and time of a response; suburb, state, postcode and dates of
// a kit. Columns a live row always has (a message's text, a kit's recipient and first line, an
// accepted answer's name) stay NOT NULL and are emptied to '' rather than relaxed for every
// reader; the enquiry's redacted_at says why they are empty.
//
// Unmatched mail a member dismissed (decision 060) belongs to no enquiry and records nothing the
// business needs: the settings' days after its dismissal it is deleted whole, attachments with it,
// and its webhook event reduced the same way. Mail still waiting on the list is kept.

const BATCH = 100;

export interface RetentionReport {
  enquiries: number;
  photos: number;
  notes: number;
  reasons: number;
  offers: number;
  replies: number;
  /** The seller's messages whose body, display name or dismissal reason went. */
  incomingMessages: number;
  /** Attachments of those messages (rows with their private bytes). */
  attachments: number;
  /** Stored `email.received` events of those messages reduced to type, id and times. */
  inboundEvents: number;
  offerResponses: number;
  shippingKits: number;
  /** Dismissed unmatched e-mails deleted (their attachments and events are counted above). */
  dismissedMail: number;
}

/**
 * The webhook's copy of an inbound e-mail names its sender, recipients, subject and attachment file
 * names: reduced to type, id and times, as an erasure reduces campaign events (decision 036).
 */
async function reduceInboundEvents(trx: DbExecutor, providerEmailIds: readonly string[]): Promise<number> {
  if (providerEmailIds.length === 0) return 0;
  const reduced = await sql<{ id: string }>`
    UPDATE email_events SET payload = jsonb_build_object(
      'type', payload -> 'type',
      'created_at', payload -> 'created_at',
      'data', jsonb_strip_nulls(jsonb_build_object(
        'email_id', payload #> '{data,email_id}',
        'created_at', payload #> '{data,created_at}')))
    WHERE type = 'email.received' AND provider_message_id = ANY(${providerEmailIds}::text[])
      AND payload -> 'data' ?| array['from', 'to', 'cc', 'bcc', 'subject', 'message_id', 'attachments']
    RETURNING id`.execute(trx);
  return reduced.rows.length;
}

export async function runEnquiryRetention(
  services: { db: Database; logger: Pick<Logger, 'info'> },
  storage: UploadStorage,
  now: Date = new Date(),
): Promise<RetentionReport> {
  const { db } = services;
  const report: RetentionReport = {
    enquiries: 0,
    photos: 0,
    notes: 0,
    reasons: 0,
    offers: 0,
    replies: 0,
    incomingMessages: 0,
    attachments: 0,
    inboundEvents: 0,
    offerResponses: 0,
    shippingKits: 0,
    dismissedMail: 0,
  };
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
      const messagesOf = trx
        .selectFrom('enquiry_incoming_messages')
        .select('id')
        .where('enquiry_id', 'in', ids);
      // An image e-mailed by the seller is a photo of the enquiry; one whose row lost that link (a
      // race in filing) is still found through its attachment. Read first: a list of ids keeps
      // both conditions on uploads' indexes, where an OR with a sub-select reads the whole table.
      const attachedImages = await trx
        .selectFrom('enquiry_incoming_attachments')
        .select('upload_id')
        .where('message_id', 'in', messagesOf)
        .where('upload_id', 'is not', null)
        .$narrowType<{ upload_id: string }>()
        .execute();
      const imageIds = attachedImages.map((a) => a.upload_id);
      const photos = await trx
        .deleteFrom('uploads')
        .where((eb) =>
          imageIds.length === 0
            ? eb('enquiry_id', 'in', ids)
            : eb.or([eb('enquiry_id', 'in', ids), eb('id', 'in', imageIds)]),
        )
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
      const attachments = await trx
        .deleteFrom('enquiry_incoming_attachments')
        .where('message_id', 'in', messagesOf)
        .returning('id')
        .execute();
      const incoming = await trx
        .updateTable('enquiry_incoming_messages')
        .set({ body_text: '', body_html: null, from_name: null, dismiss_reason: null })
        .where('enquiry_id', 'in', ids)
        .where((eb) =>
          eb.or([
            eb('body_text', '<>', ''),
            eb('body_html', 'is not', null),
            eb('from_name', 'is not', null),
            eb('dismiss_reason', 'is not', null),
          ]),
        )
        .returning('id')
        .execute();
      const inbound = await trx
        .selectFrom('enquiry_incoming_messages')
        .select('provider_email_id')
        .where('enquiry_id', 'in', ids)
        .where('provider_email_id', 'is not', null)
        .$narrowType<{ provider_email_id: string }>()
        .execute();
      const inboundEvents = await reduceInboundEvents(
        trx,
        inbound.map((m) => m.provider_email_id),
      );
      const offerResponses = await trx
        .updateTable('offer_responses')
        // An accepted answer must name its signer (offer_responses_accepted_signed): '' then.
        .set({
          typed_name: sql<string | null>`CASE WHEN typed_name IS NULL THEN NULL ELSE '' END`,
          reason: null,
          ip: null,
          user_agent: null,
        })
        .where('enquiry_id', 'in', ids)
        .where((eb) =>
          eb.or([
            eb('typed_name', '<>', ''),
            eb('reason', 'is not', null),
            eb('ip', 'is not', null),
            eb('user_agent', 'is not', null),
          ]),
        )
        .returning('id')
        .execute();
      // A certificate and its evidence chain copy the typed name, IP, user agent and conditions
      // (decision 072): on a sale that never happened they go with the answer's details.
      const certificates = await trx
        .deleteFrom('acceptance_certificates')
        .where('enquiry_id', 'in', ids)
        .returning('id')
        .execute();
      await trx.deleteFrom('evidence_events').where('enquiry_id', 'in', ids).execute();
      const kits = await trx
        .updateTable('shipping_kit_requests')
        .set({ recipient_name: '', address_line1: '', address_line2: null, phone: null })
        .where('enquiry_id', 'in', ids)
        .where((eb) =>
          eb.or([
            eb('recipient_name', '<>', ''),
            eb('address_line1', '<>', ''),
            eb('address_line2', 'is not', null),
            eb('phone', 'is not', null),
          ]),
        )
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
        incomingMessages: incoming.length,
        attachments: attachments.length,
        inboundEvents,
        offerResponses: offerResponses.length,
        certificates: certificates.length,
        shippingKits: kits.length,
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
        incomingMessages: batch.incomingMessages,
        attachments: batch.attachments,
        inboundEvents: batch.inboundEvents,
        offerResponses: batch.offerResponses,
        certificates: batch.certificates,
        shippingKits: batch.shippingKits,
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
    report.incomingMessages += batch.incomingMessages;
    report.attachments += batch.attachments;
    report.inboundEvents += batch.inboundEvents;
    report.offerResponses += batch.offerResponses;
    report.shippingKits += batch.shippingKits;
    if (batch.ids.length < BATCH) break;
  }
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await sql<{ id: string; provider_email_id: string | null }>`
        SELECT id, provider_email_id FROM enquiry_incoming_messages
        WHERE enquiry_id IS NULL AND dismissed_at < ${cutoff}
        ORDER BY dismissed_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`.execute(trx);
      const ids = rows.rows.map((r) => r.id);
      if (ids.length === 0) return null;
      const attachments = await trx
        .deleteFrom('enquiry_incoming_attachments')
        .where('message_id', 'in', ids)
        .returning('id')
        .execute();
      const inboundEvents = await reduceInboundEvents(
        trx,
        rows.rows.flatMap((r) => (r.provider_email_id ? [r.provider_email_id] : [])),
      );
      await trx.deleteFrom('enquiry_incoming_messages').where('id', 'in', ids).execute();
      return { ids, attachments: attachments.length, inboundEvents };
    });
    if (!batch) break;
    services.logger.info(
      {
        dismissedMail: batch.ids,
        attachments: batch.attachments,
        inboundEvents: batch.inboundEvents,
        retentionDays: days,
      },
      `Retention: deleted ${batch.ids.length} dismissed unmatched e-mails`,
    );
    report.dismissedMail += batch.ids.length;
    report.attachments += batch.attachments;
    report.inboundEvents += batch.inboundEvents;
    if (batch.ids.length < BATCH) break;
  }
  return report;
}
