import { sql } from 'kysely';
import type { Database, DbExecutor } from '#server/db/database.ts';
import { withoutSecondaryIndexes } from './scale-seed.ts';

// The insight benchmark's enquiries (decision 096, 101), on top of scale-seed's 1,000,000 contacts
// and 20 campaigns: 200,000 enquiries over the last 400 days with their status history, offers,
// accepted answers, visits, attributions and 20,000 purchases in the dealer's register. Every
// statement is one INSERT ... SELECT; the tables' secondary indexes are rebuilt after the load.
// The milestone triggers (decision 104) are off during the load, which would refresh each
// enquiry once per row written about it; the milestones are filled once, set-based, after.

export const ENQUIRIES = 200_000;
export const PURCHASES = ENQUIRIES / 10;
export const FLOWS = 3;
const SPACING_SECONDS = 173; // 200,000 enquiries x 173 s = about 400 days
const BUYERS = ['Bo Carter', 'Ana Ruiz', 'Sam Patel', 'Mei Tan', 'Tom Fox'];
const TABLES = [
  'enquiries',
  'enquiry_events',
  'enquiry_offers',
  'offer_responses',
  'appointments',
  'enquiry_attributions',
  'purchase_records',
];

/** Whether the database already holds this seed (a kept cluster). */
export async function insightSeeded(db: Database): Promise<boolean> {
  const { rows } = await sql<{ has: boolean }>`SELECT EXISTS (SELECT 1 FROM enquiries) AS has`.execute(db);
  return rows[0]?.has ?? false;
}

