import type { ParsedResendEvent } from '#shared/webhooks/resend-events.ts';
import { effectOf, occurredAt, type SendEffect } from './effects.ts';

export interface IncomingEvent {
  /** svix-id: stable across the provider's retries. */
  providerEventId: string;
  /** The raw body, stored as received (it is the signed document). */
  rawBody: string;
  parsed: ParsedResendEvent;
}

/** An event ready for the statement: what it is and what it does. */
export interface PreparedEvent {
  providerEventId: string;
  type: string;
  providerMessageId: string | null;
  rawBody: string;
  occurredAt: Date;
  effect: SendEffect | null;
  /** The provider flagged this open as a machine's (decision 025). */
  machineOpen: boolean;
}

export function prepareEvent(input: IncomingEvent): PreparedEvent {
  const { parsed } = input;
  if (!parsed.known) {
    return {
      providerEventId: input.providerEventId,
      type: parsed.type,
      providerMessageId: parsed.emailId,
      rawBody: input.rawBody,
      occurredAt: new Date(parsed.createdAt),
      effect: null,
      machineOpen: false,
    };
  }
  return {
    providerEventId: input.providerEventId,
    type: parsed.event.type,
    providerMessageId: parsed.event.data.email_id,
    rawBody: input.rawBody,
    occurredAt: occurredAt(parsed.event),
    effect: effectOf(parsed.event),
    machineOpen: parsed.event.type === 'email.opened' && parsed.event.data.machine_open === true,
  };
}
