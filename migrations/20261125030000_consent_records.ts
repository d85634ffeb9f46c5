import { type Kysely, sql } from 'kysely';

// Consent an admin records for a contact (decision 012): the Spam Act 2003 asks a business to be
// able to show, for each address, how and when consent was given. One row per grant: the channels
// it covers, the basis, the admin's note of where the consent is kept, the day it was given, and who
// recorded it. Rows are only ever added.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE consent_records (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      channels text[] NOT NULL CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['email', 'sms']),
      basis text NOT NULL CHECK (basis IN ('in_person', 'phone_call', 'in_writing', 'existing_customer')),
      note text NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
      obtained_on date NOT NULL,
      recorded_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX consent_records_lead_idx ON consent_records (lead_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS consent_records`.execute(db);
}
