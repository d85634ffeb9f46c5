import type { Database, DbTransaction } from '../db/database.ts';

// An admin action and its audit row commit together (decision 030): the action runs in one
// transaction and every function it calls is handed that transaction. A function that opens its
// own transaction when called alone joins the caller's instead (inTransaction, server/db).

/**
 * Runs `action` in one transaction. It commits when `commitIf` accepts the action's answer and
 * rolls back otherwise, or when the action throws.
 */
export async function inActionTransaction<T>(
  db: Database,
  action: (trx: DbTransaction) => Promise<T>,
  commitIf: (value: T) => boolean = () => true,
): Promise<T> {
  const trx = await db.startTransaction().execute();
  let value: T;
  try {
    value = await action(trx);
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
  if (commitIf(value)) await trx.commit().execute();
  else await trx.rollback().execute();
  return value;
}
