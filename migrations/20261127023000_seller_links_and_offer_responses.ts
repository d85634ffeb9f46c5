import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 059: the seller's private page and offers answered online. A seller link is an HMAC of
// (enquiry, version); the row holds the version (a revoked link's version is left behind) and the
// expiry, refreshed with every e-mail that carries the link. One answer per offer: the seller
// accepts (typed name, declaration version, IP, user agent) or declines (optional reason).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE seller_links (
      enquiry_id uuid PRIMARY KEY REFERENCES enquiries(id) ON DELETE CASCADE,
      version integer NOT NULL DEFAULT 1 CONSTRAINT seller_links_version CHECK (version > 0),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE offer_responses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      offer_id uuid NOT NULL CONSTRAINT offer_responses_offer UNIQUE REFERENCES enquiry_offers(id) ON DELETE CASCADE,
      enquiry_id uuid NOT NULL REFERENCES enquiries(id) ON DELETE CASCADE,
      response text NOT NULL CONSTRAINT offer_responses_response CHECK (response IN ('accepted', 'declined')),
      typed_name text,
      reason text,
      terms_version text,
      ip text,
      user_agent text,
      responded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT offer_responses_accepted_signed CHECK (
        response <> 'accepted' OR (typed_name IS NOT NULL AND terms_version IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX offer_responses_enquiry ON offer_responses (enquiry_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE offer_responses`.execute(db);
  await sql`DROP TABLE seller_links`.execute(db);
}
