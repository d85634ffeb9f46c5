import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 025: an `email.opened` event whose data says `machine_open: true` (a flag
// some providers send for opens made by privacy proxies and scanners) is a machine open whatever
// its timing. The flag is kept on the event row, so the classification reads a column, not the
// JSON payload. Every event stored before this migration had no such flag: false.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_events ADD COLUMN machine_open boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_events DROP COLUMN machine_open`.execute(db);
}
