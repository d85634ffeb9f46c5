import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 072: proof of every online acceptance.
// - `enquiry_offers` learns the provider's id of its e-mail, so the webhook's delivery events of
//   that message (email_events) can be named on the certificate.
// - `evidence_events` is an enquiry's hash chain: each row keeps the exact canonical text it
//   hashes and `hash = sha256(prev_hash || content)`, the first row's prev_hash 64 zeros. Rows are
//   appended in the transaction of what they record and never updated.
// - `acceptance_certificates` keeps each acceptance's PDF once, as bytes, with their SHA-256, the
//   digest of its canonical content and the chain head it carries.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE enquiry_offers
      ADD COLUMN provider_message_id text,
      ADD COLUMN email_sent_at timestamptz`.execute(db);
  await sql`CREATE INDEX enquiry_offers_provider_message ON enquiry_offers (provider_message_id)
    WHERE provider_message_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE evidence_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      seq integer NOT NULL CONSTRAINT evidence_events_seq_positive CHECK (seq >= 1),
      kind text NOT NULL CONSTRAINT evidence_events_kind_known
        CHECK (kind IN ('offer_sent', 'offer_email_event', 'offer_accepted')),
      offer_id uuid REFERENCES enquiry_offers (id) ON DELETE CASCADE,
      provider_event_id text,
      content text NOT NULL,
      prev_hash text NOT NULL CONSTRAINT evidence_events_prev_hash_hex CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
      hash text NOT NULL CONSTRAINT evidence_events_hash_hex CHECK (hash ~ '^[0-9a-f]{64}$'),
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT evidence_events_seq_once UNIQUE (enquiry_id, seq)
    )`.execute(db);
  // A webhook event is chained once, however often it is looked at.
  await sql`CREATE UNIQUE INDEX evidence_events_provider_event_once ON evidence_events (enquiry_id, provider_event_id)
    WHERE provider_event_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE acceptance_certificates (
      id uuid PRIMARY KEY,
      enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      offer_response_id uuid NOT NULL UNIQUE REFERENCES offer_responses (id) ON DELETE CASCADE,
      pdf bytea NOT NULL,
      sha256 text NOT NULL UNIQUE CONSTRAINT acceptance_certificates_sha256_hex CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      content_digest text NOT NULL,
      chain_head text NOT NULL,
      accepted_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX acceptance_certificates_enquiry ON acceptance_certificates (enquiry_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE acceptance_certificates`.execute(db);
  await sql`DROP TABLE evidence_events`.execute(db);
  await sql`ALTER TABLE enquiry_offers DROP COLUMN provider_message_id, DROP COLUMN email_sent_at`.execute(
    db,
  );
}
