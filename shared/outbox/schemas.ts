import { z } from 'zod';

export const OUTBOX_PAGE_SIZE = 20;

export const outboxListInputSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  /** Case-insensitive match on a recipient address or the subject. */
  search: z.string().trim().max(255).optional(),
});
export type OutboxListInput = z.input<typeof outboxListInputSchema>;

export const outboxGetInputSchema = z.object({ id: z.uuid() });

export interface OutboxEmailSummary {
  id: string;
  to: string[];
  from: string;
  subject: string;
  createdAt: string;
}

export interface OutboxEmailDetail extends OutboxEmailSummary {
  replyTo: string | null;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
}
