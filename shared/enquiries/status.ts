import { z } from 'zod';

/**
 * The enquiry pipeline (decision 026): the one table of allowed status changes. The
 * server refuses anything else; the admin shows only the actions this table allows.
 */
export const enquiryStatuses = [
  'new',
  'contacted',
  'offer_made',
  'accepted',
  'purchased',
  'declined',
  'lost',
  'spam',
] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];
export const enquiryStatusSchema = z.enum(enquiryStatuses);

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  offer_made: 'Offer made',
  accepted: 'Accepted',
  purchased: 'Purchased',
  declined: 'Declined',
  lost: 'Lost',
  spam: 'Spam',
};

/** Closed enquiries whose photos and free text the retention job deletes (decision 026). */
export const closedStatuses = ['declined', 'lost', 'spam'] as const satisfies readonly EnquiryStatus[];
export type ClosedStatus = (typeof closedStatuses)[number];

export function isClosed(status: EnquiryStatus): status is ClosedStatus {
  return (closedStatuses as readonly EnquiryStatus[]).includes(status);
}

/**
 * Whether an offer may still be recorded: not once the watch is bought (Purchased is final) nor
 * while the enquiry is closed (decision 026). The server refuses one; the admin hides the form.
 */
export function takesOffers(status: EnquiryStatus): boolean {
  return status !== 'purchased' && !isClosed(status);
}

/**
 * From each status, where it may go. Purchased is final (the dealer's records keep it). A closed
 * enquiry may be reopened as Contacted (a seller who comes back), and Spam only back to New (marked
 * by mistake). Offer made → Offer made is not a change: a new offer is recorded as an offer.
 */
export const ENQUIRY_TRANSITIONS: Readonly<Record<EnquiryStatus, readonly EnquiryStatus[]>> = {
  new: ['contacted', 'offer_made', 'declined', 'lost', 'spam'],
  contacted: ['offer_made', 'declined', 'lost', 'spam'],
  offer_made: ['accepted', 'contacted', 'declined', 'lost'],
  accepted: ['purchased', 'lost'],
  purchased: [],
  declined: ['contacted'],
  lost: ['contacted'],
  spam: ['new'],
};

/** A status whose change needs a reason typed by the admin. */
export const REASON_REQUIRED: ReadonlySet<EnquiryStatus> = new Set(['lost']);
export const MAX_REASON_LENGTH = 500;

export function allowedTransitions(from: EnquiryStatus): readonly EnquiryStatus[] {
  return ENQUIRY_TRANSITIONS[from];
}

export const STATUS_MESSAGES = {
  notAllowed: (from: EnquiryStatus, to: EnquiryStatus) =>
    `An enquiry cannot move from ${ENQUIRY_STATUS_LABELS[from]} to ${ENQUIRY_STATUS_LABELS[to]}.`,
  reasonRequired: 'Please give a reason why this enquiry was lost.',
  changed: 'The enquiry moved on while you were looking at it. Reload and try again.',
} as const;

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** The one rule the server enforces and the client mirrors. */
export function checkTransition(
  from: EnquiryStatus,
  to: EnquiryStatus,
  reason: string | null | undefined,
): TransitionCheck {
  if (!ENQUIRY_TRANSITIONS[from].includes(to))
    return { ok: false, message: STATUS_MESSAGES.notAllowed(from, to) };
  if (REASON_REQUIRED.has(to) && !reason?.trim())
    return { ok: false, message: STATUS_MESSAGES.reasonRequired };
  return { ok: true };
}
