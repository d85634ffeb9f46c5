import { createHash } from 'node:crypto';
import type { DbExecutor } from '../db/database.ts';
import { consumeRateLimit, type RateLimitRule } from '../security/rate-limit.ts';

// How often a network, an enquiry or an address may use the seller's page (decision 059).

export const SELLER_LIMITS = {
  /** Page views and answers from one network: a person reloads, a script probing tokens does not. */
  perIp: { limit: 120, windowSeconds: 15 * 60 },
  /** Thumbnails on the page: a view loads each of its photos (at most ten). */
  photosPerIp: { limit: 600, windowSeconds: 15 * 60 },
  /** Messages written on one enquiry's page. */
  messagesPerEnquiry: { limit: 10, windowSeconds: 60 * 60 },
  /** The expired-link form: how many addresses one network may try, and how often one inbox is mailed. */
  newLinkPerIp: { limit: 20, windowSeconds: 60 * 60 },
  newLinkPerAddress: { limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function allowance(
  db: DbExecutor,
  checks: Array<[string, RateLimitRule]>,
  now: Date,
): Promise<Allowance> {
  const results = [];
  for (const [key, rule] of checks) results.push(await consumeRateLimit(db, key, rule, now));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
}

export function consumeSellerPageAllowance(db: DbExecutor, ip: string | null, now = new Date()) {
  return allowance(db, [[`seller-page:ip:${ip ?? 'unknown'}`, SELLER_LIMITS.perIp]], now);
}

export function consumeSellerPhotoAllowance(db: DbExecutor, ip: string | null, now = new Date()) {
  return allowance(db, [[`seller-photo:ip:${ip ?? 'unknown'}`, SELLER_LIMITS.photosPerIp]], now);
}

// Addresses are hashed in rate-limit keys: that table is not a place to keep a list of e-mails.
function addressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

export function consumeNewLinkAllowance(
  db: DbExecutor,
  { email, ip }: { email: string; ip: string | null },
  now = new Date(),
) {
  return allowance(
    db,
    [
      [`seller-link:ip:${ip ?? 'unknown'}`, SELLER_LIMITS.newLinkPerIp],
      [`seller-link:email:${addressKey(email)}`, SELLER_LIMITS.newLinkPerAddress],
    ],
    now,
  );
}
