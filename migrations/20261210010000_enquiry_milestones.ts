import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 104: one narrow row per enquiry with the facts every report reads (how far it got,
// when, for how much, its source, brand, assignee and latest visit), kept current by triggers on
// the tables those facts come from, so the funnel and the desk read one table over an index on
// `created_at` instead of joining offers, status history, visits and answers (decision 101).
//
// `enquiry_milestone_of` holds the funnel's rules (decision 096): a step counts when the enquiry
// ever reached it or a later one, by its status history, its current status or the fact itself.
// `enquiry_milestone_facts` applies them to every enquiry and what its other tables hold;
// `refresh_enquiry_milestones(ids)` upserts the given enquiries' rows from it. The triggers on
// the other tables and on an enquiry's update are deferred to commit, and the refresh locks the
// rows it replaces first, so two transactions writing about one enquiry at once cannot leave the
// earlier one's facts. A new enquiry's row is one insert from the enquiry alone.
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
  // One enquiry's row from the enquiry and what its other tables add: the rules in one place, for
  // the view below and for a new enquiry, which has nothing in those tables yet.
  await sql`
    CREATE FUNCTION enquiry_milestone_of(q enquiries, p_campaign uuid, p_flow uuid, p_offer_at timestamptz,
      p_offer_cents bigint, p_offers integer, p_accepted_offers integer, p_contacted boolean, p_offered boolean,
      p_accepted boolean, p_purchased_at timestamptz, p_location text)
    RETURNS enquiry_milestones LANGUAGE sql IMMUTABLE AS $$
    SELECT NULL::uuid, q.id, q.created_at, q.assignee_id, lower(q.watch_brand), q.watch_brand,
      CASE WHEN p_campaign IS NOT NULL THEN 'campaign:' || p_campaign
        WHEN p_flow IS NOT NULL THEN 'flow:' || p_flow
        WHEN nullif(q.utm_source, '') IS NOT NULL
          THEN 'utm:' || lower(q.utm_source) || '/' || lower(coalesce(q.utm_medium, ''))
        WHEN r.host IS NOT NULL THEN 'referrer:' || r.host
        ELSE 'direct' END,
      -- A campaign's or flow's label is its current name, read by the report.
      CASE WHEN p_campaign IS NOT NULL OR p_flow IS NOT NULL THEN NULL
        WHEN nullif(q.utm_source, '') IS NOT NULL
          THEN lower(q.utm_source) || coalesce(' / ' || lower(nullif(q.utm_medium, '')), '')
        WHEN r.host IS NOT NULL THEN 'Referred by ' || r.host
        ELSE 'Direct or unknown' END,
      q.first_replied_at, p_offer_at, p_offer_cents,
      q.first_replied_at IS NOT NULL OR p_offer_at IS NOT NULL OR p_contacted
        OR q.status IN ${sql.raw(STEPS.contacted)},
      p_offer_at IS NOT NULL OR p_offered OR q.status IN ${sql.raw(STEPS.offered)},
      p_accepted OR q.status IN ${sql.raw(STEPS.accepted)},
      q.status = 'purchased',
      CASE WHEN q.status = 'purchased' THEN coalesce(p_purchased_at, q.status_changed_at) END,
      CASE WHEN q.status = 'purchased' THEN q.purchase_price_cents END,
      p_location, p_offers, p_accepted_offers
    -- The referring site's host without "www." (decision 100).
    FROM (SELECT nullif(regexp_replace(lower(substring(q.referrer FROM '^https?://([^/:?#]+)')), '^www\\.', ''), '')
      AS host) r
    $$`.execute(db);
  await sql`
    CREATE VIEW enquiry_milestone_facts AS
    SELECT q.id AS enquiry_id, ${sql.raw(
      FACT_COLUMNS.split(',')
        .map((c) => `m.${c.trim()}`)
        .join(', '),
    )}
    FROM enquiries q
    LEFT JOIN enquiry_attributions a ON a.enquiry_id = q.id
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
    ) v ON true
    CROSS JOIN LATERAL enquiry_milestone_of(q, a.last_campaign_id, a.last_flow_id, o.first_offer_at,
      o.first_offer_cents, n.offers_made, n.offers_accepted, h.contacted, h.offered, h.accepted, h.purchased_at,
      v.location) m`.execute(db);
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
      IF TG_TABLE_NAME = 'enquiries' THEN -- an update
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
  // A new enquiry has no status history, offers, visits or attribution yet (they reference it):
  // its row is one insert from the enquiry alone, at once, with no look-ups (the sell form's
  // submission). What is written about it later, in its transaction or after, refreshes it.
  await sql`
    CREATE FUNCTION enquiry_milestones_new() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO enquiry_milestones (enquiry_id, ${sql.raw(FACT_COLUMNS)})
      SELECT NEW.id, ${sql.raw(FACT_COLUMNS)}
      FROM enquiry_milestone_of(NEW, NULL, NULL, NULL, NULL, 0, 0, false, false, false, NULL, NULL);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER enquiry_milestones_enquiry_insert AFTER INSERT ON enquiries
      FOR EACH ROW EXECUTE FUNCTION enquiry_milestones_new()`.execute(db);
  const trigger = (name: string, events: string, table: string, when = '') =>
    sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(name)} AFTER ${sql.raw(events)} ON ${sql.raw(table)}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${sql.raw(when)}
        EXECUTE FUNCTION enquiry_milestones_touch()`.execute(db);
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
  await sql`DROP FUNCTION enquiry_milestones_new()`.execute(db);
  await sql`DROP FUNCTION refresh_all_enquiry_milestones()`.execute(db);
  await sql`DROP FUNCTION refresh_enquiry_milestones(uuid[])`.execute(db);
  await sql`DROP VIEW enquiry_milestone_facts`.execute(db);
  await sql`DROP FUNCTION enquiry_milestone_of`.execute(db);
  await sql`DROP INDEX appointments_enquiry`.execute(db);
  await sql`DROP TABLE enquiry_milestones`.execute(db);
}
