import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 026: moving an enquiry to Purchased records the final price paid, AUD whole cents,
// within the same cap as an offer ($1,000,000). Enquiries purchased before this column keep NULL:
// their price was never asked for, and inventing one would falsify the dealer's record.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE enquiries
      ADD COLUMN purchase_price_cents bigint
        CONSTRAINT enquiries_purchase_price_range
        CHECK (purchase_price_cents > 0 AND purchase_price_cents <= 100000000)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE enquiries DROP COLUMN purchase_price_cents`.execute(db);
}
