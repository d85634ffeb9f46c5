import type { Database } from '../db/database.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createResendTransport } from './resend-transport.ts';
import type { EmailTransport } from './types.ts';

export interface EmailTransportConfig {
  RESEND_API_KEY?: string | undefined;
  RESEND_BASE_URL?: string | undefined;
}

/** Resend when a key is configured, otherwise the database outbox. */
export function createEmailTransport(env: EmailTransportConfig, db: Database): EmailTransport {
  if (env.RESEND_API_KEY)
    return createResendTransport({ apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_BASE_URL });
  return createOutboxTransport(db);
}
