import { sql } from 'kysely';
import type { LeadSubmit } from '#shared/leads/schema.ts';
import type { Database } from '../db/database.ts';
import type { AppServices } from '../services.ts';
import type { RequestInfo } from '../trpc/context.ts';
import { createLeadBatchWriter, type LeadBatchWriter } from './batch-writer.ts';

export interface SubmitLeadResult {
  enquiryId: string;
  leadId: string;
  /** false when this meta_event_id was already stored: the first result is returned, nothing is written. */
  created: boolean;
  /** The seller ticked a marketing box that waits for confirmation through the e-mailed link. */
  confirmationRequested: boolean;
}

/** One or more photo ids do not exist, were cleaned up, or already belong to another enquiry. */
export class PhotosUnavailableError extends Error {
  override name = 'PhotosUnavailableError';
  constructor() {
    super('Some of your photos are no longer available. Please remove them and add them again.');
  }
}

// One writer per database (per process): concurrent submissions share its statements.
const writers = new WeakMap<Database, LeadBatchWriter>();

export function leadWriterFor(db: Database): LeadBatchWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createLeadBatchWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Stores one sell-form submission: the contact, the enquiry, its photos and the job that e-mails
 * the business and the seller, all or nothing (one statement). meta_event_id makes it idempotent:
 * a double-click, a retry or a concurrent duplicate gets the first result. The unique constraint
 * decides (ON CONFLICT waits for the other transaction), not a prior look-up that two requests
 * could both pass.
 */
export async function submitLead(
  services: Pick<AppServices, 'db'>,
  input: LeadSubmit,
  request: RequestInfo,
  now = new Date(),
): Promise<SubmitLeadResult> {
  const photoIds = [...new Set(input.photo_upload_ids)];
  const stored = await leadWriterFor(services.db).write({ input, photoIds, request, now });
  if (stored.enquiryId && stored.leadId)
    return {
      enquiryId: stored.enquiryId,
      leadId: stored.leadId,
      created: true,
      confirmationRequested: stored.confirmationRequested,
    };
  const first = await services.db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.lead_id',
      sql<boolean>`(enquiries.email_consent_requested OR enquiries.sms_consent_requested)
        AND (leads.email_consent_pending OR leads.sms_consent_pending)`.as('confirmation_requested'),
    ])
    .where('enquiries.meta_event_id', '=', input.meta_event_id)
    .executeTakeFirst();
  if (first)
    return {
      enquiryId: first.id,
      leadId: first.lead_id,
      created: false,
      confirmationRequested: first.confirmation_requested,
    };
  if (!stored.photosReady) throw new PhotosUnavailableError();
  throw new Error('The submission was neither stored nor found');
}
