import { z } from 'zod';
import { listPageSchema, MAX_PAGE, MAX_SEARCH_LENGTH, searchTermSchema } from '../admin/lists.ts';
import { readDay, readOneOf, readPage, readText, readTrue, readUuid } from '../url-search.ts';
import { purchaseRecordInputSchema } from '../register/schemas.ts';
import type { IncomingAttachment } from './unmatched.ts';
import { type EnquiryStatus, enquiryStatuses, enquiryStatusSchema, MAX_REASON_LENGTH } from './status.ts';

/** One zod schema per `admin.enquiries.*` input (decision 026). */

export const ENQUIRIES_PAGE_SIZE = 20;
/** The promise on the site: a reply within 24 hours. Older enquiries still New show in red. */
export const REPLY_PROMISE_HOURS = 24;
export const MAX_NOTE_LENGTH = 5000;
export const MAX_OFFER_CONDITIONS = 2000;
/**
 * A million dollars is beyond any watch this business buys; a typo beyond it is refused (decision
 * 026). Whole cents: $1,000,000.00.
 */
export const MAX_OFFER_CENTS = 1_000_000_00;

export const ENQUIRY_MESSAGES = {
  notFound: 'Enquiry not found',
  noEnquiries: 'No enquiries found',
  unknownAssignee: 'That person is not an admin.',
  offerClosed: 'This enquiry is closed: reopen it before recording an offer.',
  redacted: 'Photos and free text were removed under the retention policy.',
  offerTooLarge: 'An offer cannot be more than $1,000,000.',
  offerExpired: 'The offer cannot be valid until a day that has already passed.',
  purchaseRecordRequired: 'Record the purchase: price, payment, the seller’s identity and the watch.',
  purchaseOnlyOnPurchase: 'Only a move to Purchased takes a purchase record.',
} as const;

const day = z.iso.date();

export const enquiriesListInputSchema = z.object({
  search: searchTermSchema,
  status: enquiryStatusSchema.optional(),
  brand: z.string().trim().max(100).optional(),
  /** An admin's user id, or 'unassigned'. */
  assignee: z.union([z.uuid(), z.literal('unassigned')]).optional(),
  awaitingReply: z.boolean().default(false),
  /** Calendar days in the settings timezone, both included. */
  from: day.optional(),
  to: day.optional(),
  page: listPageSchema,
});
export type EnquiriesListInput = z.output<typeof enquiriesListInputSchema>;

export const enquiryIdInputSchema = z.object({ id: z.uuid(ENQUIRY_MESSAGES.notFound) });

/**
 * A status change. Purchased carries the purchase record, the dealer's register entry (decision
 * 058, which replaced decision 026's bare price): its price is the final price paid, AUD whole
 * cents within the offer cap; no other move carries one.
 */
export const enquiryStatusInputSchema = z
  .object({
    id: z.uuid(ENQUIRY_MESSAGES.notFound),
    to: enquiryStatusSchema,
    reason: z.string().trim().max(MAX_REASON_LENGTH).optional(),
    purchase: purchaseRecordInputSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.to === 'purchased' && input.purchase === undefined)
      ctx.addIssue({ code: 'custom', message: ENQUIRY_MESSAGES.purchaseRecordRequired, path: ['purchase'] });
    if (input.to !== 'purchased' && input.purchase !== undefined)
      ctx.addIssue({ code: 'custom', message: ENQUIRY_MESSAGES.purchaseOnlyOnPurchase, path: ['purchase'] });
  });

export const enquiryAssignInputSchema = z.object({
  id: z.uuid(ENQUIRY_MESSAGES.notFound),
  assigneeId: z.uuid().nullable(),
});

export const enquiryNoteInputSchema = z.object({
  id: z.uuid(ENQUIRY_MESSAGES.notFound),
  body: z.string().trim().min(1, 'Write a note first').max(MAX_NOTE_LENGTH),
});

export const enquiryOfferInputSchema = z.object({
  id: z.uuid(ENQUIRY_MESSAGES.notFound),
  /** Whole cents of AUD, so no floating-point rounding reaches the record. */
  amountCents: z
    .number()
    .int()
    .positive('Enter an amount')
    .max(MAX_OFFER_CENTS, ENQUIRY_MESSAGES.offerTooLarge),
  validUntil: day.nullable(),
  conditions: z.string().trim().max(MAX_OFFER_CONDITIONS).nullable(),
});

/**
 * The offer input as recorded on `today` (the business's day, not the browser's or the server's):
 * an offer may be valid until today or later, never until a day already gone (decision 026). The
 * server checks it after the static schema, knowing the timezone; the form checks it the same way.
 */
export function enquiryOfferInputSchemaOn(today: string) {
  return enquiryOfferInputSchema.refine((offer) => offer.validUntil === null || offer.validUntil >= today, {
    message: ENQUIRY_MESSAGES.offerExpired,
    path: ['validUntil'],
  });
}

