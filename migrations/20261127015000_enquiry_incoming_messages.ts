import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 060: the seller's side of the conversation. Replies e-mailed by the seller (Resend's
// inbound mail) and messages written on the seller's page land here, each filed on its enquiry's
// timeline. A reply whose address names no known enquiry is kept with enquiry_id NULL for the
// "Unmatched mail" list instead of being dropped. The provider's id makes filing idempotent: the
// webhook may deliver the same `email.received` more than once.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE enquiry_incoming_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid REFERENCES enquiries(id) ON DELETE CASCADE,
      source text NOT NULL CONSTRAINT enquiry_incoming_messages_source CHECK (source IN ('email', 'seller_page')),
      from_email text,
      from_name text,
      subject text,
      body_text text NOT NULL,
      body_html text,
      provider_email_id text CONSTRAINT enquiry_incoming_messages_provider_email_id UNIQUE,
      reply_token text,
      received_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      read_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX enquiry_incoming_messages_enquiry ON enquiry_incoming_messages (enquiry_id, received_at)`.execute(
    db,
  );
  await sql`
    CREATE INDEX enquiry_incoming_messages_unread ON enquiry_incoming_messages (enquiry_id)
      WHERE read_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX enquiry_incoming_messages_unmatched ON enquiry_incoming_messages (received_at DESC)
      WHERE enquiry_id IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE enquiry_incoming_messages`.execute(db);
}
