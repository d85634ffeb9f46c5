import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 060: replies e-mailed back onto the enquiry. `notified_at` marks an incoming message
// whose assignee was told about it (a worker job picks up the rest, whichever way the message was
// filed); `dismissed_at` takes an unmatched e-mail off the "Unmatched mail" list. Attachments of
// inbound mail: images become photos of the enquiry (upload_id), other files up to 10 MB are kept
// here, privately (never served publicly), and refused ones keep only their name and the reason.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE enquiry_incoming_messages
      ADD COLUMN notified_at timestamptz,
      ADD COLUMN dismissed_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX enquiry_incoming_messages_unnotified ON enquiry_incoming_messages (received_at)
      WHERE notified_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE enquiry_incoming_attachments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      message_id uuid NOT NULL REFERENCES enquiry_incoming_messages(id) ON DELETE CASCADE,
      filename text NOT NULL,
      content_type text NOT NULL,
      bytes integer NOT NULL,
      upload_id uuid REFERENCES uploads(id) ON DELETE SET NULL,
      data bytea,
      refused_reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX enquiry_incoming_attachments_message ON enquiry_incoming_attachments (message_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE enquiry_incoming_attachments`.execute(db);
  await sql`DROP INDEX enquiry_incoming_messages_unnotified`.execute(db);
  await sql`ALTER TABLE enquiry_incoming_messages DROP COLUMN notified_at, DROP COLUMN dismissed_at`.execute(
    db,
  );
}
