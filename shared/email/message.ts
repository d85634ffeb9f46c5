import { z } from 'zod';

const headerValue = z.string().refine((v) => !/[\r\n]/.test(v), 'Header values cannot contain line breaks');

/**
 * A file sent with an e-mail: its bytes as base64, so the message stays JSON in the job queue and
 * the outbox (the calendar invitation of an appointment, decision 062).
 */
export const emailAttachmentSchema = z.object({
  filename: headerValue.min(1).max(255),
  content: z.base64().max(512 * 1024),
  contentType: headerValue.max(255).optional(),
});

/** One outgoing e-mail, whatever the transport. */
export const emailMessageSchema = z.object({
  from: headerValue.min(3),
  to: z.array(z.email()).min(1).max(50),
  replyTo: z.email().optional(),
  subject: headerValue.min(1).max(998),
  html: z.string().optional(),
  text: z.string().optional(),
  headers: z.record(z.string(), headerValue).optional(),
  tags: z
    .array(z.object({ name: z.string().regex(/^[\w-]{1,256}$/), value: z.string().regex(/^[\w-]{1,256}$/) }))
    .optional(),
  attachments: z.array(emailAttachmentSchema).max(10).optional(),
});
