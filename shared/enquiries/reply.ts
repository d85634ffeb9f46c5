import { z } from 'zod';
import { MAX_TEMPLATE_HTML_BYTES, MAX_TEMPLATE_SUBJECT } from '../templates/variables.ts';

export { REPLY_FIELDS, type ReplyField } from '../templates/kinds.ts';

export const REPLY_MESSAGES = {
  sent: 'Reply queued',
  noEmail: 'This seller has no e-mail address to reply to.',
  templateNotFound: 'Reply template not found',
} as const;

export const enquiryReplyPreviewInputSchema = z.object({
  id: z.uuid(),
  templateId: z.uuid(REPLY_MESSAGES.templateNotFound),
});

export const enquiryReplyInputSchema = z.object({
  id: z.uuid(),
  templateId: z.uuid().nullable(),
  subject: z
    .string()
    .refine((s) => !/[\r\n]/.test(s), 'Subject cannot contain line breaks')
    .trim()
    .min(1, 'Subject is required')
    .max(MAX_TEMPLATE_SUBJECT),
  html: z
    .string()
    .refine((h) => h.trim() !== '', 'Write the message first')
    .refine((h) => h.length < MAX_TEMPLATE_HTML_BYTES, 'The message is too long'),
});

export interface ReplyDraft {
  subject: string;
  html: string;
}
