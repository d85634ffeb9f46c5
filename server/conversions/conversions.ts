import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import type { AppServices } from '../services.ts';

// Server-side conversion events to Meta's Conversions API (decision 026). Only
// when META_CAPI_TOKEN and META_PIXEL_ID are both set: otherwise nothing is queued and a queued job
// sends nothing. Lead carries the browser event's id (enquiries.meta_event_id), so Meta counts the
// pixel's and the server's event once; Purchase carries the accepted offer's amount.

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Meta's rule for e-mail: trimmed, lower case, then SHA-256. */
export function hashEmail(email: string): string {
  return sha256(email.trim().toLowerCase());
}

/**
 * Meta's rule for phones: digits only, with the country code. Sellers are Australian: a local
 * number (0412 345 678) becomes 61412345678; one typed with +61 or 61 keeps its digits.
 */
export function normalisePhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return null;
  if (phone.trim().startsWith('+')) return digits;
  if (digits.startsWith('61') && digits.length >= 11) return digits;
  if (digits.startsWith('0')) return `61${digits.slice(1)}`;
  return `61${digits}`;
}

type ConversionEvent = JobPayload<'meta.capi'>['event'];

/** Queues one conversion in the transaction of the write that caused it; a no-op when unconfigured. */
export async function enqueueConversion(
  services: Pick<AppServices, 'jobs' | 'config'>,
  trx: DbTransaction,
  enquiryId: string,
  event: ConversionEvent,
): Promise<void> {
  if (!services.config.metaCapi) return;
  await services.jobs.send(
    'meta.capi',
    { enquiryId, event },
    { trx, singletonKey: `capi-${event.toLowerCase()}-${enquiryId}` },
  );
}

export interface CapiEvent {
  event_name: ConversionEvent;
  event_time: number;
  event_id: string;
  action_source: 'website';
  event_source_url: string;
  user_data: { em: string[]; ph?: string[]; client_ip_address?: string; client_user_agent?: string };
  custom_data?: { currency: 'AUD'; value: number };
}

/** The event as Meta receives it; null when the enquiry is gone or has nothing to report. */
export async function buildCapiEvent(
  db: DbExecutor,
  config: Pick<AppConfig, 'appUrl'>,
  enquiryId: string,
  event: ConversionEvent,
  now: Date = new Date(),
): Promise<CapiEvent | null> {
  const row = await db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.meta_event_id',
      'enquiries.created_at',
      'enquiries.contact_phone',
      'enquiries.ip',
      'enquiries.user_agent',
      'enquiries.status',
      'leads.email',
      'leads.phone',
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  if (!row) return null;
  const phone = normalisePhone(row.contact_phone ?? row.phone ?? '');
  const userData: CapiEvent['user_data'] = {
    em: [hashEmail(row.email)],
    ...(phone ? { ph: [sha256(phone)] } : {}),
    ...(row.ip ? { client_ip_address: row.ip } : {}),
    ...(row.user_agent ? { client_user_agent: row.user_agent } : {}),
  };
  const base = {
    action_source: 'website' as const,
    event_source_url: `${config.appUrl}/sell`,
    user_data: userData,
  };
  if (event === 'Lead') {
    // Without the browser's id Meta could not deduplicate: better no server event than a double.
    if (!row.meta_event_id) return null;
    return {
      event_name: 'Lead',
      event_time: Math.floor(row.created_at.getTime() / 1000),
      event_id: row.meta_event_id,
      ...base,
    };
  }
  if (row.status !== 'purchased') return null;
  const offer = await db
    .selectFrom('enquiry_offers')
    .select('amount_cents')
    .where('enquiry_id', '=', enquiryId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const purchasedAt = await db
    .selectFrom('enquiry_events')
    .select(sql<Date>`max(created_at)`.as('at'))
    .where('enquiry_id', '=', enquiryId)
    .where('to_status', '=', 'purchased')
    .executeTakeFirst();
  return {
    event_name: 'Purchase',
    event_time: Math.floor((purchasedAt?.at ?? now).getTime() / 1000),
    // No browser event to match: a stable id makes a retried job one event.
    event_id: `purchase-${row.id}`,
    ...base,
    ...(offer ? { custom_data: { currency: 'AUD', value: Number(offer.amount_cents) / 100 } } : {}),
  };
}

export class RetryableCapiError extends Error {
  override name = 'RetryableCapiError';
}

/** Handler of `meta.capi`. 5xx, 429 and network failures are retried; other refusals fail once. */
export async function runCapiJob(
  services: Pick<AppServices, 'db' | 'config' | 'logger'>,
  payload: JobPayload<'meta.capi'>,
): Promise<{ sent: boolean }> {
  const capi = services.config.metaCapi;
  if (!capi) return { sent: false };
  const event = await buildCapiEvent(services.db, services.config, payload.enquiryId, payload.event);
  if (!event) return { sent: false };
  const response = await fetch(capi.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // In the body, as Meta's examples send it: a query string would put the token in access logs.
    body: JSON.stringify({ data: [event], access_token: capi.token }),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => {
    throw new RetryableCapiError(`Meta Conversions API unreachable: ${String(error)}`);
  });
  if (response.ok) return { sent: true };
  const body = (await response.text()).slice(0, 500);
  if (response.status === 429 || response.status >= 500)
    throw new RetryableCapiError(`Meta Conversions API answered ${response.status}: ${body}`);
  services.logger.warn({ status: response.status, event: payload.event }, 'Meta refused a conversion event');
  throw new Error(`Meta Conversions API refused the event (${response.status}): ${body}`);
}
