import { sql } from 'kysely';
import type { DbTransaction } from './database.ts';

/*
 * Who may delete a contact while a snapshot copies contacts into sends (decision 044). Snapshots
 * hold this lock shared, so they run side by side; deleting or erasing a contact takes it
 * exclusively before touching that contact's sends, so it waits for the snapshots in progress and
 * then sees (and unlinks or anonymises) their sends, or goes first and is not read by the next
 * snapshot. Held to the end of the transaction. The trigger that unlinks a deleted contact's sends
 * (migration 20261126050000) takes the same key.
 */
const SNAPSHOT_LOCK = sql`hashtext('watch-platform:send-snapshot')`;

/** Before a statement that creates sends from contacts. */
export async function holdSnapshotLock(trx: DbTransaction): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock_shared(${SNAPSHOT_LOCK})`.execute(trx);
}

/** Before a statement that looks for a contact's sends in order to unlink or anonymise them. */
export async function excludeSnapshots(trx: DbTransaction): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SNAPSHOT_LOCK})`.execute(trx);
}