export async function seedInsight(db: Database): Promise<void> {
  // One transaction: a seed that fails part way leaves nothing for a kept cluster's next run.
  await db.transaction().execute((trx) => load(trx));
  for (const table of [...TABLES, 'enquiry_milestones', 'users', 'automation_flows'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
}

async function load(db: DbExecutor): Promise<void> {
  const { rows: triggers } = await sql<{ name: string; table: string }>`
    SELECT tgname AS name, tgrelid::regclass::text AS table FROM pg_trigger
    WHERE tgname LIKE 'enquiry\\_milestones\\_%'`.execute(db);
  const toggle = async (action: 'DISABLE' | 'ENABLE') => {
    for (const t of triggers)
      await sql`ALTER TABLE ${sql.raw(t.table)} ${sql.raw(action)} TRIGGER ${sql.raw(t.name)}`.execute(db);
  };
  await toggle('DISABLE');
  await loadRows(db);
  await toggle('ENABLE');
  await sql`SELECT refresh_all_enquiry_milestones()`.execute(db);
}

async function loadRows(db: DbExecutor): Promise<void> {
  await sql`
    INSERT INTO users (email, password_hash, name)
    SELECT 'buyer' || i || '@example.com', 'x', (${sql.val(BUYERS)}::text[])[i]
    FROM generate_series(1, ${BUYERS.length}) i`.execute(db);
  await sql`
    INSERT INTO user_roles (user_id, role) SELECT id, 'buyer' FROM users WHERE email LIKE 'buyer%@example.com'`.execute(
    db,
  );
  await sql`
    INSERT INTO automation_flows (name, state)
    SELECT (ARRAY['Welcome series','Valuation reminder','Win-back'])[k], 'live' FROM generate_series(1, ${FLOWS}) k`.execute(
    db,
  );
  await withoutSecondaryIndexes(db, TABLES, async () => {
    // Final status by a hash of i: 10% purchased (20,000), 4% accepted, 16% offer made, 25%
    // contacted, 10% declined, 15% lost, 3% spam, the rest (17%) new. Sellers come from the
    // million contacts; four enquiries in five are assigned to one of the five buyers.
    await sql`
      WITH sellers AS (SELECT id, full_name, row_number() OVER (ORDER BY created_at, id) AS n FROM leads),
           buyers AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'buyer%@example.com'),
           g AS (SELECT i, (i * 7919) % 100 AS h, now() - (${ENQUIRIES} - i) * ${SPACING_SECONDS} * interval '1 second' AS at
                 FROM generate_series(1, ${ENQUIRIES}) i)
      INSERT INTO enquiries (lead_id, contact_name, watch_brand, watch_model, watch_condition, source, utm_source,
                             utm_medium, utm_campaign, status, status_changed_at, first_replied_at,
                             purchase_price_cents, assignee_id, created_at)
      SELECT s.id, s.full_name,
        (ARRAY['Rolex','Omega','Patek Philippe','Audemars Piguet','Cartier','Tudor','Breitling','TAG Heuer','IWC','Other'])[1 + (g.i * 31) % 10],
        (ARRAY['Submariner','Daytona','Speedmaster','Nautilus','Royal Oak','Santos','Black Bay','Navitimer','Carrera','Portugieser'])[1 + (g.i * 31) % 10],
        'Excellent - Like new', 'website',
        (ARRAY['google','instagram',NULL,'facebook','google',NULL])[1 + g.i % 6],
        (ARRAY['cpc','social',NULL,'paid','organic',NULL])[1 + g.i % 6],
        (ARRAY['brand','summer',NULL,'retarget','seo',NULL])[1 + g.i % 6],
        st.status,
        CASE WHEN st.status <> 'new' THEN g.at + interval '3 days' END,
        CASE WHEN st.status NOT IN ('new','spam') THEN g.at + (1 + g.i % 47) * interval '1 hour' END,
        CASE WHEN st.status = 'purchased' THEN 300000 + (g.i * 37 % 4700) * 1000 END,
        CASE WHEN g.i % 5 <> 0 AND st.status <> 'new' THEN (SELECT ids[1 + g.i % ${BUYERS.length}] FROM buyers) END,
        g.at
      FROM g
      CROSS JOIN LATERAL (SELECT CASE WHEN g.h < 10 THEN 'purchased' WHEN g.h < 14 THEN 'accepted'
        WHEN g.h < 30 THEN 'offer_made' WHEN g.h < 55 THEN 'contacted' WHEN g.h < 65 THEN 'declined'
        WHEN g.h < 80 THEN 'lost' WHEN g.h < 83 THEN 'spam' ELSE 'new' END AS status) st
      JOIN sellers s ON s.n = 1 + (g.i * 2654435761::bigint) % 1000000`.execute(db);
    // The status history: each step 20 hours after the last; a declined or lost enquiry went
    // through Contacted, and every other one of them through Offer made as well.
    await sql`
      INSERT INTO enquiry_events (enquiry_id, kind, from_status, to_status, created_at)
      SELECT e.id, 'status', coalesce(p.path[k - 1], 'new'), p.path[k], e.created_at + k * interval '20 hours'
      FROM enquiries e
      CROSS JOIN LATERAL (SELECT CASE e.status
        WHEN 'purchased' THEN ARRAY['contacted','offer_made','accepted','purchased']
        WHEN 'accepted' THEN ARRAY['contacted','offer_made','accepted']
        WHEN 'offer_made' THEN ARRAY['contacted','offer_made']
        WHEN 'contacted' THEN ARRAY['contacted']
        WHEN 'spam' THEN ARRAY['spam']
        WHEN 'new' THEN ARRAY[]::text[]
        ELSE CASE WHEN extract(second FROM e.created_at)::int % 2 = 0
          THEN ARRAY['contacted','offer_made', e.status] ELSE ARRAY['contacted', e.status] END END AS path) p
      CROSS JOIN LATERAL generate_subscripts(p.path, 1) k`.execute(db);
    // One offer where the history passed Offer made (a second, higher one on every third), 90% of
    // the final price for purchases.
    await sql`
      INSERT INTO enquiry_offers (enquiry_id, amount_cents, created_at, created_by_email)
      SELECT e.id, coalesce(e.purchase_price_cents * 9 / 10, 250000 + (abs(hashtext(e.id::text)) % 3000) * 1000)
               + (n - 1) * 50000,
             ev.created_at + (n - 1) * interval '6 hours', 'buyer1@example.com'
      FROM enquiries e
      JOIN enquiry_events ev ON ev.enquiry_id = e.id AND ev.to_status = 'offer_made'
      CROSS JOIN LATERAL generate_series(1, CASE WHEN abs(hashtext(e.id::text)) % 3 = 0 THEN 2 ELSE 1 END) n`.execute(
      db,
    );
    await sql`
      INSERT INTO offer_responses (enquiry_id, offer_id, response, typed_name, terms_version, responded_at)
      SELECT DISTINCT ON (o.enquiry_id) o.enquiry_id, o.id, 'accepted', e.contact_name, 'bench', o.created_at + interval '1 day'
      FROM enquiry_offers o JOIN enquiries e ON e.id = o.enquiry_id
      WHERE e.status IN ('accepted', 'purchased')
      ORDER BY o.enquiry_id, o.created_at DESC`.execute(db);
    // A visit for every accepted or purchased enquiry, in one of three rooms.
    await sql`
      INSERT INTO appointments (enquiry_id, location, starts_at, ends_at, state, outcome_at)
      SELECT e.id, (ARRAY['sydney','melbourne','brisbane'])[1 + abs(hashtext(e.id::text)) % 3],
             e.created_at + interval '4 days', e.created_at + interval '4 days 1 hour',
             CASE WHEN e.status = 'purchased' THEN 'attended' ELSE 'booked' END,
             CASE WHEN e.status = 'purchased' THEN e.created_at + interval '4 days 1 hour' END
      FROM enquiries e WHERE e.status IN ('accepted', 'purchased')`.execute(db);
    // One enquiry in seven has an e-mail touch: a campaign's click, or a flow's for one in five of them.
    await sql`
      WITH c AS (SELECT array_agg(id ORDER BY started_at) AS ids FROM email_campaigns),
           f AS (SELECT array_agg(id ORDER BY name) AS ids FROM automation_flows),
           e AS (SELECT id, created_at, status, status_changed_at, purchase_price_cents,
                        row_number() OVER (ORDER BY created_at) AS n FROM enquiries)
      INSERT INTO enquiry_attributions (enquiry_id, submitted_at, first_campaign_id, first_flow_id, first_kind, first_at,
                                        last_campaign_id, last_flow_id, last_kind, last_at, purchase_price_cents, purchased_at)
      SELECT e.id, e.created_at, t.campaign_id, t.flow_id, 'click', e.created_at - interval '2 days',
             t.campaign_id, t.flow_id, CASE WHEN e.n % 3 = 0 THEN 'open' ELSE 'click' END, e.created_at - interval '3 hours',
             CASE WHEN e.status = 'purchased' THEN e.purchase_price_cents END,
             CASE WHEN e.status = 'purchased' THEN e.status_changed_at END
      FROM e, c, f,
      LATERAL (SELECT CASE WHEN e.n % 35 <> 0 THEN c.ids[1 + e.n % cardinality(c.ids)] END AS campaign_id,
                      CASE WHEN e.n % 35 = 0 THEN f.ids[1 + e.n % cardinality(f.ids)] END AS flow_id) t
      WHERE e.n % 7 = 0`.execute(db);
    // The register: one record per purchase, the identity number's ciphertext a stand-in.
    await sql`
      INSERT INTO purchase_records (id, enquiry_id, price_cents, payment_method, seller_name, seller_address,
        watch_description, id_document, id_number_ciphertext, id_number_iv, id_number_tag, id_number_key_id,
        id_number_last4, id_expiry, id_checked_by_email, id_check_method, serial_number, reference_number,
        identifying_marks, declaration_method, received_by_email, register_state, created_at)
      SELECT gen_random_uuid(), e.id, e.purchase_price_cents, 'bank_transfer', coalesce(e.contact_name, 'A Seller'),
             '1 George St, Sydney NSW 2000', e.watch_brand || ' ' || coalesce(e.watch_model, ''), 'driver_licence',
             '\\x00'::bytea, decode(repeat('00', 12), 'hex'), decode(repeat('00', 16), 'hex'), 'bench', '1234',
             '2030-01-01', 'buyer1@example.com', 'in_person', 'SN' || left(e.id::text, 8), 'REF' || left(e.id::text, 6),
             'none', 'signed_in_person', 'buyer1@example.com', 'NSW', e.status_changed_at
      FROM enquiries e WHERE e.status = 'purchased'`.execute(db);
  });
}
