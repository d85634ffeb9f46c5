import { z } from 'zod';
import { lookupEmailSchema, tooManyRequestsMessage } from '../preferences/schemas.ts';
import type { EnquiryStatus } from './status.ts';

/**
 * The seller's private page and offers answered online (decision 059): one zod schema per input of
 * `seller.*`, the words the page and the server share, and the ownership declaration the seller
 * signs when accepting, with the version stored on every acceptance.
 */

/** The path of the seller's page; the token follows it: /enquiry/<token>. */
export const SELLER_PAGE_PATH = '/enquiry';

export function sellerPagePath(token: string): string {
  return `${SELLER_PAGE_PATH}/${token}`;
}

/** Bumped whenever the declaration's words change, so each acceptance records what was signed. */
export const OWNERSHIP_DECLARATION_VERSION = '2026-11-27';

export const OWNERSHIP_DECLARATION =
  'I declare that I own this watch or am authorised to sell it, that it is not stolen, and that no finance or other debt is owing on it.';

export const MAX_SELLER_MESSAGE_LENGTH = 5000;
export const MAX_TYPED_NAME_LENGTH = 200;
export const MAX_DECLINE_REASON_LENGTH = 1000;
/** Longest token the server ever makes is 50 characters; longer input is refused before decoding. */
export const MAX_SELLER_TOKEN_LENGTH = 64;

export const SELLER_MESSAGES = {
  linkInvalid: 'This link has expired or is no longer valid',
  newLinkSent: "If we have an enquiry for that address, we've sent a new link",
  offerNotFound: 'That offer is not on this enquiry.',
  offerExpired: 'This offer has expired. Send us a message and we will look at it again.',
  offerSuperseded: 'This offer has been replaced by a newer one. Please see the current offer.',
  offerAnswered: 'You have already answered this offer.',
  enquiryClosed: 'This enquiry is closed, so the offer can no longer be answered.',
  nameRequired: 'Type your full name to accept the offer.',
  declarationRequired: 'Please tick the declaration to accept the offer.',
  messageRequired: 'Write a message first.',
  messageTooLong: `A message can be at most ${MAX_SELLER_MESSAGE_LENGTH.toLocaleString('en-AU')} characters.`,
  messageSent: 'Thank you. Your message is with our team.',
  accepted: 'Thank you. You accepted the offer; we will be in touch to arrange the next step.',
  declined: 'Thank you for letting us know. You declined the offer.',
  tooManyRequests: tooManyRequestsMessage,
} as const;

/** The status in plain words, as the seller reads it on their page. */
export const SELLER_STATUS_WORDS: Record<EnquiryStatus, string> = {
  new: "We're reviewing your watch",
  contacted: "We're reviewing your watch",
  offer_made: "We've made you an offer",
  accepted: 'You accepted our offer',
  purchased: 'We have bought your watch',
  declined: 'This enquiry is closed',
  lost: 'This enquiry is closed',
  spam: 'This enquiry is closed',
};

const token = z.string().trim().min(1).max(MAX_SELLER_TOKEN_LENGTH);

export const sellerTokenInputSchema = z.object({ token });

export const sellerAcceptInputSchema = z.object({
  token,
  offerId: z.uuid(SELLER_MESSAGES.offerNotFound),
  typedName: z
    .string({ error: SELLER_MESSAGES.nameRequired })
    .trim()
    .min(2, SELLER_MESSAGES.nameRequired)
    .max(MAX_TYPED_NAME_LENGTH),
  declaration: z.literal(true, { error: SELLER_MESSAGES.declarationRequired }),
});

export const sellerDeclineInputSchema = z.object({
  token,
  offerId: z.uuid(SELLER_MESSAGES.offerNotFound),
  reason: z
    .string()
    .trim()
    .max(MAX_DECLINE_REASON_LENGTH)
    .optional()
    .transform((value) => (value ? value : null)),
});

export const sellerMessageInputSchema = z.object({
  token,
  body: z
    .string({ error: SELLER_MESSAGES.messageRequired })
    .trim()
    .min(1, SELLER_MESSAGES.messageRequired)
    .max(MAX_SELLER_MESSAGE_LENGTH, SELLER_MESSAGES.messageTooLong),
});

export const sellerNewLinkInputSchema = z.object({ email: lookupEmailSchema });

/**
 * The seller's link is a bearer credential (decision 067): a member with enquiries.write reveals or
 * copies it, each time audited under the use named here; nobody reads it by loading a page.
 */
export const sellerLinkRevealInputSchema = z.object({
  id: z.uuid('That enquiry was not found.'),
  use: z.enum(['view', 'copy'], { error: 'Say whether the link is shown or copied.' }),
});

export const SELLER_LINK_MESSAGES = {
  noLink: 'This enquiry has no seller link yet: the seller gets one with the first e-mail.',
} as const;

export interface SellerOfferView {
  id: string;
  amountCents: number;
  /** YYYY-MM-DD, the last day the offer stands, or null for no limit. */
  validUntil: string | null;
  conditions: string | null;
  /** Whether the seller may still answer it here (current, in date, unanswered, enquiry open). */
  answerable: boolean;
  response: {
    kind: 'accepted' | 'declined';
    at: string;
    typedName: string | null;
    /** The certificate of an online acceptance (decision 072), to download from the page. */
    certificate: { id: string; sha256: string } | null;
  } | null;
}

export type SellerConversationEntry =
  { kind: 'ours'; at: string; subject: string; text: string } | { kind: 'theirs'; at: string; text: string };

/** Everything the seller's page shows, of their one enquiry and nothing else. */
export interface SellerPageView {
  reference: string;
  firstName: string;
  status: EnquiryStatus;
  statusWords: string;
  watch: {
    brand: string;
    model: string | null;
    year: number | null;
    condition: string;
    hasBox: boolean;
    hasPapers: boolean;
  };
  submittedAt: string;
  photoIds: string[];
  offer: SellerOfferView | null;
  conversation: SellerConversationEntry[];
  declaration: { text: string; version: string };
}
