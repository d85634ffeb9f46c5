import { z } from 'zod';

// The "Unmatched mail" list (decision 060): replies whose address named no known enquiry, kept
// until a member files each on its enquiry or dismisses it.

export const UNMATCHED_MESSAGES = {
  notFound: 'That message is not in the unmatched mail any more.',
  enquiryNotFound: 'Enquiry not found',
  filed: 'Filed on the enquiry',
  dismissed: 'Dismissed',
} as const;

/** The longest dismissal reason kept. */
export const MAX_DISMISS_REASON_LENGTH = 500;

/** The characters of a message's text shown in the list. */
export const UNMATCHED_PREVIEW_CHARS = 300;

export const unmatchedFileInputSchema = z.object({
  id: z.uuid(UNMATCHED_MESSAGES.notFound),
  enquiryId: z.uuid(UNMATCHED_MESSAGES.enquiryNotFound),
});
export type UnmatchedFileInput = z.output<typeof unmatchedFileInputSchema>;

export const unmatchedDismissInputSchema = z.object({
  id: z.uuid(UNMATCHED_MESSAGES.notFound),
  reason: z.string().trim().max(MAX_DISMISS_REASON_LENGTH).optional(),
});
export type UnmatchedDismissInput = z.output<typeof unmatchedDismissInputSchema>;

/** An attachment of an incoming message as the admin sees it: never its bytes. */
export interface IncomingAttachment {
  id: string;
  filename: string;
  contentType: string;
  bytes: number;
  /** An image filed as a photo of the enquiry (shown with the photos). */
  photoId: string | null;
  /** Kept privately: downloadable by members through the attachment route. */
  downloadable: boolean;
  refusedReason: string | null;
}

export interface UnmatchedMessage {
  id: string;
  fromEmail: string | null;
  fromName: string | null;
  subject: string | null;
  receivedAt: string;
  /** The start of the plain text (never the HTML part). */
  preview: string;
  attachments: IncomingAttachment[];
}