/** /admin/enquiries?search=&status=&brand=&assignee=&awaiting=1&from=&to=&page= */
export interface EnquiriesSearchParams {
  search?: string | undefined;
  status?: EnquiryStatus | undefined;
  brand?: string | undefined;
  assignee?: string | undefined;
  awaiting?: true | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

export function parseEnquiriesSearch(raw: Record<string, unknown>): EnquiriesSearchParams {
  const assignee = raw.assignee === 'unassigned' ? 'unassigned' : readUuid(raw.assignee);
  return {
    search: readText(raw.search, MAX_SEARCH_LENGTH),
    status: readOneOf(raw.status, enquiryStatuses),
    brand: readText(raw.brand, 100),
    assignee,
    awaiting: readTrue(raw.awaiting),
    from: readDay(raw.from),
    to: readDay(raw.to),
    page: readPage(raw.page, MAX_PAGE),
  };
}

export interface EnquirySummary {
  id: string;
  reference: string;
  contactId: string;
  sellerName: string | null;
  sellerEmail: string;
  sellerPhone: string | null;
  watchBrand: string;
  watchModel: string | null;
  watchYear: number | null;
  watchCondition: string;
  hasBox: boolean;
  hasPapers: boolean;
  source: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  status: EnquiryStatus;
  assigneeId: string | null;
  assigneeEmail: string | null;
  /** Decision 057: the assignee's display name; the address stands in without one. */
  assigneeName: string | null;
  /** The first photo, for the thumbnail. */
  photoId: string | null;
  photoCount: number;
  /** Messages from the seller no member has read yet (decision 060). */
  unreadCount: number;
  firstRepliedAt: string | null;
  createdAt: string;
}

export interface AwaitingReply {
  count: number;
  /** The oldest enquiry still awaiting its first reply. */
  oldestAt: string | null;
}

export interface EnquiryOffer {
  id: string;
  amountCents: number;
  currency: 'AUD';
  validUntil: string | null;
  conditions: string | null;
  createdByEmail: string | null;
  createdAt: string;
  /** The seller's answer on their page (decision 059), or null while unanswered. */
  response: OfferResponse | null;
}

export interface OfferResponse {
  kind: 'accepted' | 'declined';
  /** The full name the seller typed to accept; compared with nothing, kept as signed. */
  typedName: string | null;
  reason: string | null;
  /** The ownership declaration's version accepted with it. */
  termsVersion: string | null;
  ip: string | null;
  userAgent: string | null;
  at: string;
  /** The certificate of an online acceptance (decision 072): its id and its file's SHA-256. */
  certificate: { id: string; sha256: string } | null;
}

export type TimelineEntry =
  | { kind: 'submitted'; at: string }
  | {
      kind: 'status';
      at: string;
      from: EnquiryStatus | null;
      to: EnquiryStatus;
      reason: string | null;
      actor: string | null;
    }
  | { kind: 'note'; at: string; body: string; actor: string | null }
  | {
      kind: 'assignment';
      at: string;
      assigneeEmail: string | null;
      assigneeName: string | null;
      actor: string | null;
    }
  | { kind: 'offer'; at: string; offer: EnquiryOffer }
  | {
      kind: 'email';
      at: string;
      messageId: string;
      subject: string;
      to: string;
      actor: string | null;
      /** The automation flow that sent this reply (decision 065); null for one written by hand. */
      flow: string | null;
    }
  | { kind: 'email_event'; at: string; messageId: string; type: string; detail: string | null }
  | {
      /** The seller accepted or declined an offer on their page (decision 059). */
      kind: 'offer_response';
      at: string;
      offerId: string;
      response: 'accepted' | 'declined';
      typedName: string | null;
      reason: string | null;
    }
  /** A flow this enquiry started: entered, sent an e-mail, left or finished (decision 066). */
  | { kind: 'flow'; at: string; text: string }
  | {
      /**
       * The seller booked, moved or cancelled a visit on their page, or a member marked it
       * attended or not attended (decision 062).
       */
      kind: 'appointment';
      at: string;
      action: 'booked' | 'rescheduled' | 'cancelled' | 'attended' | 'no_show';
      startsAt: string;
      city: string;
      /** A cancellation by the enquiry's move into this status, not by the seller; else null. */
      withStatus: EnquiryStatus | null;
      /** The member who marked the outcome, by address; null for the seller's steps. */
      actor: string | null;
    }
  | {
      /**
       * The seller asked for an insured shipping kit; a member marked it posted, or it was
       * withdrawn as the enquiry was closed or purchased (decision 062).
       */
      kind: 'shipping_kit';
      at: string;
      action: 'requested' | 'dispatched' | 'withdrawn';
      actor: string | null;
    }
  | {
      /** A message from the seller: an e-mailed reply or one written on their page (decision 060). */
      kind: 'incoming';
      at: string;
      messageId: string;
      source: 'email' | 'seller_page';
      from: string | null;
      subject: string | null;
      body: string;
      read: boolean;
      attachments: IncomingAttachment[];
    };

export interface EnquiryDetail extends EnquirySummary {
  additionalDetails: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  /** The external page the seller came from, origin and path (decision 100). */
  referrer: string | null;
  emailConsentRequested: boolean;
  smsConsentRequested: boolean;
  photoIds: string[];
  redactedAt: string | null;
  closedAt: string | null;
  /** The final price paid, AUD whole cents; null before Purchased (and for older purchases). */
  purchasePriceCents: number | null;
  consent: {
    emailMarketingConsent: boolean;
    smsMarketingConsent: boolean;
    emailConsentPending: boolean;
    smsConsentPending: boolean;
    emailUnsubscribedAt: string | null;
    suppressedAt: string | null;
  };
  otherEnquiries: Array<{
    id: string;
    reference: string;
    watchBrand: string;
    watchModel: string | null;
    status: EnquiryStatus;
    createdAt: string;
  }>;
  offers: EnquiryOffer[];
  timeline: TimelineEntry[];
  /** The names of the members the timeline and offers name by address (decision 095). */
  people: Record<string, string>;
}
