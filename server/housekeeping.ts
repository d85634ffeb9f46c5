import { deleteExpiredSessions } from './auth/session.ts';
import { expireConsentRequests } from './consent/confirmation.ts';
import { deleteStaleImports } from './contacts/import/import.ts';
import type { DbExecutor } from './db/database.ts';
import { pruneRateLimits } from './security/rate-limit.ts';

/** The hourly 'housekeeping.prune' job (server/jobs/definitions.ts). */
export async function pruneExpired(
  db: DbExecutor,
  now = new Date(),
): Promise<{ rateLimits: number; sessions: number; consentRequests: number; contactImports: number }> {
  return {
    rateLimits: await pruneRateLimits(db, now),
    sessions: await deleteExpiredSessions(db, now),
    consentRequests: await expireConsentRequests(db, now),
    contactImports: await deleteStaleImports(db, now),
  };
}
