import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { adminExists, createUser, findUserByEmail, grantAdmin } from './users.ts';

export function generatePassword(): string {
  // 18 random bytes → 24 URL-safe characters (144 bits).
  return randomBytes(18).toString('base64url');
}

/**
 * Who the audit log names for the first Owner (decision 043): nobody is signed in at first start,
 * so the start itself, under "cli" like the admin CLI's rows, which the member filter finds.
 */
const FIRST_START_ACTOR: AuditActor = { id: null, email: 'cli (first start)', ip: null };

/**
 * On first start, creates an Owner (decision 027) so the back office is usable at once. Returns the login
 * (shown once) or null when an admin already exists. The Owner and its audit row commit together
 * (decision 043): the log's first row says where the first Owner came from.
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
      await recordAudit(trx, FIRST_START_ACTOR, {
        action: 'cli.bootstrap',
        entityType: 'user',
        entityId: existing.id,
        summary: { email: existing.email, role: 'owner', existingAccount: true },
      });
      return { email: existing.email, password: '(unchanged: the existing password of this user)' };
    }
    const user = await createUser(trx, { email, password, verified: true });
    await grantAdmin(trx, email, 'owner');
    await recordAudit(trx, FIRST_START_ACTOR, {
      action: 'cli.bootstrap',
      entityType: 'user',
      entityId: user.id,
      summary: { email: user.email, role: 'owner', existingAccount: false, passwordGenerated: true },
    });
    return { email, password };
  });
}
