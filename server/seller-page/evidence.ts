import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';

// An enquiry's evidence chain (decision 072). Each row keeps the canonical text it stands for and
// `hash = SHA-256(prev_hash || content)`, the first row's prev_hash 64 zeros: changing, removing
// or reordering any row changes every hash after it, so the head printed on a certificate pins
// the whole history up to it. Rows are appended in the transaction of what they record.

export type EvidenceKind = 'offer_sent' | 'offer_email_event' | 'offer_accepted';

export type CanonicalValue =
  string | number | boolean | null | CanonicalValue[] | { [key: string]: CanonicalValue };

export const GENESIS_HASH = '0'.repeat(64);

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with object keys sorted at every level: one text for one value, whatever built it. */
export function canonicalJson(value: CanonicalValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] ?? null)}`).join(',')}}`;
}

export function chainHash(prevHash: string, content: string): string {
  return sha256Hex(prevHash + content);
}

export interface EvidenceRow {
  seq: number;
  content: string;
  prev_hash: string;
  hash: string;
}

export type ChainCheck = { ok: true; head: string } | { ok: false; brokenAt: number };

/** Recomputes the chain from its rows (in seq order); the first row that does not hold breaks it. */
export function verifyChain(rows: readonly EvidenceRow[]): ChainCheck {
  let prev = GENESIS_HASH;
  for (const [index, row] of rows.entries()) {
    if (row.seq !== index + 1 || row.prev_hash !== prev || chainHash(prev, row.content) !== row.hash)
      return { ok: false, brokenAt: row.seq };
    prev = row.hash;
  }
  return { ok: true, head: prev };
}

export async function evidenceRows(db: DbExecutor, enquiryId: string): Promise<EvidenceRow[]> {
  return db
    .selectFrom('evidence_events')
    .select(['seq', 'content', 'prev_hash', 'hash'])
    .where('enquiry_id', '=', enquiryId)
    .orderBy('seq')
    .execute();
}

/**
 * Appends one event to the enquiry's chain; the caller's transaction makes it part of what it
 * records. The transaction-scoped advisory lock orders two appends to one enquiry, so both read
 * the head they extend; the unique (enquiry_id, seq) would refuse a fork anyway.
 */
export async function appendEvidence(
  trx: DbExecutor,
  event: {
    enquiryId: string;
    kind: EvidenceKind;
    offerId: string | null;
    providerEventId?: string | null;
    content: { [key: string]: CanonicalValue };
  },
): Promise<{ seq: number; hash: string }> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`evidence:${event.enquiryId}`}, 0))`.execute(trx);
  const head = await trx
    .selectFrom('evidence_events')
    .select(['seq', 'hash'])
    .where('enquiry_id', '=', event.enquiryId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const prevHash = head?.hash ?? GENESIS_HASH;
  const seq = (head?.seq ?? 0) + 1;
  const content = canonicalJson({ kind: event.kind, seq, ...event.content });
  const hash = chainHash(prevHash, content);
  await trx
    .insertInto('evidence_events')
    .values({
      enquiry_id: event.enquiryId,
      seq,
      kind: event.kind,
      offer_id: event.offerId,
      provider_event_id: event.providerEventId ?? null,
      content,
      prev_hash: prevHash,
      hash,
    })
    .execute();
  return { seq, hash };
}

/**
 * The offer e-mail's delivery events the webhook stored (email_events, by the provider's message
 * id) that the chain does not hold yet, appended in the order they happened.
 */
export async function chainOfferEmailEvents(
  trx: DbExecutor,
  enquiryId: string,
  offerId: string,
): Promise<void> {
  const offer = await trx
    .selectFrom('enquiry_offers')
    .select('provider_message_id')
    .where('id', '=', offerId)
    .executeTakeFirst();
  if (!offer?.provider_message_id) return;
  const events = await trx
    .selectFrom('email_events')
    .select(['provider_event_id', 'type', 'occurred_at', 'received_at'])
    .where('provider_message_id', '=', offer.provider_message_id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('evidence_events')
            .select('evidence_events.id')
            .where('evidence_events.enquiry_id', '=', enquiryId)
            .whereRef('evidence_events.provider_event_id', '=', 'email_events.provider_event_id'),
        ),
      ),
    )
    .orderBy(sql`coalesce(occurred_at, received_at)`)
    .orderBy('provider_event_id')
    .execute();
  for (const event of events)
    await appendEvidence(trx, {
      enquiryId,
      kind: 'offer_email_event',
      offerId,
      providerEventId: event.provider_event_id,
      content: {
        offerId,
        providerMessageId: offer.provider_message_id,
        providerEventId: event.provider_event_id,
        type: event.type,
        occurredAt: (event.occurred_at ?? event.received_at).toISOString(),
      },
    });
}
