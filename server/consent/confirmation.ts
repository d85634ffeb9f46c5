import {
  CONSENT_CONFIRMATION_PATH,
  CONSENT_CONFIRMATION_TTL_DAYS,
  type ConsentChannel,
  type ConsentConfirmationView,
} from '#shared/consent/messages.ts';
import { enterConsentConfirmed } from '../automations/entry.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { maskEmail } from '../preferences/entry.ts';
import {
  bytesToUuid,
  decodeBase64Url,
  MAC_BYTES,
  macMatches,
  purposeMac,
  uuidToBytes,
} from '../security/mac.ts';

/**
 * Double opt-in links (decision 016): `base64url(version | contact uuid | enquiry uuid | expiry | MAC)`.
 * The MAC covers the address the link was sent to, so it confirms consent only for that mailbox;
 * the enquiry names the request (which boxes were ticked, and when), and the expiry is the
 * submission time plus seven days, so a retried notification job builds the very same link.
 */

export const CONSENT_SOURCE_CONFIRMED = 'sell_form_confirmed';

const VERSION = 1;
const LABEL = 'consent-confirmation:v1';
const BODY_BYTES = 1 + 16 + 16 + 4;
const TOKEN_BYTES = BODY_BYTES + MAC_BYTES;
const MAX_CHARS = Math.ceil((TOKEN_BYTES * 4) / 3);
const TTL_MS = CONSENT_CONFIRMATION_TTL_DAYS * 24 * 3_600_000;

export interface ConfirmationRequest {
  contactId: string;
  enquiryId: string;
  email: string;
  submittedAt: Date;
}

export function confirmationExpiry(submittedAt: Date): Date {
  return new Date(Math.floor((submittedAt.getTime() + TTL_MS) / 1000) * 1000);
}

function addressKey(email: string): string {
  return email.trim().toLowerCase();
}

export function createConfirmationToken(secret: string, request: ConfirmationRequest): string {
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  uuidToBytes(request.contactId).copy(body, 1);
  uuidToBytes(request.enquiryId).copy(body, 17);
  body.writeUInt32BE(confirmationExpiry(request.submittedAt).getTime() / 1000, 33);
  const mac = purposeMac(secret, LABEL, [body, addressKey(request.email)]);
  return Buffer.concat([body, mac]).toString('base64url');
}

export function confirmationUrl(
  config: Pick<AppConfig, 'appUrl' | 'appSecret'>,
  request: ConfirmationRequest,
): string {
  return `${config.appUrl}${CONSENT_CONFIRMATION_PATH}?token=${createConfirmationToken(config.appSecret, request)}`;
}

interface LinkedRequest {
  contactId: string;
  email: string;
  expiresAt: Date;
  /** Channels this enquiry asked for that are still waiting for confirmation. */
  pending: ConsentChannel[];
  /** Pending channels the contact had unsubscribed from before asking again. */
  unsubscribed: ConsentChannel[];
}

type Resolution = { state: 'invalid' } | { state: 'expired' } | ({ state: 'valid' } & LinkedRequest);

/**
 * What a token names, read with the contact row locked when `lock` (the confirmation itself). A
 * forged token, one for another address or for a contact since deleted, is `invalid`; a genuine
 * one past its day is `expired`, told apart only after the MAC matched.
 */
