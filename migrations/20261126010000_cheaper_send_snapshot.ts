import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 039: the Send Now snapshot inserts one email_sends row per recipient
// (500,000 for a large audience) in one statement. Per row it paid two foreign-key checks (each a
// trigger running a query: 14 s apiece for 500,000 rows under load), a random uuid key, index
// entries for a provider id that is always NULL then and for a second queued-rows index, and the
// capture of every new row for the statistics trigger. This migration makes that insert cheaper
// without weakening what the application relies on:
// - campaign_id and lead_id lose their foreign keys. The one writer (engine/snapshot.ts) locks, in
//   its statements, the campaign and the contacts it names FOR KEY SHARE, as the checks did; a send
//   never changes campaign or gains another contact (a row trigger refuses it); the delete actions
//   (a campaign's sends go with it, a deleted contact's sends lose lead_id) and TRUNCATE (what
//   TRUNCATE ... CASCADE did) become triggers on the referenced tables.
// - Time-ordered keys (uuidv7; a SQL equivalent before PostgreSQL 18): new rows go to the right
//   edge of the primary key instead of random pages.
// - provider_message_id's unique index holds only set ids (NULLs never conflicted anyway), and
//   email_sends_queued_idx goes: email_sends_campaign_status_idx answers the same claim query.
// - The statistics' insert trigger becomes a row trigger that fires only for a row inserted with
//   a counted time set (seeds, fixtures): a queued send counts nothing, and no longer costs a
//   transition table of 500,000 rows.

const REFUSE_MOVE = sql`
  CREATE FUNCTION email_sends_references_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    RAISE EXCEPTION 'email_sends: a send keeps its campaign and contact (lead_id may only become NULL)'
      USING ERRCODE = 'foreign_key_violation';
  END $fn$`;

const CAMPAIGN_DELETED = sql`
  CREATE FUNCTION email_campaigns_delete_sends() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    DELETE FROM email_sends WHERE campaign_id IN (SELECT id FROM old_rows);
    RETURN NULL;
  END $fn$`;

const LEAD_DELETED = sql`
  CREATE FUNCTION leads_unlink_sends() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    UPDATE email_sends SET lead_id = NULL WHERE lead_id IN (SELECT id FROM old_rows);
    RETURN NULL;
  END $fn$`;

const TRUNCATED = sql`
  CREATE FUNCTION email_sends_truncate_with_parent() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    -- Not TRUNCATE: the statement that fired this may be truncating email_events already.
    DELETE FROM email_sends;
    RETURN NULL;
  END $fn$`;

// The deltas of 20261125121000_stat_series_delivered_bounced's insert function, for one row.
const STAT_INSERT_ROW = sql`
  CREATE FUNCTION email_sends_stat_deltas_insert_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    INSERT INTO stat_deltas (metric, bucket, delta)
    SELECT m.metric, m.bucket, 1
    FROM (VALUES
      ('email_sends.sent', stat_bucket(NEW.sent_at), NEW.sent_at IS NOT NULL),
      ('email_sends.opened', stat_bucket(NEW.opened_at), NEW.opened_at IS NOT NULL),
      ('email_sends.clicked', stat_bucket(NEW.clicked_at), NEW.clicked_at IS NOT NULL),
      ('email_sends.delivered', stat_bucket(NEW.delivered_at), NEW.delivered_at IS NOT NULL),
      ('email_sends.bounced', stat_bucket(NEW.bounced_at), NEW.bounced_at IS NOT NULL)
    ) AS m(metric, bucket, applies)
    WHERE m.applies;
    RETURN NULL;
  END $fn$`;

