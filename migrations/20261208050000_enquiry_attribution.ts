import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 096: each enquiry keeps the campaign or flow e-mail its contact clicked (or, failing a
// click, opened as a reader) within the attribution window before submitting, first and last. A
// row exists only for an enquiry with such a touch. It outlives the enquiry (an erased contact's
// enquiries are deleted, decision 036): `enquiry_id` becomes NULL and the purchase, copied here by
// the trigger when the enquiry is purchased, still counts in a campaign's totals, naming nobody.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE settings
      ADD COLUMN attribution_window_days integer NOT NULL DEFAULT 30
        CONSTRAINT settings_attribution_window_range CHECK (attribution_window_days BETWEEN 1 AND 365),
      ADD COLUMN marketers_see_prices boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE enquiry_attributions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid UNIQUE REFERENCES enquiries (id) ON DELETE SET NULL,
      submitted_at timestamptz NOT NULL,
      first_campaign_id uuid REFERENCES email_campaigns (id) ON DELETE SET NULL,
      first_flow_id uuid REFERENCES automation_flows (id) ON DELETE SET NULL,
      first_kind text NOT NULL CHECK (first_kind IN ('click', 'open')),
      first_at timestamptz NOT NULL,
      last_campaign_id uuid REFERENCES email_campaigns (id) ON DELETE SET NULL,
      last_flow_id uuid REFERENCES automation_flows (id) ON DELETE SET NULL,
      last_kind text NOT NULL CHECK (last_kind IN ('click', 'open')),
      last_at timestamptz NOT NULL,
      purchase_price_cents bigint,
      purchased_at timestamptz
    )`.execute(db);
  await sql`
    CREATE INDEX enquiry_attributions_last_campaign ON enquiry_attributions (last_campaign_id)
      WHERE last_campaign_id IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX enquiry_attributions_last_flow ON enquiry_attributions (last_flow_id)
      WHERE last_flow_id IS NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION enquiry_attributions_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE enquiry_attributions
        SET purchase_price_cents = NEW.purchase_price_cents,
            purchased_at = coalesce(NEW.status_changed_at, now())
        WHERE enquiry_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER enquiry_attributions_purchase AFTER UPDATE OF status, purchase_price_cents ON enquiries
      FOR EACH ROW WHEN (NEW.status = 'purchased'
        AND (OLD.status, OLD.purchase_price_cents) IS DISTINCT FROM (NEW.status, NEW.purchase_price_cents))
      EXECUTE FUNCTION enquiry_attributions_purchase()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER enquiry_attributions_purchase ON enquiries`.execute(db);
  await sql`DROP FUNCTION enquiry_attributions_purchase()`.execute(db);
  await sql`DROP TABLE enquiry_attributions`.execute(db);
  await sql`ALTER TABLE settings DROP COLUMN attribution_window_days, DROP COLUMN marketers_see_prices`.execute(
    db,
  );
}
