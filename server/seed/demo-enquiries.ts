import { type EnquiryStatus, isClosed } from '#shared/enquiries/status.ts';
import type { DbTransaction } from '../db/database.ts';

// The demo's enquiries (decision 101): sellers who came from the two demo campaigns' clicks, from
// Google and Instagram ads, a forum's link and straight to the site, worked by two buyers through
// replies, offers, visits and purchases at realistic AUD prices, so that a fresh install's funnel,
// campaign reports and desk numbers have something true to show. Their attribution follows
// decision 096's rule: each campaign seller clicked within the window before submitting.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Demo buyers sign in nowhere: no role (the first Owner is still created) and no password. */
const DEMO_BUYERS = [
  { email: 'bo.carter@example.com', name: 'Bo Carter' },
  { email: 'ana.ruiz@example.com', name: 'Ana Ruiz' },
] as const;
const NO_PASSWORD = '!demo-member-without-password';

interface DemoEnquiry {
  /** Index into the demo contacts. */
  contact: number;
  /**
   * When the form was sent: minutes after clicking a campaign (the click `clickedAt` minutes after
   * the campaign went out, as its history in demo.ts records it), or days before the seed.
   */
  submitted: { campaign: 'spring' | 'summer'; clickedAt: number; minutesLater: number } | { daysAgo: number };
  brand: string;
  model: string;
  year: number;
  utm?: { source: string; medium: string; campaign?: string };
  buyer?: 0 | 1;
  replyHours?: number;
  offer?: { hours: number; cents: number };
  visit?: { location: string; hours: number };
  /** The statuses it moved through after New, the last one where it is now, hours after submission. */
  path: readonly [EnquiryStatus, number][];
  purchaseCents?: number;
}

const ENQUIRIES: readonly DemoEnquiry[] = [
  {
    contact: 0,
    submitted: { campaign: 'summer', clickedAt: 60, minutesLater: 40 },
    brand: 'Rolex',
    model: 'Submariner Date 126610LN',
    year: 2021,
    buyer: 0,
    replyHours: 2,
    offer: { hours: 26, cents: 1_320_000 },
    visit: { location: 'sydney', hours: 72 },
    path: [
      ['contacted', 2],
      ['offer_made', 26],
      ['accepted', 30],
      ['purchased', 74],
    ],
    purchaseCents: 1_350_000,
  },
  {
    contact: 3,
    submitted: { campaign: 'summer', clickedAt: 600, minutesLater: 25 },
    brand: 'Omega',
    model: 'Speedmaster Moonwatch 310.30.42.50.01.001',
    year: 2019,
    buyer: 1,
    replyHours: 5,
    offer: { hours: 30, cents: 520_000 },
    path: [
      ['contacted', 5],
      ['offer_made', 30],
      ['lost', 120],
    ],
  },
  {
    contact: 1,
    submitted: { campaign: 'spring', clickedAt: 95, minutesLater: 50 },
    brand: 'Cartier',
    model: 'Santos de Cartier WSSA0018',
    year: 2020,
    buyer: 1,
    replyHours: 1,
    offer: { hours: 20, cents: 780_000 },
    visit: { location: 'melbourne', hours: 70 },
    path: [
      ['contacted', 1],
      ['offer_made', 20],
      ['accepted', 26],
      ['purchased', 72],
    ],
    purchaseCents: 820_000,
  },
  {
    contact: 6,
    submitted: { campaign: 'spring', clickedAt: 95, minutesLater: 180 },
    brand: 'Tudor',
    model: 'Black Bay Fifty-Eight M79030N',
    year: 2022,
    buyer: 0,
    replyHours: 3,
    offer: { hours: 28, cents: 390_000 },
    path: [
      ['contacted', 3],
      ['offer_made', 28],
    ],
  },
  {
    contact: 8,
    submitted: { daysAgo: 15 },
    brand: 'Rolex',
    model: 'Cosmograph Daytona 116500LN',
    year: 2018,
    utm: { source: 'google', medium: 'cpc', campaign: 'sell-rolex' },
    buyer: 0,
    replyHours: 1,
    offer: { hours: 22, cents: 2_850_000 },
    visit: { location: 'sydney', hours: 96 },
    path: [
      ['contacted', 1],
      ['offer_made', 22],
      ['accepted', 25],
      ['purchased', 98],
    ],
    purchaseCents: 2_950_000,
  },
  {
    contact: 5,
    submitted: { daysAgo: 3 },
    brand: 'IWC',
    model: 'Portugieser Chronograph IW371605',
    year: 2017,
    utm: { source: 'google', medium: 'cpc', campaign: 'sell-watch-melbourne' },
    buyer: 1,
    replyHours: 6,
    offer: { hours: 30, cents: 740_000 },
    path: [
      ['contacted', 6],
      ['offer_made', 30],
    ],
  },
  {
    contact: 10,
    submitted: { daysAgo: 6 },
    brand: 'Audemars Piguet',
    model: 'Royal Oak 15500ST',
    year: 2020,
    utm: { source: 'instagram', medium: 'paid_social', campaign: 'we-are-buying' },
    buyer: 0,
    replyHours: 30,
    path: [['contacted', 30]],
  },
  {
    contact: 4,
    submitted: { daysAgo: 12 },
    brand: 'Breitling',
    model: 'Navitimer B01 Chronograph 43',
    year: 2016,
    utm: { source: 'watchuseek.com', medium: 'referral' },
    buyer: 1,
    replyHours: 4,
    offer: { hours: 24, cents: 450_000 },
    path: [
      ['contacted', 4],
      ['offer_made', 24],
      ['declined', 50],
    ],
  },
  { contact: 7, submitted: { daysAgo: 1 }, brand: 'Omega', model: 'Seamaster 300M', year: 2021, path: [] },
];

