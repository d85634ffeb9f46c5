import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 089: the sunset policy. A contact with no reader's open or click for
// `settings.sunset_months` months (0: the policy is off) is left out of campaigns unless the
// campaign says `include_inactive`. `leads.still_subscribed_at` is the re-permission flow's answer:
// the contact confirmed they still want our e-mail, which counts as engagement from that instant.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE settings
      ADD COLUMN sunset_months integer NOT NULL DEFAULT 12
        CONSTRAINT settings_sunset_months_range CHECK (sunset_months BETWEEN 0 AND 60)`.execute(db);
  await sql`ALTER TABLE email_campaigns ADD COLUMN include_inactive boolean NOT NULL DEFAULT false`.execute(
    db,
  );
  await sql`ALTER TABLE leads ADD COLUMN still_subscribed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE leads DROP COLUMN still_subscribed_at`.execute(db);
  await sql`ALTER TABLE email_campaigns DROP COLUMN include_inactive`.execute(db);
  await sql`ALTER TABLE settings DROP COLUMN sunset_months`.execute(db);
}
