import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

const t = useTestDatabase();

// The per-enquiry milestone row (decision 104) after each kind of write, written straight to the
// source tables as any path would (desk, seller's page, worker, seed). Every expected value is
// worked out by hand from the writes in the test, never read from the view or the reports.
const CREATED = '2026-11-02T00:00:00.000Z';
const at = (hours: number) => new Date(Date.parse(CREATED) + hours * 3_600_000);
const iso = (hours: number) => at(hours).toISOString();

let owner: SessionUser;
let campaign = '';
let flow = '';

beforeAll(async () => {
  const user = await createUser(t.db, {
    email: 'owner@example.com',
    password: 'x-password-1',
    verified: true,
  });
  await grantAdmin(t.db, user.email, 'owner');
  owner = { id: user.id, email: user.email, role: 'owner' };
  campaign = (
    await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Spring', subject: 'Spring', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  flow = (
    await t.db
      .insertInto('automation_flows')
      .values({ name: 'Welcome' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

async function newEnquiry(email: string, values: { referrer?: string; utm?: [string, string] } = {}) {
  const lead = await t.db
    .insertInto('leads')
    .values({ email, full_name: 'Ann Seller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Ann Seller',
      watch_brand: 'Rolex',
      watch_condition: 'Excellent',
      created_at: new Date(CREATED),
      referrer: values.referrer ?? null,
      utm_source: values.utm?.[0] ?? null,
      utm_medium: values.utm?.[1] ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, leadId: lead.id };
}

/** What the reports read of one enquiry, times as ISO strings. */
async function milestone(enquiryId: string) {
  const row = await t.db
    .selectFrom('enquiry_milestones')
    .select([
      'brand_key',
      'source_key',
      'source_label',
      'first_replied_at',
      'first_offer_at',
      'first_offer_cents',
      'contacted',
      'offered',
      'accepted',
      'purchased',
      'purchased_at',
      'purchase_price_cents',
      'location',
      'offers_made',
      'offers_accepted',
    ])
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirstOrThrow();
  const time = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    ...row,
    first_replied_at: time(row.first_replied_at),
    first_offer_at: time(row.first_offer_at),
    purchased_at: time(row.purchased_at),
  };
}

const FRESH = {
  brand_key: 'rolex',
  source_key: 'direct',
  source_label: 'Direct or unknown',
  first_replied_at: null,
  first_offer_at: null,
  first_offer_cents: null,
  contacted: false,
  offered: false,
  accepted: false,
  purchased: false,
  purchased_at: null,
  purchase_price_cents: null,
  location: null,
  offers_made: 0,
  offers_accepted: 0,
};

async function moveTo(id: string, from: EnquiryStatus, to: EnquiryStatus, hours: number, price?: number) {
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('enquiry_events')
      .values({ enquiry_id: id, kind: 'status', from_status: from, to_status: to, created_at: at(hours) })
      .execute();
    await trx
      .updateTable('enquiries')
      .set({ status: to, status_changed_at: at(hours), purchase_price_cents: price ?? null })
      .where('id', '=', id)
      .execute();
  });
}

describe('enquiry milestones kept by triggers (decision 104)', () => {
  it('follows a reply, offers, an answer, statuses back and forth and a purchase', async () => {
    const { id } = await newEnquiry('ann@example.com');
    expect(await milestone(id)).toEqual(FRESH);

    await t.db
      .updateTable('enquiries')
      .set({ first_replied_at: at(2) })
      .where('id', '=', id)
      .execute();
    expect(await milestone(id)).toMatchObject({ first_replied_at: iso(2), contacted: true, offered: false });

    // Two offers: the first (24 h, $10,000) stays the first; the later one is counted.
    const first = await t.db
      .insertInto('enquiry_offers')
      .values({ enquiry_id: id, amount_cents: 1_000_000, created_at: at(24) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('enquiry_offers')
      .values({ enquiry_id: id, amount_cents: 1_100_000, created_at: at(30) })
      .execute();
    expect(await milestone(id)).toMatchObject({
      first_offer_at: iso(24),
      first_offer_cents: 1_000_000,
      offered: true,
      accepted: false,
      offers_made: 2,
      offers_accepted: 0,
    });

    // The seller accepts the first; then the enquiry goes to Accepted and back to Offer made:
    // accepted once is accepted (decision 096).
    await t.db
      .insertInto('offer_responses')
      .values({
        enquiry_id: id,
        offer_id: first.id,
        response: 'accepted',
        typed_name: 'Ann',
        terms_version: 't',
      })
      .execute();
    expect(await milestone(id)).toMatchObject({ offers_accepted: 1, accepted: false });
    await moveTo(id, 'new', 'accepted', 40);
    expect(await milestone(id)).toMatchObject({ accepted: true, purchased: false });
    await moveTo(id, 'accepted', 'offer_made', 41);
    expect(await milestone(id)).toMatchObject({
      contacted: true,
      offered: true,
      accepted: true,
      purchased: false,
    });

    // Purchased at 72 h for $12,000: the history's time, the enquiry's price.
    await moveTo(id, 'offer_made', 'purchased', 72, 1_200_000);
    expect(await milestone(id)).toEqual({
      ...FRESH,
      first_replied_at: iso(2),
      first_offer_at: iso(24),
      first_offer_cents: 1_000_000,
      contacted: true,
      offered: true,
      accepted: true,
      purchased: true,
      purchased_at: iso(72),
      purchase_price_cents: 1_200_000,
      offers_made: 2,
      offers_accepted: 1,
    });

    // Purchased no more (a correction): neither the price nor the time counts.
    await moveTo(id, 'purchased', 'accepted', 80);
    expect(await milestone(id)).toMatchObject({
      purchased: false,
      purchased_at: null,
      purchase_price_cents: null,
    });
  });

  it('fills a new enquiry’s row from the enquiry alone, as an import or seed writes it', async () => {
    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'eve@example.com', full_name: 'Eve Seller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        watch_brand: 'Omega',
        watch_condition: 'Good',
        created_at: new Date(CREATED),
        status: 'purchased',
        status_changed_at: at(90),
        purchase_price_cents: 700_000,
        utm_source: 'Instagram',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Purchased implies every earlier step; with no history the purchase's time is the status's.
    expect(await milestone(row.id)).toEqual({
      ...FRESH,
      brand_key: 'omega',
      source_key: 'utm:instagram/',
      source_label: 'instagram',
      contacted: true,
      offered: true,
      accepted: true,
      purchased: true,
      purchased_at: iso(90),
      purchase_price_cents: 700_000,
    });
  });

  it('keeps the latest visit’s place as visits are booked, moved and removed', async () => {
    const { id } = await newEnquiry('ben@example.com');
    const visit = (location: string, hours: number, state: 'booked' | 'cancelled' = 'booked') =>
      t.db
        .insertInto('appointments')
        .values({ enquiry_id: id, location, starts_at: at(hours), ends_at: at(hours + 1), state })
        .returning('id')
        .executeTakeFirstOrThrow();
    const early = await visit('sydney', 30, 'cancelled');
    expect((await milestone(id)).location).toBe('sydney');
    const later = await visit('melbourne', 50);
    expect((await milestone(id)).location).toBe('melbourne');
    // The earlier visit moved after the later one becomes the latest.
    await t.db
      .updateTable('appointments')
      .set({ starts_at: at(60), ends_at: at(61) })
      .where('id', '=', early.id)
      .execute();
    expect((await milestone(id)).location).toBe('sydney');
    await t.db.deleteFrom('appointments').where('id', '=', early.id).execute();
    expect((await milestone(id)).location).toBe('melbourne');
    await t.db.updateTable('appointments').set({ location: 'brisbane' }).where('id', '=', later.id).execute();
    expect((await milestone(id)).location).toBe('brisbane');
  });

  it('names the source: the last touch, else the UTM tags, else the referring host', async () => {
    const { id } = await newEnquiry('cy@example.com', {
      utm: ['Google', 'CPC'],
      referrer: 'https://www.Chrono24.com.au/forum/t/1',
    });
    expect(await milestone(id)).toMatchObject({ source_key: 'utm:google/cpc', source_label: 'google / cpc' });
    await t.db
      .updateTable('enquiries')
      .set({ utm_source: null, utm_medium: null })
      .where('id', '=', id)
      .execute();
    expect(await milestone(id)).toMatchObject({
      source_key: 'referrer:chrono24.com.au',
      source_label: 'Referred by chrono24.com.au',
    });
    const touch = {
      enquiry_id: id,
      submitted_at: new Date(CREATED),
      first_campaign_id: campaign,
      first_kind: 'click',
      first_at: at(-1),
      last_campaign_id: campaign,
      last_kind: 'click',
      last_at: at(-1),
    };
    await t.db.insertInto('enquiry_attributions').values(touch).execute();
    // A campaign's label is its name, read by the report when it shows the group.
    expect(await milestone(id)).toMatchObject({ source_key: `campaign:${campaign}`, source_label: null });
    await t.db
      .updateTable('enquiry_attributions')
      .set({ last_campaign_id: null, last_flow_id: flow })
      .where('enquiry_id', '=', id)
      .execute();
    expect(await milestone(id)).toMatchObject({ source_key: `flow:${flow}`, source_label: null });
    await t.db.updateTable('enquiries').set({ watch_brand: 'ROLEX ' }).where('id', '=', id).execute();
    expect((await milestone(id)).brand_key).toBe('rolex ');
  });

  it('keeps both of two transactions’ writes about one enquiry when they commit together', async () => {
    const { id } = await newEnquiry('fay@example.com');
    const first = await t.db.startTransaction().execute();
    await first
      .insertInto('enquiry_offers')
      .values({ enquiry_id: id, amount_cents: 800_000, created_at: at(20) })
      .execute();
    // The first one's refresh runs now and holds the row until it commits...
    await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(first);
    const second = t.db.transaction().execute((trx) =>
      trx
        .insertInto('enquiry_events')
        .values({
          enquiry_id: id,
          kind: 'status',
          from_status: 'new',
          to_status: 'accepted',
          created_at: at(30),
        })
        .execute(),
    );
    // ... so the second one's, at its commit, waits for it, then reads the offer too.
    await expect
      .poll(async () => {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
        return rows[0]?.n;
      })
      .toBe(1);
    await first.commit().execute();
    await second;
    expect(await milestone(id)).toMatchObject({
      first_offer_at: iso(20),
      first_offer_cents: 800_000,
      offers_made: 1,
      offered: true,
      accepted: true,
    });
  });

  it('agrees with the source tables for every enquiry, and refreshes nothing for an unknown id', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT enquiry_id, created_at, assignee_id, brand_key, brand, source_key, source_label, first_replied_at,
          first_offer_at, first_offer_cents, contacted, offered, accepted, purchased, purchased_at,
          purchase_price_cents, location, offers_made, offers_accepted FROM enquiry_milestones
        WHERE enquiry_id IS NOT NULL
        EXCEPT SELECT * FROM enquiry_milestone_facts) d`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
    await sql`SELECT refresh_enquiry_milestones(ARRAY[gen_random_uuid()])`.execute(t.db);
  });

  it('still counts an erased contact’s enquiry in the totals, naming nobody', async () => {
    const { id, leadId } = await newEnquiry('dee@example.com');
    await t.db
      .updateTable('enquiries')
      .set({ first_replied_at: at(3), assignee_id: owner.id })
      .where('id', '=', id)
      .execute();
    await moveTo(id, 'new', 'purchased', 48, 500_000);
    const services = testServices(t.db);
    const caller = callerFor(services, owner).admin;
    const before = await caller.insight.funnel({ from: '2026-11-01', to: '2026-11-30', by: 'brand' });
    await caller.contacts.erase({ id: leadId, confirmation: 'dee@example.com' });
    expect(
      await t.db.selectFrom('enquiries').where('id', '=', id).select('id').executeTakeFirst(),
    ).toBeUndefined();
    const after = await caller.insight.funnel({ from: '2026-11-01', to: '2026-11-30', by: 'brand' });
    expect(after.current).toEqual(before.current);
    // Dee's purchase ($5,000) is one of them: the row stays, its link to the enquiry gone.
    const kept = await t.db
      .selectFrom('enquiry_milestones')
      .select(['enquiry_id', 'purchased', 'purchase_price_cents', 'first_replied_at'])
      .where('enquiry_id', 'is', null)
      .execute();
    expect(
      kept.map((k) => ({ ...k, first_replied_at: new Date(k.first_replied_at ?? 0).toISOString() })),
    ).toEqual([
      { enquiry_id: null, purchased: true, purchase_price_cents: 500_000, first_replied_at: iso(3) },
    ]);
    // November: Ann (purchase later undone), Eve ($7,000), Ben, Cy, Fay and Dee ($5,000).
    expect(after.current).toMatchObject({ enquiries: 6, purchased: 2, purchaseValueCents: 1_200_000 });
  });
});
