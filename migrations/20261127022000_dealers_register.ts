import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 058: the dealer's register. Settings gain the business's state, the AML/CTF customer
// due diligence switch and the register's retention in years. purchase_records holds one entry per
// purchased enquiry, with the seller's name and address copied (the entry outlives the contact's
// erasure: enquiry_id is set NULL then), the identity number encrypted (AES-256-GCM: ciphertext,
// iv, tag and the key's id for rotation; only its last four characters in clear), the hold and
// its early release, the stolen-register check and the customer due diligence when required.
// Enquiries gain an optional serial number the buyer records before a purchase.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE settings
      ADD COLUMN register_state text NOT NULL DEFAULT 'NSW'
        CHECK (register_state IN ('NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT')),
      ADD COLUMN aml_cdd_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN register_retention_years integer NOT NULL DEFAULT 7
        CHECK (register_retention_years BETWEEN 1 AND 30)`.execute(db);

  await sql`ALTER TABLE enquiries ADD COLUMN serial_number text CHECK (length(serial_number) <= 100)`.execute(
    db,
  );
  // Seen before: serials compare without case, spaces, dashes, dots, slashes or underscores.
  await sql`
    CREATE INDEX enquiries_serial_norm_idx ON enquiries ((upper(regexp_replace(serial_number, '[\\s./_-]', '', 'g'))))
    WHERE serial_number IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE purchase_records (
      id uuid PRIMARY KEY,
      enquiry_id uuid UNIQUE REFERENCES enquiries (id) ON DELETE SET NULL,
      price_cents bigint NOT NULL CHECK (price_cents > 0 AND price_cents <= 100000000),
      payment_method text NOT NULL CHECK (payment_method IN ('cash', 'bank_transfer', 'cheque', 'other')),
      seller_name text NOT NULL,
      seller_address text NOT NULL,
      watch_description text NOT NULL,
      id_document text NOT NULL,
      id_number_ciphertext bytea NOT NULL,
      id_number_iv bytea NOT NULL CHECK (length(id_number_iv) = 12),
      id_number_tag bytea NOT NULL CHECK (length(id_number_tag) = 16),
      id_number_key_id text NOT NULL,
      id_number_last4 text NOT NULL,
      id_expiry date NOT NULL,
      id_checked_by uuid REFERENCES users (id) ON DELETE SET NULL,
      id_checked_by_email text NOT NULL,
      id_check_method text NOT NULL CHECK (id_check_method IN ('in_person', 'uploaded')),
      id_upload_id uuid REFERENCES uploads (id) ON DELETE SET NULL,
      serial_number text NOT NULL,
      reference_number text NOT NULL,
      identifying_marks text NOT NULL,
      declaration_method text NOT NULL CHECK (declaration_method IN ('online_acceptance', 'signed_in_person')),
      declaration_acceptance_id text,
      received_by uuid REFERENCES users (id) ON DELETE SET NULL,
      received_by_email text NOT NULL,
      register_state text NOT NULL,
      held_until date,
      released_at timestamptz,
      released_by uuid REFERENCES users (id) ON DELETE SET NULL,
      released_by_email text,
      release_reason text,
      stolen_register_checked boolean NOT NULL DEFAULT false,
      stolen_register_name text,
      stolen_register_reference text,
      cdd_date_of_birth date,
      cdd_occupation text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((released_at IS NULL) = (release_reason IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX purchase_records_created_idx ON purchase_records (created_at, id)`.execute(db);
  await sql`
    CREATE INDEX purchase_records_held_idx ON purchase_records (held_until)
    WHERE held_until IS NOT NULL AND released_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX purchase_records_serial_norm_idx
    ON purchase_records ((upper(regexp_replace(serial_number, '[\\s./_-]', '', 'g'))))`.execute(db);

  // The price lives on the record now; the enquiry's column stays in step for the figures that
  // read it (decision 026), and enquiries bought before the register keep theirs without a record.
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE purchase_records`.execute(db);
  await sql`ALTER TABLE enquiries DROP COLUMN serial_number`.execute(db);
  await sql`
    ALTER TABLE settings DROP COLUMN register_state, DROP COLUMN aml_cdd_enabled,
      DROP COLUMN register_retention_years`.execute(db);
}
