import type { DbExecutor } from './database.ts';

/**
 * The one way the server resolves members' display names (decision 095): the names of the members
 * at these addresses, by address, for those who have one (decision 057). Records keep the address
 * (it is the identity the audit log and the timeline store); screens show the name, the address on
 * hover, and "System" where no member acted (shared/team/names.ts, the client's PersonName).
 */
export async function memberNames(
  db: DbExecutor,
  emails: Iterable<string | null | undefined>,
): Promise<Record<string, string>> {
  const wanted = [...new Set([...emails].filter((e): e is string => Boolean(e)))];
  if (wanted.length === 0) return {};
  const rows = await db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('email', 'in', wanted)
    .where('name', 'is not', null)
    .execute();
  return Object.fromEntries(rows.flatMap((r) => (r.name ? [[r.email, r.name]] : [])));
}
