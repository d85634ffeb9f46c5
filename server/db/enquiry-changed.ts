import { sql } from 'kysely';
import type { DbExecutor } from './database.ts';

/**
 * PostgreSQL channel on which a change an enquiry's assignee should hear of at once is announced
 * (decision 063): the seller answered an offer, or a message from the seller was filed on it. The
 * writer calls `notifyEnquiryChanged` in the same transaction, so the announcement goes out only
 * if the change commits. The payload is `<kind>:<enquiry id>`, never the seller's words or name:
 * whoever listens reads the rest with its own access checks.
 */
export const ENQUIRY_CHANGED_CHANNEL = 'enquiry_changed';

export type EnquiryChangeKind = 'offer_accepted' | 'offer_declined' | 'incoming_message';

export async function notifyEnquiryChanged(
  db: DbExecutor,
  enquiryId: string,
  kind: EnquiryChangeKind,
): Promise<void> {
  await sql`SELECT pg_notify(${ENQUIRY_CHANGED_CHANNEL}, ${`${kind}:${enquiryId}`})`.execute(db);
}

/** A payload read back; null for anything else on the channel. */
export function parseEnquiryChange(payload: string): { kind: EnquiryChangeKind; enquiryId: string } | null {
  const match = /^(offer_accepted|offer_declined|incoming_message):([0-9a-f-]{36})$/.exec(payload);
  return match ? { kind: match[1] as EnquiryChangeKind, enquiryId: match[2]! } : null;
}
