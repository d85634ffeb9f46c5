import { z } from 'zod';

const headerValue = z.string().refine((v) => !/[\r\n]/.test(v), 'Header values cannot contain line breaks');

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
});
