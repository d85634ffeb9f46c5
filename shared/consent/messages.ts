/**
 * Confirming marketing consent asked for on the sell form (double opt-in, decision 016). The seller's
 * acknowledgement carries a signed link to /confirm-subscription; the page says what the address is
 * about to agree to and asks for one click, so a mail scanner that follows links confirms nothing.
 *
 * No zod here: the public route module reads these, and it is part of every public page's first
 * script, which must not load zod before client/src/zod-csp.ts has switched its code generation off.
 */

// The page's path lives with the routes: the public router's first script reads it, and this
// module (only the page's own chunk needs it) then stays out of that script.
export { CONSENT_CONFIRMATION_PATH } from '../content/routes.ts';
/** How long the e-mailed link works, counted from the submission. */
export const CONSENT_CONFIRMATION_TTL_DAYS = 7;

export const CONFIRMATION_MESSAGES = {
  invalid:
    'This confirmation link is not valid. Please use the link in your e-mail exactly as it was sent; nothing has been changed.',
  expired: `This confirmation link has expired: links work for ${CONSENT_CONFIRMATION_TTL_DAYS} days. Nothing has been changed. To receive our updates, tick the box again the next time you send us a watch, or ask us when we reply.`,
  nothingPending:
    'There is nothing left to confirm for this address: it is already confirmed, or it was unsubscribed since.',
  confirmed: 'Thank you: your subscription is confirmed.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export type ConsentChannel = 'email' | 'sms';

/** What the page shows for a link; only `pending` offers the button. */
export type ConsentConfirmationView =
  | { state: 'invalid' }
  | { state: 'expired' }
  | { state: 'nothing_pending'; email: string }
  | { state: 'pending'; email: string; channels: ConsentChannel[]; expiresAt: string }
  | { state: 'confirmed'; email: string; channels: ConsentChannel[] };

export function channelsPhrase(channels: readonly ConsentChannel[]): string {
  const names = channels.map((channel) => (channel === 'email' ? 'e-mail' : 'SMS'));
  return names.join(' and ');
}
