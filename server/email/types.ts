import type { z } from 'zod';
import type { emailMessageSchema } from '#shared/email/message.ts';

export type EmailMessage = z.infer<typeof emailMessageSchema>;

export type EmailFailureKind = 'rate_limited' | 'invalid' | 'provider' | 'network' | 'idempotency_conflict';

export interface EmailFailure {
  kind: EmailFailureKind;
  message: string;
  /** The provider's error name, e.g. "rate_limit_exceeded". */
  name: string;
  statusCode: number | null;
  /** Seconds to wait before trying again, from the provider's `retry-after`. */
  retryAfterSeconds: number | null;
  /** Whether the same request may succeed later (429, 5xx, network, concurrent idempotent request). */
  retryable: boolean;
}

/** The provider's advertised limits from `ratelimit-*` headers; nulls when absent (outbox). */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  resetSeconds: number | null;
}

export type SendResult =
  | { ok: true; id: string; rateLimit: RateLimitInfo }
  | { ok: false; error: EmailFailure; rateLimit: RateLimitInfo };

export type BatchSendResult =
  | { ok: true; ids: string[]; rateLimit: RateLimitInfo }
  | { ok: false; error: EmailFailure; rateLimit: RateLimitInfo };

export interface SendOptions {
  /** Same key, same request: the provider (or the outbox) answers with the first result, never sends twice. */
  idempotencyKey?: string;
  /**
   * One key per message of a batch, for transports that can dedupe message by message (the outbox).
   * The provider's batch endpoint only takes the request's key.
   */
  messageKeys?: readonly string[];
  /** Gives up waiting (rate limiter, request) when aborted; the outcome is then unknown. */
  signal?: AbortSignal;
  /** A request without an answer after this long counts as a network failure (outcome unknown). */
  timeoutMs?: number;
  /** The enquiries the message is about: kept with the outbox's copy for erasure (decision 069). */
  aboutEnquiryIds?: readonly string[];
}

/** How long one provider request may take before we stop waiting for it. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface EmailTransport {
  readonly kind: 'resend' | 'outbox';
  /** Requests already wait for the shared rate limiter (and a 429 holds every sender back). */
  readonly paced?: boolean;
  send(message: EmailMessage, options?: SendOptions): Promise<SendResult>;
  /** Up to 100 messages in one request; ids come back in the same order. */
  sendBatch(messages: EmailMessage[], options?: SendOptions): Promise<BatchSendResult>;
}

export const MAX_BATCH_SIZE = 100;
export const noRateLimitInfo: RateLimitInfo = { limit: null, remaining: null, resetSeconds: null };
