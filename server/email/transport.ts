import type { Database } from '../db/database.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { ProviderRateLimiter, rateLimitedTransport } from './rate-limiter.ts';
import { createResendTransport } from './resend-transport.ts';
import type { EmailTransport } from './types.ts';

export interface EmailTransportConfig {
  RESEND_API_KEY?: string | undefined;
  RESEND_BASE_URL?: string | undefined;
}

/** Resend (paced by the shared rate limiter) when a key is configured, otherwise the database outbox. */
export function createEmailTransport(env: EmailTransportConfig, db: Database): EmailTransport {
  if (env.RESEND_API_KEY) {
    return rateLimitedTransport(
      createResendTransport({ apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_BASE_URL }),
      new ProviderRateLimiter(db),
    );
  }
  return createOutboxTransport(db);
}