async function resolve(
  db: DbExecutor,
  secret: string,
  token: unknown,
  now: Date,
  lock: boolean,
): Promise<Resolution> {
  const bytes = decodeBase64Url(token, MAX_CHARS);
  if (!bytes || bytes.length !== TOKEN_BYTES || bytes[0] !== VERSION) return { state: 'invalid' };
  const body = bytes.subarray(0, BODY_BYTES);
  const contactId = bytesToUuid(body.subarray(1, 17));
  const enquiryId = bytesToUuid(body.subarray(17, 33));
  let query = db
    .selectFrom('leads')
    .innerJoin('enquiries', (join) =>
      join.onRef('enquiries.lead_id', '=', 'leads.id').on('enquiries.id', '=', enquiryId),
    )
    .select([
      'leads.email',
      'leads.email_consent_pending',
      'leads.sms_consent_pending',
      'leads.email_unsubscribed_at',
      'leads.sms_unsubscribed_at',
      'enquiries.email_consent_requested',
      'enquiries.sms_consent_requested',
    ])
    .where('leads.id', '=', contactId);
  if (lock) query = query.forUpdate('leads');
  const row = await query.executeTakeFirst();
  if (!row) return { state: 'invalid' };
  const expected = purposeMac(secret, LABEL, [body, addressKey(row.email)]);
  if (!macMatches(bytes.subarray(BODY_BYTES), expected)) return { state: 'invalid' };
  const expiresAt = new Date(body.readUInt32BE(33) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { state: 'expired' };
  const requested: ConsentChannel[] = [
    ...(row.email_consent_requested ? (['email'] as const) : []),
    ...(row.sms_consent_requested ? (['sms'] as const) : []),
  ];
  const pending = requested.filter((channel) =>
    channel === 'email' ? row.email_consent_pending : row.sms_consent_pending,
  );
  const unsubscribed = pending.filter((channel) =>
    channel === 'email' ? row.email_unsubscribed_at !== null : row.sms_unsubscribed_at !== null,
  );
  return { state: 'valid', contactId: contactId, email: row.email, expiresAt, pending, unsubscribed };
}

/** The page's view of a link: nothing is changed by reading it. */
export async function viewConfirmation(
  db: DbExecutor,
  secret: string,
  token: string,
  now = new Date(),
): Promise<ConsentConfirmationView> {
  const resolved = await resolve(db, secret, token, now, false);
  if (resolved.state !== 'valid') return resolved;
  const email = maskEmail(resolved.email);
  if (resolved.pending.length === 0) return { state: 'nothing_pending', email };
  return { state: 'pending', email, channels: resolved.pending, expiresAt: resolved.expiresAt.toISOString() };
}

export interface ConfirmingClient {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The address owner's click: every channel this enquiry asked for that is still pending becomes
 * consent, with the evidence of this click (time, IP, user agent, source). Confirming is an explicit
 * opt-in by the owner of the address, so it also lifts an earlier unsubscribe of that channel, as
 * the preferences page's "Subscribe" does; a suppression (hard bounce, complaint) stays.
 */
export async function confirmConsent(
  trx: DbTransaction,
  secret: string,
  token: string,
  client: ConfirmingClient,
  now = new Date(),
): Promise<ConsentConfirmationView> {
  const resolved = await resolve(trx, secret, token, now, true);
  if (resolved.state !== 'valid') return resolved;
  const email = maskEmail(resolved.email);
  if (resolved.pending.length === 0) return { state: 'nothing_pending', email };
  const emailOn = resolved.pending.includes('email');
  const smsOn = resolved.pending.includes('sms');
  await trx
    .updateTable('leads')
    .set({
      ...(emailOn
        ? {
            email_marketing_consent: true,
            email_consent_pending: false,
            email_unsubscribed_at: null,
            unsubscribe_reason: null,
          }
        : {}),
      ...(smsOn
        ? { sms_marketing_consent: true, sms_consent_pending: false, sms_unsubscribed_at: null }
        : {}),
      consent_at: now,
      consent_source: CONSENT_SOURCE_CONFIRMED,
      consent_ip: client.ip,
      consent_user_agent: client.userAgent,
      updated_at: now,
    })
    .where('id', '=', resolved.contactId)
    .execute();
  if (resolved.unsubscribed.length > 0) {
    // Lifting an unsubscribe is logged where every other one is, as the preferences page does.
    await trx
      .insertInto('unsubscribe_logs')
      .values(
        resolved.unsubscribed.map((channel) => ({
          email: resolved.email,
          action: channel === 'email' ? ('email_resubscribe' as const) : ('sms_resubscribe' as const),
          method: 'manual' as const,
          ip_address: client.ip,
          user_agent: client.userAgent,
          lead_id: resolved.contactId,
          reason: 'Confirmed through the link e-mailed after a sell-form request',
          created_at: now,
        })),
      )
      .execute();
  }
  // The owner's click is consent with evidence: welcome flows start with it (decision 064).
  if (emailOn) await enterConsentConfirmed(trx, resolved.contactId, now);
  return { state: 'confirmed', email, channels: resolved.pending };
}

/**
 * Ends requests whose links have expired (the hourly housekeeping job): a contact whose link no
 * longer works is not "pending confirmation" any more. Returns the contacts changed.
 */
export async function expireConsentRequests(db: DbExecutor, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('leads')
    .set({ email_consent_pending: false, sms_consent_pending: false })
    // The predicate of leads_consent_pending_idx, so only pending rows are visited.
    .where((eb) => eb.or([eb('email_consent_pending', '=', true), eb('sms_consent_pending', '=', true)]))
    .where('consent_requested_at', '<', new Date(now.getTime() - TTL_MS))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
