import { Resend } from 'resend';
import {
  type BatchSendResult,
  type EmailFailure,
  type EmailMessage,
  type EmailTransport,
  MAX_BATCH_SIZE,
  type RateLimitInfo,
  type SendOptions,
  type SendResult,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from './types.ts';

interface ResendErrorShape {
  name?: string;
  message?: string;
  statusCode?: number | null;
}

function numberHeader(headers: Record<string, string> | null, name: string): number | null {
  const raw = headers?.[name];
  if (raw === undefined) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function readRateLimit(headers: Record<string, string> | null): RateLimitInfo {
  return {
    limit: numberHeader(headers, 'ratelimit-limit'),
    remaining: numberHeader(headers, 'ratelimit-remaining'),
    resetSeconds: numberHeader(headers, 'ratelimit-reset'),
  };
}

/** Maps the SDK's `{ error, headers }` (it never throws) to one failure shape the senders can act on. */
export function classifyResendError(
  error: ResendErrorShape,
  headers: Record<string, string> | null,
): EmailFailure {
  const name = error.name ?? 'application_error';
  const statusCode = error.statusCode ?? null;
  const message = error.message ?? 'Unknown e-mail provider error';
  const retryAfterSeconds = numberHeader(headers, 'retry-after');
  if (name === 'rate_limit_exceeded' || statusCode === 429) {
    return {
      kind: 'rate_limited',
      name,
      message,
      statusCode: 429,
      retryAfterSeconds: retryAfterSeconds ?? 1,
      retryable: true,
    };
  }
  if (name === 'concurrent_idempotent_requests') {
    return {
      kind: 'idempotency_conflict',
      name,
      message,
      statusCode,
      retryAfterSeconds: retryAfterSeconds ?? 1,
      retryable: true,
    };
  }
  if (name === 'invalid_idempotent_request') {
    return {
      kind: 'idempotency_conflict',
      name,
      message,
      statusCode,
      retryAfterSeconds: null,
      retryable: false,
    };
  }
  if (statusCode === null) {
    return { kind: 'network', name, message, statusCode, retryAfterSeconds, retryable: true };
  }
  if (statusCode >= 500) {
    return { kind: 'provider', name, message, statusCode, retryAfterSeconds, retryable: true };
  }
  return { kind: 'invalid', name, message, statusCode, retryAfterSeconds: null, retryable: false };
}

function toResendPayload(message: EmailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html ?? '',
    ...(message.text !== undefined ? { text: message.text } : {}),
    ...(message.replyTo !== undefined ? { replyTo: message.replyTo } : {}),
    ...(message.headers !== undefined ? { headers: message.headers } : {}),
    ...(message.tags !== undefined ? { tags: message.tags } : {}),
    // Already base64: the SDK passes a string content through as the API's base64 (decision 062).
    ...(message.attachments !== undefined
      ? {
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            ...(a.contentType !== undefined ? { contentType: a.contentType } : {}),
          })),
        }
      : {}),
  };
}

/** The SDK passes `signal` to fetch; an aborted request comes back as a network error. */
function requestOptions(options: SendOptions) {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  return {
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  };
}

export interface ResendTransportOptions {
  apiKey: string;
  /** Points the real SDK at a local fake in tests. */
  baseUrl?: string | undefined;
}

export function createResendTransport({ apiKey, baseUrl }: ResendTransportOptions): EmailTransport {
  const resend = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    kind: 'resend',
    async send(message: EmailMessage, options: SendOptions = {}): Promise<SendResult> {
      const { data, error, headers } = await resend.emails.send(
        toResendPayload(message),
        requestOptions(options),
      );
      const rateLimit = readRateLimit(headers);
      if (error || !data) return { ok: false, error: classifyResendError(error ?? {}, headers), rateLimit };
      return { ok: true, id: data.id, rateLimit };
    },
    async sendBatch(messages: EmailMessage[], options: SendOptions = {}): Promise<BatchSendResult> {
      if (messages.length === 0 || messages.length > MAX_BATCH_SIZE) {
        throw new RangeError(`A batch holds 1 to ${MAX_BATCH_SIZE} messages, got ${messages.length}`);
      }
      const { data, error, headers } = await resend.batch.send(
        messages.map(toResendPayload),
        requestOptions(options),
      );
      const rateLimit = readRateLimit(headers);
      if (error || !data) return { ok: false, error: classifyResendError(error ?? {}, headers), rateLimit };
      const ids = data.data.map((item) => item.id);
      if (ids.length !== messages.length) {
        return {
          ok: false,
          rateLimit,
          error: {
            kind: 'provider',
            name: 'unexpected_response',
            message: `Provider returned ${ids.length} ids for ${messages.length} messages`,
            statusCode: null,
            retryAfterSeconds: null,
            retryable: false,
          },
        };
      }
      return { ok: true, ids, rateLimit };
    },
  };
}
