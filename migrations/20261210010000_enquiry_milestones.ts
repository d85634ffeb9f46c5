import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 104: one narrow row per enquiry with the facts every report reads (how far it got,
// when, for how much, its source, brand, assignee and latest visit), kept current by triggers on
// the tables those facts come from, so the funnel and the desk read one table over an index on
// `created_at` instead of joining offers, status history, visits and answers (decision 101).
//
// `enquiry_milestone_facts` says what a row holds, with the funnel's semantics (decision 096): a
// step counts when the enquiry ever reached it or a later one, by its status history, its current
// status or the fact itself. `refresh_enquiry_milestones(ids)` upserts the given enquiries' rows
// from it. The triggers are deferred to commit and the refresh locks the rows it replaces first,
// so two transactions writing about one enquiry at once cannot leave the earlier one's facts.
// The row outlives its enquiry like the attribution (decisions 036, 096): an erased contact's
// enquiries still count in totals, naming nobody, with `enquiry_id` NULL.

const STEPS = {
  contacted: `('contacted', 'offer_made', 'accepted', 'purchased')`,
  offered: `('offer_made', 'accepted', 'purchased')`,
  accepted: `('accepted', 'purchased')`,
};

const FACT_COLUMNS = `created_at, assignee_id, brand_key, brand, source_key, source_label, first_replied_at,
  first_offer_at, first_offer_cents, contacted, offered, accepted, purchased, purchased_at, purchase_price_cents,
  location, offers_made, offers_accepted`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE enquiry_milestones (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid UNIQUE REFERENCES enquiries (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
      brand_key text NOT NULL,
      brand text NOT NULL,
      source_key text NOT NULL,
      source_label text,
      first_replied_at timestamptz,
      first_offer_at timestamptz,
      first_offer_cents bigint,
      contacted boolean NOT NULL,
      offered boolean NOT NULL,
      accepted boolean NOT NULL,
      purchased boolean NOT NULL,
      purchased_at timestamptz,
      purchase_price_cents bigint,
      location text,
      offers_made integer NOT NULL,
      offers_accepted integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX enquiry_milestones_created ON enquiry_milestones (created_at)`.execute(db);
  // The refresh finds an enquiry's visits by it; visits had only a partial index (booked ones).
  await sql`CREATE INDEX appointments_enquiry ON appointments (enquiry_id, starts_at DESC)`.execute(db);
  await sql`
    CREATE VIEW enquiry_milestone_facts AS
    SELECT q.id AS enquiry_id, q.created_at, q.assignee_id, lower(q.watch_brand) AS brand_key,
      q.watch_brand AS brand,
      CASE WHEN a.last_campaign_id IS NOT NULL THEN 'campaign:' || a.last_campaign_id
        WHEN a.last_flow_id IS NOT NULL THEN 'flow:' || a.last_flow_id
        WHEN nullif(q.utm_source, '') IS NOT NULL
          THEN 'utm:' || lower(q.utm_source) || '/' || lower(coalesce(q.utm_medium, ''))
        WHEN r.host IS NOT NULL THEN 'referrer:' || r.host
        ELSE 'direct' END AS source_key,
      -- A campaign's or flow's label is its current name, read by the report.
      CASE WHEN a.last_campaign_id IS NOT NULL OR a.last_flow_id IS NOT NULL THEN NULL
        WHEN nullif(q.utm_source, '') IS NOT NULL
          THEN lower(q.utm_source) || coalesce(' / ' || lower(nullif(q.utm_medium, '')), '')
        WHEN r.host IS NOT NULL THEN 'Referred by ' || r.host
        ELSE 'Direct or unknown' END AS source_label,
      q.first_replied_at, o.first_offer_at, o.first_offer_cents,
      q.first_replied_at IS NOT NULL OR o.first_offer_at IS NOT NULL OR h.contacted
        OR q.status IN ${sql.raw(STEPS.contacted)} AS contacted,
      o.first_offer_at IS NOT NULL OR h.offered OR q.status IN ${sql.raw(STEPS.offered)} AS offered,
      h.accepted OR q.status IN ${sql.raw(STEPS.accepted)} AS accepted,
      q.status = 'purchased' AS purchased,
      CASE WHEN q.status = 'purchased' THEN coalesce(h.purchased_at, q.status_changed_at) END AS purchased_at,
      CASE WHEN q.status = 'purchased' THEN q.purchase_price_cents END AS purchase_price_cents,
      v.location, n.offers_made, n.offers_accepted
    FROM enquiries q
    LEFT JOIN enquiry_attributions a ON a.enquiry_id = q.id
    -- The referring site's host without "www." (decision 100).
    CROSS JOIN LATERAL (SELECT nullif(regexp_replace(lower(substring(q.referrer FROM '^https?://([^/:?#]+)')),
      '^www\\.', ''), '') AS host) r
    LEFT JOIN LATERAL (
      SELECT eo.created_at AS first_offer_at, eo.amount_cents AS first_offer_cents
      FROM enquiry_offers eo WHERE eo.enquiry_id = q.id ORDER BY eo.created_at, eo.id LIMIT 1
    ) o ON true
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS offers_made,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM offer_responses rs
          WHERE rs.enquiry_id = q.id AND rs.offer_id = eo.id AND rs.response = 'accepted'))::int AS offers_accepted
      FROM enquiry_offers eo WHERE eo.enquiry_id = q.id
    ) n
    CROSS JOIN LATERAL (
      SELECT coalesce(bool_or(ev.to_status IN ${sql.raw(STEPS.contacted)}), false) AS contacted,
        coalesce(bool_or(ev.to_status IN ${sql.raw(STEPS.offered)}), false) AS offered,
        coalesce(bool_or(ev.to_status IN ${sql.raw(STEPS.accepted)}), false) AS accepted,
        min(ev.created_at) FILTER (WHERE ev.to_status = 'purchased') AS purchased_at
      FROM enquiry_events ev WHERE ev.enquiry_id = q.id AND ev.to_status IS NOT NULL
    ) h
    -- The latest visit, whatever became of it.
    LEFT JOIN LATERAL (
      SELECT ap.location FROM appointments ap WHERE ap.enquiry_id = q.id ORDER BY ap.starts_at DESC, ap.id LIMIT 1
    ) v ON true`.execute(db);
  const upsert = sql.raw(
    `ON CONFLICT (enquiry_id) DO UPDATE SET (${FACT_COLUMNS}) = ROW(${FACT_COLUMNS.split(',')
      .map((c) => `EXCLUDED.${c.trim()}`)
      .join(', ')})`,
  );
  await sql`
    CREATE FUNCTION refresh_enquiry_milestones(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      -- The rows first, in one order: a concurrent refresh of the same enquiry waits for this
      -- transaction, and the upsert below (a new snapshot) then reads what it committed.
      PERFORM 1 FROM enquiry_milestones WHERE enquiry_id = ANY(ids) ORDER BY enquiry_id FOR UPDATE;
      INSERT INTO enquiry_milestones (enquiry_id, ${sql.raw(FACT_COLUMNS)})
      SELECT enquiry_id, ${sql.raw(FACT_COLUMNS)} FROM enquiry_milestone_facts WHERE enquiry_id = ANY(ids)
      ${upsert};
    END $$`.execute(db);
  // Every enquiry at once, set-based: the backfill below, and a bulk load that ran without the
  // triggers (the insight bench).
  await sql`
    CREATE FUNCTION refresh_all_enquiry_milestones() RETURNS void LANGUAGE sql AS $$
      INSERT INTO enquiry_milestones (enquiry_id, ${sql.raw(FACT_COLUMNS)})
      SELECT enquiry_id, ${sql.raw(FACT_COLUMNS)} FROM enquiry_milestone_facts
      ${upsert}
    $$`.execute(db);
  await sql`
    CREATE FUNCTION enquiry_milestones_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids uuid[];
    BEGIN
      IF TG_TABLE_NAME = 'enquiries' THEN
        ids := ARRAY[NEW.id];
      ELSIF TG_OP = 'INSERT' THEN
        ids := ARRAY[NEW.enquiry_id];
      ELSIF TG_OP = 'DELETE' THEN
        ids := ARRAY[OLD.enquiry_id];
      ELSE
        ids := ARRAY[OLD.enquiry_id, NEW.enquiry_id];
      END IF;
      PERFORM refresh_enquiry_milestones(array_remove(ids, NULL));
      RETURN NULL;
    END $$`.execute(db);
  const trigger = (name: string, events: string, table: string, when = '') =>
    sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(name)} AFTER ${sql.raw(events)} ON ${sql.raw(table)}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${sql.raw(when)}
        EXECUTE FUNCTION enquiry_milestones_touch()`.execute(db);
  await trigger('enquiry_milestones_enquiry_insert', 'INSERT', 'enquiries');
  await trigger(
    'enquiry_milestones_enquiry_update',
    `UPDATE OF created_at, status, status_changed_at, first_replied_at, purchase_price_cents, assignee_id,
      watch_brand, utm_source, utm_medium, referrer`,
    'enquiries',
    `WHEN ((OLD.created_at, OLD.status, OLD.status_changed_at, OLD.first_replied_at, OLD.purchase_price_cents,
      OLD.assignee_id, OLD.watch_brand, OLD.utm_source, OLD.utm_medium, OLD.referrer)
      IS DISTINCT FROM (NEW.created_at, NEW.status, NEW.status_changed_at, NEW.first_replied_at,
      NEW.purchase_price_cents, NEW.assignee_id, NEW.watch_brand, NEW.utm_source, NEW.utm_medium, NEW.referrer))`,
  );
  await trigger('enquiry_milestones_event', 'INSERT OR UPDATE OR DELETE', 'enquiry_events');
  await trigger('enquiry_milestones_offer', 'INSERT OR UPDATE OR DELETE', 'enquiry_offers');
  await trigger('enquiry_milestones_response', 'INSERT OR UPDATE OR DELETE', 'offer_responses');
  await trigger('enquiry_milestones_visit', 'INSERT OR UPDATE OR DELETE', 'appointments');
  await trigger('enquiry_milestones_attribution', 'INSERT OR UPDATE OR DELETE', 'enquiry_attributions');
  // Existing enquiries.
  await sql`SELECT refresh_all_enquiry_milestones()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table] of [
    ['enquiry_milestones_enquiry_insert', 'enquiries'],
    ['enquiry_milestones_enquiry_update', 'enquiries'],
    ['enquiry_milestones_event', 'enquiry_events'],
    ['enquiry_milestones_offer', 'enquiry_offers'],
    ['enquiry_milestones_response', 'offer_responses'],
    ['enquiry_milestones_visit', 'appointments'],
    ['enquiry_milestones_attribution', 'enquiry_attributions'],
  ] as const)
    await sql`DROP TRIGGER ${sql.raw(name)} ON ${sql.raw(table)}`.execute(db);
  await sql`DROP FUNCTION enquiry_milestones_touch()`.execute(db);
  await sql`DROP FUNCTION refresh_all_enquiry_milestones()`.execute(db);
  await sql`DROP FUNCTION refresh_enquiry_milestones(uuid[])`.execute(db);
  await sql`DROP VIEW enquiry_milestone_facts`.execute(db);
  await sql`DROP INDEX appointments_enquiry`.execute(db);
  await sql`DROP TABLE enquiry_milestones`.execute(db);
}
