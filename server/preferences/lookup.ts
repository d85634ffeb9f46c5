import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { copyLinkParagraph, p, renderBody } from '../email/layout/body.ts';
import { buttonElement } from '../email/layout/layout.ts';
import { layoutMessage } from '../email/layout/message.ts';
import type { EmailMessage } from '../email/types.ts';
import { consumeRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { preferencesUrl } from '../unsubscribe/entry.ts';
import { applyPreferenceAction, type ChangeSource, lockContactIdByEmail } from './preferences.ts';

/**
 * Look-up by e-mail (decision 004). Nothing here may tell a caller whether an address is on
 * file: both operations do the same checks, return nothing, and differ only in what happens to a
 * known lead. The limits bound how many addresses one client can probe and how often one inbox can
 * be sent a link.
 */
export const LOOKUP_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 15 * 60 },
  perIp: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** At most one link e-mail per lead in this window, however often it is asked for. */
const LINK_EMAIL_WINDOW_MS = 15 * 60 * 1000;

export type LookupAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// Addresses are hashed in rate-limit keys: that table is not a place to keep a list of e-mails.
function addressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/** Counts one look-up against the caller's IP and against the address, whether or not it is on file. */
export async function consumeLookupAllowance(
  db: Database,
  { email, ip }: { email: string; ip: string | null },
  now = new Date(),
): Promise<LookupAllowance> {
  const byIp = await consumeRateLimit(
    db,
    `preferences-lookup:ip:${ip ?? 'unknown'}`,
    LOOKUP_LIMITS.perIp,
    now,
  );
  const byAddress = await consumeRateLimit(
    db,
    `preferences-lookup:email:${addressKey(email)}`,
    LOOKUP_LIMITS.perAddress,
    now,
  );
  const refused = [byIp, byAddress].filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
}

/** "Unsubscribe this address from all marketing": e-mail and SMS, for a contact with this address if any. */
export async function unsubscribeByEmail(
  db: Database,
  email: string,
  source: Omit<ChangeSource, 'method' | 'campaignId'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const contactId = await lockContactIdByEmail(trx, email);
    if (contactId === null) return;
    await applyPreferenceAction(trx, contactId, 'both', { ...source, method: 'manual', campaignId: null });
  });
}

export function preferencesLinkEmail(
  config: AppServices['config'],
  contact: { id: string; email: string },
): EmailMessage {
  const url = preferencesUrl(config, { contactId: contact.id });
  const { site } = config;
  const subject = `Manage your marketing preferences with ${site.name}`;
  // In the layout with the identity footer (decision 051), which the old hand-made footer repeated.
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: 'See and change what we send you.',
    body: renderBody([
      p('Hello,'),
      p(
        `Someone (hopefully you) asked to manage the marketing preferences of this address with ${site.name}.`,
      ),
      p('Open this link to see and change what we send you:'),
      buttonElement(url, 'Manage my preferences'),
      copyLinkParagraph(url),
      p('If you did not ask for this, you can ignore this e-mail: nothing has changed.'),
    ]),
  });
  return {
    from: config.emailFrom,
    to: [contact.email],
    subject,
    html,
    text,
    tags: [{ name: 'kind', value: 'preferences-link' }],
  };
}

/** "Email me a link to manage my preferences": queued only when the address is on file. */
export async function requestPreferencesLink(
  services: Pick<AppServices, 'db' | 'config' | 'jobs'>,
  email: string,
  now = new Date(),
): Promise<void> {
  const contact = await services.db
    .selectFrom('leads')
    .select(['id', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!contact) return;
  // Same key within a window: repeated requests queue one e-mail, so the form cannot flood an inbox.
  const windowIndex = Math.floor(now.getTime() / LINK_EMAIL_WINDOW_MS);
  await enqueueEmail(
    services,
    preferencesLinkEmail(services.config, contact),
    `preferences-link-${contact.id}-${windowIndex}`,
  );
}
