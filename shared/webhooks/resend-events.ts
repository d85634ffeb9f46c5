import { z } from 'zod';

/**
 * Resend webhook payloads (decision 007): `{ type, created_at, data }`, where the e-mail
 * events carry `data.email_id` (the id `emails.send` / `batch.send` returned, our
 * provider_message_id). Only the fields the platform uses are required; the rest of a payload is
 * kept verbatim in email_events.payload.
 */

/** The e-mail events that change a send. Any other type is stored and otherwise ignored. */
export const RESEND_EMAIL_EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.delivery_delayed',
  'email.bounced',
  'email.complained',
  'email.opened',
  'email.clicked',
  'email.failed',
  'email.suppressed',
] as const;

/**
 * A provider timestamp. Dates JavaScript reads but PostgreSQL cannot store (year -4713, found by the
 * fuzz test as a 500) or that cannot be real for an e-mail event are refused as malformed.
 */
const EARLIEST_EVENT_MS = Date.UTC(2000, 0, 1);
const LATEST_EVENT_MS = Date.UTC(9999, 11, 31);
const timestampSchema = z
  .string()
  .max(64)
  .refine((value) => {
    const ms = Date.parse(value);
    return !Number.isNaN(ms) && ms >= EARLIEST_EVENT_MS && ms <= LATEST_EVENT_MS;
  }, 'Not a timestamp');

/** The outer shape every Resend event shares, whatever its type. */
export const resendEnvelopeSchema = z.object({
  type: z.string().min(1).max(100),
  created_at: timestampSchema,
  data: z.record(z.string(), z.unknown()),
});

const emailDataSchema = z.object({
  email_id: z.string().min(1).max(255),
  created_at: z.string().optional(),
  from: z.string().optional(),
  to: z.array(z.string()).optional(),
  subject: z.string().optional(),
  broadcast_id: z.string().optional(),
  tags: z.unknown().optional(),
});

const optionalText = z.string().max(10_000).optional();

export const resendEmailEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['email.sent', 'email.delivered', 'email.delivery_delayed', 'email.complained']),
    created_at: timestampSchema,
    data: emailDataSchema,
  }),
  z.object({
    type: z.literal('email.opened'),
    created_at: timestampSchema,
    data: emailDataSchema.extend({
      /**
       * Resend documents no such field; some providers flag opens made by privacy proxies and
       * security scanners. Honoured when present (decision 025): `true` makes the open a machine
       * open whatever its timing. Any other value is ignored rather than refusing the event.
       */
      machine_open: z.boolean().optional().catch(undefined),
    }),
  }),
  z.object({
    type: z.literal('email.bounced'),
    created_at: timestampSchema,
    data: emailDataSchema.extend({
      // `Permanent` | `Transient` | `Undetermined`; only Permanent suppresses the contact.
      bounce: z.object({ type: z.string().max(100), subType: optionalText, message: optionalText }),
    }),
  }),
  z.object({
    type: z.literal('email.clicked'),
    created_at: timestampSchema,
    data: emailDataSchema.extend({
      click: z
        .object({
          link: optionalText,
          timestamp: timestampSchema.optional(),
          ipAddress: optionalText,
          userAgent: optionalText,
        })
        .optional(),
    }),
  }),
  z.object({
    type: z.literal('email.failed'),
    created_at: timestampSchema,
    data: emailDataSchema.extend({ failed: z.object({ reason: optionalText }).optional() }),
  }),
  z.object({
    type: z.literal('email.suppressed'),
    created_at: timestampSchema,
    data: emailDataSchema.extend({
      suppressed: z.object({ message: optionalText, type: optionalText }).optional(),
    }),
  }),
]);
export type ResendEmailEvent = z.infer<typeof resendEmailEventSchema>;

export type ParsedResendEvent =
  | { known: true; event: ResendEmailEvent }
  /** Another type (contact.*, domain.*, email.received ...): stored for the record, never applied. */
  | { known: false; type: string; createdAt: string; emailId: string | null };

export type ParseResendEventResult = { ok: true; value: ParsedResendEvent } | { ok: false; error: string };

const knownTypes: ReadonlySet<string> = new Set(RESEND_EMAIL_EVENT_TYPES);

/** Classifies an already JSON-parsed body. A known type with a body we cannot read is an error. */
export function parseResendEvent(body: unknown): ParseResendEventResult {
  const envelope = resendEnvelopeSchema.safeParse(body);
  if (!envelope.success)
    return { ok: false, error: 'Not a Resend event (type, created_at and data required)' };
  const { type, created_at, data } = envelope.data;
  if (!knownTypes.has(type)) {
    const emailId = typeof data.email_id === 'string' && data.email_id.length <= 255 ? data.email_id : null;
    return { ok: true, value: { known: false, type, createdAt: created_at, emailId } };
  }
  const event = resendEmailEventSchema.safeParse(body);
  if (!event.success) return { ok: false, error: `Malformed ${type} event` };
  return { ok: true, value: { known: true, event: event.data } };
}