export async function seedDemoEnquiries(
  trx: DbTransaction,
  input: {
    now: Date;
    contacts: readonly { id: string; email: string }[];
    campaigns: Record<'spring' | 'summer', { id: string; sentAt: Date }>;
  },
): Promise<void> {
  const buyers = await trx
    .insertInto('users')
    .values(DEMO_BUYERS.map((b) => ({ email: b.email, name: b.name, password_hash: NO_PASSWORD })))
    .returning('id')
    .execute();
  const names = await trx
    .selectFrom('leads')
    .select(['id', 'full_name'])
    .where(
      'id',
      'in',
      input.contacts.map((c) => c.id),
    )
    .execute();
  for (const spec of ENQUIRIES) {
    const contact = input.contacts[spec.contact];
    if (!contact) continue;
    const sent = 'campaign' in spec.submitted ? input.campaigns[spec.submitted.campaign] : null;
    const click =
      sent && 'campaign' in spec.submitted
        ? { campaignId: sent.id, at: new Date(sent.sentAt.getTime() + spec.submitted.clickedAt * 60_000) }
        : null;
    const created =
      click && 'campaign' in spec.submitted
        ? new Date(click.at.getTime() + spec.submitted.minutesLater * 60_000)
        : new Date(input.now.getTime() - ('daysAgo' in spec.submitted ? spec.submitted.daysAgo : 0) * DAY);
    const at = (hours: number) => new Date(created.getTime() + hours * HOUR);
    const enquiry = await trx
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        contact_name: names.find((n) => n.id === contact.id)?.full_name ?? null,
        watch_brand: spec.brand,
        watch_model: spec.model,
        watch_year: spec.year,
        watch_condition: 'Very Good - Minor wear',
        has_box: true,
        has_papers: spec.year >= 2018,
        utm_source: spec.utm?.source ?? null,
        utm_medium: spec.utm?.medium ?? null,
        utm_campaign: spec.utm?.campaign ?? null,
        assignee_id: spec.buyer === undefined ? null : (buyers[spec.buyer]?.id ?? null),
        first_replied_at: spec.replyHours === undefined ? null : at(spec.replyHours),
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (click)
      await trx
        .insertInto('enquiry_attributions')
        .values({
          enquiry_id: enquiry.id,
          submitted_at: created,
          first_campaign_id: click.campaignId,
          first_kind: 'click',
          first_at: click.at,
          last_campaign_id: click.campaignId,
          last_kind: 'click',
          last_at: click.at,
        })
        .execute();
    if (spec.offer) {
      const offer = await trx
        .insertInto('enquiry_offers')
        .values({ enquiry_id: enquiry.id, amount_cents: spec.offer.cents, created_at: at(spec.offer.hours) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const accepted = spec.path.find(([status]) => status === 'accepted');
      if (accepted)
        await trx
          .insertInto('offer_responses')
          .values({
            enquiry_id: enquiry.id,
            offer_id: offer.id,
            response: 'accepted',
            typed_name: names.find((n) => n.id === contact.id)?.full_name ?? 'Seller',
            terms_version: 'demo',
            responded_at: at(accepted[1]),
          })
          .execute();
    }
    if (spec.visit)
      await trx
        .insertInto('appointments')
        .values({
          enquiry_id: enquiry.id,
          location: spec.visit.location,
          starts_at: at(spec.visit.hours),
          ends_at: at(spec.visit.hours + 1),
          state: 'attended',
          outcome_at: at(spec.visit.hours + 1),
        })
        .execute();
    let from: EnquiryStatus = 'new';
    for (const [to, hours] of spec.path) {
      await trx
        .insertInto('enquiry_events')
        .values({
          enquiry_id: enquiry.id,
          kind: 'status',
          from_status: from,
          to_status: to,
          created_at: at(hours),
        })
        .execute();
      from = to;
    }
    const last = spec.path.at(-1);
    if (last)
      // The move to the final status, as the desk makes it: the attribution trigger copies a
      // purchase's price and time (decision 096).
      await trx
        .updateTable('enquiries')
        .set({
          status: last[0],
          status_changed_at: at(last[1]),
          purchase_price_cents: spec.purchaseCents ?? null,
          closed_at: isClosed(last[0]) ? at(last[1]) : null,
        })
        .where('id', '=', enquiry.id)
        .execute();
  }
}
