import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 060: the "Unmatched mail" list's two actions. Filing a message on an enquiry by hand
// says who did it and when (`filed_by`, `filed_at`); dismissing one says who, when (the existing
// `dismissed_at`) and, optionally, why.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE enquiry_incoming_messages
      ADD COLUMN filed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN filed_at timestamptz,
      ADD COLUMN dismissed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN dismiss_reason text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE enquiry_incoming_messages
      DROP COLUMN filed_by, DROP COLUMN filed_at, DROP COLUMN dismissed_by, DROP COLUMN dismiss_reason`.execute(
    db,
  );
}