/** RFC 9562 version 7 from gen_random_uuid(): 48 bits of Unix milliseconds, version bits 0111. */
const UUID_V7_FALLBACK = sql`
  CREATE FUNCTION uuidv7_fallback() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE
  RETURN encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
    FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid`;

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ v: number }>`SELECT current_setting('server_version_num')::int AS v`.execute(
    db,
  );
  if ((rows[0]?.v ?? 0) >= 180000) {
    await sql`ALTER TABLE email_sends ALTER COLUMN id SET DEFAULT uuidv7()`.execute(db);
  } else {
    await UUID_V7_FALLBACK.execute(db);
    await sql`ALTER TABLE email_sends ALTER COLUMN id SET DEFAULT uuidv7_fallback()`.execute(db);
  }

  await sql`DROP INDEX email_sends_provider_message_id_key`.execute(db);
  await sql`
    CREATE UNIQUE INDEX email_sends_provider_message_id_key ON email_sends (provider_message_id)
    WHERE provider_message_id IS NOT NULL`.execute(db);

  await sql`
    ALTER TABLE email_sends
      DROP CONSTRAINT email_sends_campaign_id_fkey,
      DROP CONSTRAINT email_sends_lead_id_fkey`.execute(db);
  for (const fn of [REFUSE_MOVE, CAMPAIGN_DELETED, LEAD_DELETED, TRUNCATED]) await fn.execute(db);
  await sql`
    CREATE TRIGGER references_update BEFORE UPDATE OF campaign_id, lead_id ON email_sends FOR EACH ROW
    WHEN (NEW.campaign_id IS DISTINCT FROM OLD.campaign_id
          OR (NEW.lead_id IS DISTINCT FROM OLD.lead_id AND NEW.lead_id IS NOT NULL))
    EXECUTE FUNCTION email_sends_references_update()`.execute(db);
  await sql`
    CREATE TRIGGER email_sends_delete AFTER DELETE ON email_campaigns
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION email_campaigns_delete_sends()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER email_sends_unlink AFTER DELETE ON leads
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leads_unlink_sends()`.execute(db);
  await sql`DROP INDEX email_sends_queued_idx`.execute(db);

  await STAT_INSERT_ROW.execute(db);
  await sql`DROP TRIGGER stat_deltas_insert ON email_sends`.execute(db);
  await sql`
    CREATE TRIGGER stat_deltas_insert AFTER INSERT ON email_sends FOR EACH ROW
    WHEN (NEW.sent_at IS NOT NULL OR NEW.delivered_at IS NOT NULL OR NEW.opened_at IS NOT NULL
          OR NEW.clicked_at IS NOT NULL OR NEW.bounced_at IS NOT NULL)
    EXECUTE FUNCTION email_sends_stat_deltas_insert_row()`.execute(db);

  for (const table of ['email_campaigns', 'leads']) {
    await sql`
      CREATE TRIGGER email_sends_truncate AFTER TRUNCATE ON ${sql.id(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION email_sends_truncate_with_parent()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER stat_deltas_insert ON email_sends`.execute(db);
  await sql`
    CREATE TRIGGER stat_deltas_insert AFTER INSERT ON email_sends
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION email_sends_stat_deltas_insert()`.execute(
    db,
  );
  await sql`DROP FUNCTION IF EXISTS email_sends_stat_deltas_insert_row()`.execute(db);
  await sql`CREATE INDEX email_sends_queued_idx ON email_sends (campaign_id) WHERE status = 'queued'`.execute(
    db,
  );
  for (const table of ['email_campaigns', 'leads']) {
    await sql`DROP TRIGGER IF EXISTS email_sends_truncate ON ${sql.id(table)}`.execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS email_sends_unlink ON leads`.execute(db);
  await sql`DROP TRIGGER IF EXISTS email_sends_delete ON email_campaigns`.execute(db);
  await sql`DROP TRIGGER IF EXISTS references_update ON email_sends`.execute(db);
  for (const fn of [
    'email_sends_truncate_with_parent',
    'leads_unlink_sends',
    'email_campaigns_delete_sends',
    'email_sends_references_update',
  ]) {
    await sql`DROP FUNCTION IF EXISTS ${sql.id(fn)}()`.execute(db);
  }
  // What the foreign keys would have refused while they were gone.
  await sql`DELETE FROM email_sends s WHERE NOT EXISTS (SELECT 1 FROM email_campaigns c WHERE c.id = s.campaign_id)`.execute(
    db,
  );
  await sql`UPDATE email_sends s SET lead_id = NULL WHERE lead_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = s.lead_id)`.execute(db);
  await sql`
    ALTER TABLE email_sends
      ADD CONSTRAINT email_sends_campaign_id_fkey FOREIGN KEY (campaign_id)
        REFERENCES email_campaigns (id) ON DELETE CASCADE,
      ADD CONSTRAINT email_sends_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES leads (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`DROP INDEX email_sends_provider_message_id_key`.execute(db);
  await sql`CREATE UNIQUE INDEX email_sends_provider_message_id_key ON email_sends (provider_message_id)`.execute(
    db,
  );
  await sql`ALTER TABLE email_sends ALTER COLUMN id SET DEFAULT gen_random_uuid()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS uuidv7_fallback()`.execute(db);
}
