import { z } from 'zod';

/** Marketing preferences page (docs/spec/public-site.md §2, §4, §8; decision 004). */

export const MAX_UNSUBSCRIBE_REASON = 500;
// The longest signed token is 66 characters; the cap only keeps absurd input away from the verifier.
const MAX_TOKEN_LENGTH = 256;

export const PREFERENCES_MESSAGES = {
  invalidLink: 'Invalid unsubscribe link. Please check your email for the correct link.',
  linkNotFound:
    'Could not find your preferences with this link. Please enter your email below to look up your preferences.',
  unexpected: 'An unexpected error occurred. Please try again.',
  updateFailed: 'Failed to update your preferences. Please try again.',
  /** docs/spec/public-site.md §8: the wording when the update threw (no answer, or a server fault). */
  updateException: 'Failed to update preferences. Please try again.',
  updated: 'Your preferences have been successfully updated.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 255 characters',
  reasonTooLong: `Reason must be at most ${MAX_UNSUBSCRIBE_REASON} characters`,
  stillSubscribedAsk:
    'Would you still like to hear from us? Say so and we will keep sending you our e-mails.',
  stillSubscribedButton: 'Yes, keep me subscribed',
  stillSubscribedThanks: 'Thank you: we will keep sending you our e-mails.',
  stillSubscribedNotSubscribed:
    'You are not subscribed to our marketing e-mails. To receive them again, choose “Resubscribe to Email” below.',
  suppressed:
    'This address cannot be resubscribed to marketing e-mails because earlier e-mails to it bounced or were reported as spam. Please contact us if you would like to receive them again.',
} as const;

/** Shown for any address, on file or not: the answer must not reveal which (decision 4). */
export function unsubscribedByEmailMessage(email: string): string {
  return `Done. We will not send marketing e-mails or SMS to ${email}.`;
}

export function linkRequestedMessage(email: string): string {
  return `If ${email} is on our list, we have e-mailed it a link to manage your preferences. Please check your inbox (and spam folder) in a few minutes.`;
}

export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

export const preferenceActions = ['email', 'sms', 'both', 'resubscribe_email', 'resubscribe_sms'] as const;
export type PreferenceAction = (typeof preferenceActions)[number];

const token = z.string().trim().min(1).max(MAX_TOKEN_LENGTH);

export const preferencesGetInputSchema = z.object({ token });

/**
 * The re-permission e-mail's link (decision 089): the preferences page with `?keep=1` asks "do you
 * still want to hear from us?", and its button sends `preferences.stillSubscribed`.
 */
export const STILL_SUBSCRIBED_PARAM = 'keep';
export const preferencesStillSubscribedInputSchema = z.object({ token });

/** Optional free text; blank becomes undefined so nothing meaningless is stored. */
export const unsubscribeReasonSchema = z
  .string()
  .trim()
  .max(MAX_UNSUBSCRIBE_REASON, PREFERENCES_MESSAGES.reasonTooLong)
  .optional()
  .transform((value) => (value ? value : undefined));

export const preferencesUpdateInputSchema = z.object({
  token,
  action: z.enum(preferenceActions),
  reason: unsubscribeReasonSchema,
});

/** The e-mail look-up field: empty, too long and malformed each get their own message. */
export const lookupEmailSchema = z
  .string({ error: PREFERENCES_MESSAGES.emailRequired })
  .trim()
  .min(1, PREFERENCES_MESSAGES.emailRequired)
  // Length before format, so the format check never runs on an arbitrarily long input.
  .max(255, PREFERENCES_MESSAGES.emailTooLong)
  .pipe(z.email(PREFERENCES_MESSAGES.emailInvalid));

export const preferencesEmailInputSchema = z.object({ email: lookupEmailSchema });

export const preferencesUnsubscribeByEmailInputSchema = preferencesEmailInputSchema.extend({
  reason: unsubscribeReasonSchema,
});

/** What the page shows for a signed link: never the raw address, never any other field. */
export interface PreferencesView {
  /** Masked, e.g. j***@example.com. */
  email: string;
  emailSubscribed: boolean;
  smsSubscribed: boolean;
  /** Hard bounce or complaint: e-mail marketing cannot be turned back on from this page. */
  emailSuppressed: boolean;
  /** The contact once opted out (as opposed to never subscribing): "Resubscribe", not "Subscribe". */
  emailOptedOut: boolean;
  smsOptedOut: boolean;
}
