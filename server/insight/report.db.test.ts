import { beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { Role } from '#shared/auth/permissions.ts';

const t = useTestDatabase();

// A hand-written month of enquiries (decision 096). Every expected figure below is worked out
// from this comment and the rows it describes, never from the report's query:
//   period 2026-11-01..2026-11-30 (Australia/Sydney, UTC+11), previous 2026-10-02..2026-10-31.
//   E1 Rolex  Spring campaign  reply 2 h, offer 24 h $10,000, accepted, purchased 72 h $12,000, Bo, visit Sydney CBD
//   E2 Omega  Spring campaign  reply 4 h, offer 48 h $5,000, lost                                Bo
//   E3 Rolex  Welcome flow     reply 6 h, contacted                                              -
//   E4 Rolex  google / cpc     reply 1 h, offer 10 h $18,000, purchased 100 h $19,400            Bo, visit Melbourne
//             (and referred by www.google.com: the UTM tags win)
//   E5 Patek  no touch         new, referred by https://www.Chrono24.com.au/forum/t/1 (decision 100)
//   E8 Tudor  no touch         new, 2026-10-31T13:30Z = 1 Nov 00:30 in Sydney: inside            -
//   E7        2026-11-30T13:30Z = 1 Dec 00:30 in Sydney: outside
//   P1 new, P2 purchased $5,000 (previous period)
//   E9 Spring campaign, purchased $3,000 in September, then its contact erased.
const HOUR = 3_600_000;
const SPRING_VALUE = 1_200_000 + 300_000;

let services: ReturnType<typeof testServices>;
const people: Partial<Record<Role, SessionUser>> = {};
let spring = '';
let boId = '';
let welcome = '';

async function member(email: string, role: Role, name: string | null = null): Promise<SessionUser> {
  const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
  if (name) await t.db.updateTable('users').set({ name }).where('id', '=', user.id).execute();
  await grantAdmin(t.db, email, role);
  return { id: user.id, email: user.email, role };
}

interface Spec {
  brand?: string;
  created: string;
  status?: EnquiryStatus;
  path?: EnquiryStatus[];
  replyHours?: number;
  offer?: { hours: number; cents: number; accepted?: boolean };
  purchase?: { hours: number; cents: number };
  assignee?: string | null;
  location?: string;
  touch?: { campaign?: string; flow?: string };
  utm?: [string, string];
  referrer?: string;
}

async function enquiry(spec: Spec): Promise<{ id: string; leadId: string }> {
  const created = new Date(spec.created);
  const at = (hours: number) => new Date(created.getTime() + hours * HOUR);
  const lead = await t.db
    .insertInto('leads')
    .values({ email: `${crypto.randomUUID()}@example.com`, full_name: 'A Seller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      watch_brand: spec.brand ?? 'Rolex',
      watch_condition: 'Excellent',
      created_at: created,
      assignee_id: spec.assignee ?? null,
      first_replied_at: spec.replyHours === undefined ? null : at(spec.replyHours),
      utm_source: spec.utm?.[0] ?? null,
      utm_medium: spec.utm?.[1] ?? null,
      referrer: spec.referrer ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.touch)
    await t.db
      .insertInto('enquiry_attributions')
      .values({
        enquiry_id: row.id,
        submitted_at: created,
        first_campaign_id: spec.touch.campaign ?? null,
        first_flow_id: spec.touch.flow ?? null,
        first_kind: 'click',
        first_at: at(-1),
        last_campaign_id: spec.touch.campaign ?? null,
        last_flow_id: spec.touch.flow ?? null,
        last_kind: 'click',
        last_at: at(-1),
      })
      .execute();
  if (spec.offer) {
    const offer = await t.db
      .insertInto('enquiry_offers')
      .values({ enquiry_id: row.id, amount_cents: spec.offer.cents, created_at: at(spec.offer.hours) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (spec.offer.accepted)
      await t.db
        .insertInto('offer_responses')
        .values({
          enquiry_id: row.id,
          offer_id: offer.id,
          response: 'accepted',
          typed_name: 'A Seller',
          terms_version: 'test',
        })
        .execute();
  }
  let previous: EnquiryStatus = 'new';
  for (const [i, status] of (spec.path ?? []).entries()) {
    const when = status === 'purchased' && spec.purchase ? at(spec.purchase.hours) : at(i + 1);
    await t.db
      .insertInto('enquiry_events')
      .values({
        enquiry_id: row.id,
        kind: 'status',
        from_status: previous,
        to_status: status,
        created_at: when,
      })
      .execute();
    previous = status;
  }
  if (spec.location)
    await t.db
      .insertInto('appointments')
      .values({ enquiry_id: row.id, location: spec.location, starts_at: at(30), ends_at: at(31) })
      .execute();
  // The status last, as the desk sets it: the trigger copies a purchase onto the attribution.
  await t.db
    .updateTable('enquiries')
    .set({
      status: spec.status ?? 'new',
      status_changed_at: spec.purchase ? at(spec.purchase.hours) : created,
      purchase_price_cents: spec.purchase?.cents ?? null,
    })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, leadId: lead.id };
}

beforeAll(async () => {
  services = testServices(t.db);
  people.owner = await member('owner@example.com', 'owner');
  people.viewer = await member('viewer@example.com', 'viewer');
  people.marketer = await member('marketer@example.com', 'marketer');
  const bo = await member('bo@example.com', 'buyer', 'Bo Buyer');
  people.buyer = bo;
  boId = bo.id;
  spring = (
    await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Spring', subject: 'Spring', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  welcome = (
    await t.db
      .insertInto('automation_flows')
      .values({ name: 'Welcome' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await enquiry({
    created: '2026-11-02T00:00:00Z',
    status: 'purchased',
    path: ['contacted', 'offer_made', 'accepted', 'purchased'],
    replyHours: 2,
    offer: { hours: 24, cents: 1_000_000, accepted: true },
    purchase: { hours: 72, cents: 1_200_000 },
    assignee: bo.id,
    location: 'Sydney CBD',
    touch: { campaign: spring },
  });
  await enquiry({
    brand: 'Omega',
    created: '2026-11-03T00:00:00Z',
    status: 'lost',
    path: ['contacted', 'offer_made', 'lost'],
    replyHours: 4,
    offer: { hours: 48, cents: 500_000 },
    assignee: bo.id,
    touch: { campaign: spring },
  });
  await enquiry({
    created: '2026-11-04T00:00:00Z',
    status: 'contacted',
    path: ['contacted'],
    replyHours: 6,
    touch: { flow: welcome },
  });
  await enquiry({
    created: '2026-11-05T00:00:00Z',
    status: 'purchased',
    path: ['contacted', 'offer_made', 'accepted', 'purchased'],
    replyHours: 1,
    offer: { hours: 10, cents: 1_800_000 },
    purchase: { hours: 100, cents: 1_940_000 },
    assignee: bo.id,
    location: 'Melbourne',
    utm: ['Google', 'CPC'],
    referrer: 'https://www.google.com/',
  });
  await enquiry({
    brand: 'Patek Philippe',
    created: '2026-11-06T00:00:00Z',
    referrer: 'https://www.Chrono24.com.au/forum/t/1',
  });
  await enquiry({ brand: 'Tudor', created: '2026-10-31T13:30:00Z' });
  await enquiry({ brand: 'Cartier', created: '2026-11-30T13:30:00Z', touch: { campaign: spring } });
  const cy = await member('cy@example.com', 'buyer', 'Cy Buyer');
  await enquiry({ created: '2026-10-15T00:00:00Z', assignee: cy.id });
  await enquiry({
    created: '2026-10-20T00:00:00Z',
    status: 'purchased',
    purchase: { hours: 24, cents: 500_000 },
  });
  const erased = await enquiry({
    created: '2026-09-10T00:00:00Z',
    status: 'purchased',
    purchase: { hours: 24, cents: 300_000 },
    touch: { campaign: spring },
  });
  // Erasure deletes the contact and its enquiries (decision 036); the attribution stays, nameless.
  await t.db.deleteFrom('leads').where('id', '=', erased.leadId).execute();
});

const as = (role: Role) => callerFor(services, people[role]).admin.insight;

describe('campaign and flow attribution (decision 096)', () => {
  it('counts the enquiries whose last touch it is, their purchases and value, an erased seller’s too', async () => {
    // Spring: E1, E2, E7 and the erased E9; purchases E1 and E9.
    expect(await as('owner').campaignAttribution({ id: spring })).toEqual({
      enquiries: 4,
      purchases: 2,
      valueCents: SPRING_VALUE,
    });
    expect(await as('viewer').flowAttribution({ id: welcome })).toEqual({
      enquiries: 1,
      purchases: 0,
      valueCents: 0,
    });
  });

  it('hides the value from a Marketer unless the Owner allows it, and refuses the Buyer', async () => {
    expect(await as('marketer').campaignAttribution({ id: spring })).toEqual({
      enquiries: 4,
      purchases: 2,
      valueCents: null,
    });
    await as('owner').updateSettings({ attributionWindowDays: 30, marketersSeePrices: true });
    try {
      expect((await as('marketer').campaignAttribution({ id: spring })).valueCents).toBe(SPRING_VALUE);
    } finally {
      await as('owner').updateSettings({ attributionWindowDays: 30, marketersSeePrices: false });
    }
    expect(await codeOf(as('buyer').campaignAttribution({ id: spring }))).toBe('FORBIDDEN');
    expect(await codeOf(as('buyer').flowAttribution({ id: welcome }))).toBe('FORBIDDEN');
    expect(
      await codeOf(as('marketer').updateSettings({ attributionWindowDays: 7, marketersSeePrices: true })),
    ).toBe('FORBIDDEN');
  });
});

describe('the funnel (decision 096)', () => {
  const period = { from: '2026-11-01', to: '2026-11-30' };

  it('counts each step reached, the money and the medians, against the previous period', async () => {
    const report = await as('viewer').funnel({ ...period, by: 'source' });
    expect(report.previous).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(report.current).toEqual({
      enquiries: 6,
      contacted: 4,
      offered: 3,
      accepted: 2,
      purchased: 2,
      purchaseValueCents: 3_140_000,
      averageFirstOfferCents: 1_400_000,
      averagePriceCents: 1_570_000,
      medianHoursToFirstReply: 3,
      medianHoursToOffer: 24,
      medianHoursToPurchase: 86,
    });
    expect(report.prior).toMatchObject({
      enquiries: 2,
      contacted: 1,
      offered: 1,
      accepted: 1,
      purchased: 1,
      purchaseValueCents: 500_000,
    });
  });

  it('breaks the period down by source (a referring host where nothing else is) and by buyer, naming no seller', async () => {
    const bySource = await as('owner').funnel({ ...period, by: 'source' });
    expect(
      bySource.rows.map((r) => [
        r.label,
        r.enquiries,
        r.contacted,
        r.offered,
        r.accepted,
        r.purchased,
        r.purchaseValueCents,
      ]),
    ).toEqual([
      ['Campaign: Spring', 2, 2, 2, 1, 1, 1_200_000],
      ['Direct or unknown', 1, 0, 0, 0, 0, 0],
      ['Flow: Welcome', 1, 1, 0, 0, 0, 0],
      ['Referred by chrono24.com.au', 1, 0, 0, 0, 0, 0],
      ['google / cpc', 1, 1, 1, 1, 1, 1_940_000],
    ]);
    const byBuyer = await as('owner').funnel({ ...period, by: 'assignee' });
    expect(byBuyer.rows.map((r) => [r.label, r.enquiries, r.purchased])).toEqual([
      ['Bo Buyer', 3, 2],
      ['Unassigned', 3, 0],
    ]);
    const byLocation = await as('owner').funnel({ ...period, by: 'location' });
    expect(byLocation.rows.map((r) => [r.label, r.enquiries])).toEqual([
      ['No visit', 4],
      ['Melbourne', 1],
      ['Sydney CBD', 1],
    ]);
  });

  it('is the Owner’s and the Viewer’s, and refuses a bad period with a 400', async () => {
    expect(await codeOf(as('marketer').funnel({ ...period, by: 'source' }))).toBe('FORBIDDEN');
    expect(await codeOf(as('buyer').funnel({ ...period, by: 'source' }))).toBe('FORBIDDEN');
    expect(await codeOf(as('owner').funnel({ from: '2026-11-30', to: '2026-11-01', by: 'source' }))).toBe(
      'BAD_REQUEST',
    );
    expect(await codeOf(as('owner').funnel({ from: '2025-01-01', to: '2026-11-01', by: 'brand' }))).toBe(
      'BAD_REQUEST',
    );
  });
});

describe('the desk’s numbers (decision 096)', () => {
  const bo = () => ({
    memberId: boId,
    name: 'Bo Buyer',
    // E1, E2, E4: replies at 2, 4 and 1 hours, all within the site's 24 hours.
    handled: 3,
    replied: 3,
    repliedWithinSla: 3,
    medianHoursToFirstReply: 2,
    // One offer on each; E1's accepted by the seller.
    offersMade: 3,
    offersAccepted: 1,
    purchases: 2,
  });

  it('shows the Owner every member with enquiries in the period, against the site’s promise', async () => {
    const november = await as('owner').desk({ from: '2026-11-01', to: '2026-11-30' });
    expect(november.slaHours).toBe(24);
    expect(november.rows).toEqual([bo()]);
    const october = await as('viewer').desk({ from: '2026-10-01', to: '2026-10-31' });
    expect(october.rows.map((r) => [r.name, r.handled, r.replied, r.medianHoursToFirstReply])).toEqual([
      ['Cy Buyer', 1, 0, null],
    ]);
  });

  it('shows a Buyer their own row only, and refuses the Marketer', async () => {
    expect((await as('buyer').desk({ from: '2026-11-01', to: '2026-11-30' })).rows).toEqual([bo()]);
    expect((await as('buyer').desk({ from: '2026-10-01', to: '2026-10-31' })).rows).toEqual([]);
    expect(await codeOf(as('marketer').desk({ from: '2026-11-01', to: '2026-11-30' }))).toBe('FORBIDDEN');
  });
});
