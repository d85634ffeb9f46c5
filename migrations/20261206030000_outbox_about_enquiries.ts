import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 069: an e-mail kept in the outbox names the enquiries it is about (the new-lead alert,
// a team notice, a digest of several), written when it is queued, so erasing a contact finds the
// team's e-mails about them by id rather than by matching their name in the text. Rows kept before
// this have none: erasure still finds those by text.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox_emails ADD COLUMN about_enquiry_ids uuid[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`CREATE INDEX outbox_emails_about_enquiry_ids ON outbox_emails USING gin (about_enquiry_ids)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox_emails DROP COLUMN about_enquiry_ids`.execute(db);
}
