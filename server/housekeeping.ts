import { deleteExpiredSessions } from './auth/session.ts';
import { expireConsentRequests } from './consent/confirmation.ts';
import { deleteStaleImports } from './contacts/import/import.ts';
import type { DbExecutor } from './db/database.ts';
import { deleteExpiredRegisterEntries } from './register/register.ts';
import { pruneRateLimits } from './security/rate-limit.ts';

/** The hourly 'housekeeping.prune' job (server/jobs/definitions.ts). */
export async function pruneExpired(
  db: DbExecutor,
  now = new Date(),
): Promise<{
  rateLimits: number;
  sessions: number;
  consentRequests: number;
  contactImports: number;
  registerEntries: number;
}> {
  return {
    rateLimits: await pruneRateLimits(db, now),
    sessions: await deleteExpiredSessions(db, now),
    consentRequests: await expireConsentRequests(db, now),
    contactImports: await deleteStaleImports(db, now),
    // The dealer's register past its retention (settings, default 7 years; decision 058).
    registerEntries: await deleteExpiredRegisterEntries(db, now),
  };
}
