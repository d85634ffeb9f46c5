import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { adminExists, createUser, findUserByEmail, grantAdmin } from './users.ts';

export function generatePassword(): string {
  // 18 random bytes → 24 URL-safe characters (144 bits).
  return randomBytes(18).toString('base64url');
}

/**
 * On first start, creates an Owner (decision 027) so the back office is usable at once. Returns the login
 * (shown once) or null when an admin already exists.
 */
export async function ensureFirstAdmin(
  db: Database,
  email: string,
): Promise<{ email: string; password: string } | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('watch-platform:first-admin'))`.execute(trx);
    if (await adminExists(trx)) return null;
    const password = generatePassword();
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      // A user with this e-mail exists but is not an admin: never reset someone's password.
      await grantAdmin(trx, email, 'owner');
      return { email: existing.email, password: '(unchanged: the existing password of this user)' };
    }
    await createUser(trx, { email, password, verified: true });
    await grantAdmin(trx, email, 'owner');
    return { email, password };
  });
}
