import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { APPOINTMENT_MESSAGES } from '#shared/appointments/schemas.ts';
import { OWNERSHIP_DECLARATION_VERSION } from '#shared/enquiries/seller.ts';
import { issueSellerLink } from '../server/seller-link/seller-link.ts';
import { openSydneyAllDay, outboxEmailWithIcs } from './support/appointments.ts';
import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { E2E_APP_SECRET } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';
import { expectFitsWidth } from './support/layout.ts';

// Visits after an accepted offer (decision 062): at 390 px the seller books a slot on their page,
// the outbox e-mail carries the .ics, they move the visit, and the buyer sees it in "Today" and on
// the enquiry; a visit moved into the past (through the database) is shown as past, the seller books
// again and the buyer marks what happened; axe-core on each page.

async function noSerious(page: Page): Promise<void> {
  await expectFitsWidth(page, 390);
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
}

/** An enquiry whose seller accepted an offer, as the page records it (decision 059), and its link. */
async function acceptedEnquiry(email: string, name: string) {
  const db = e2eDatabase();
  const lead = await db
    .insertInto('leads')
    .values({ email, full_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: name,
      watch_brand: 'Omega',
      watch_model: 'Speedmaster',
      watch_condition: 'Excellent - Like new',
      status: 'accepted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offer = await db
    .insertInto('enquiry_offers')
    .values({ enquiry_id: enquiry.id, amount_cents: 900_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('offer_responses')
    .values({
      offer_id: offer.id,
      enquiry_id: enquiry.id,
      response: 'accepted',
      typed_name: name,
      terms_version: OWNERSHIP_DECLARATION_VERSION,
    })
    .execute();
  const link = await issueSellerLink(
    db,
    { appUrl: 'http://127.0.0.1', appSecret: E2E_APP_SECRET },
    enquiry.id,
  );

  return { enquiry, link };
}

test('a seller with an accepted offer books a visit at 390 px, gets the .ics, moves it; the buyer sees Today', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const db = e2eDatabase();
  const email = `visit.${randomUUID().slice(0, 8)}@example.com`;
  const name = `Vera Visit ${randomUUID().slice(0, 4)}`;
  await openSydneyAllDay();

  const { enquiry, link } = await acceptedEnquiry(email, name);

  // The seller, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link.url).pathname);
  await expect(page.getByRole('heading', { name: 'Visit us or ship it' })).toBeVisible();
  await page.getByRole('button', { name: 'Book a visit' }).click();
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('sydney');
  const times = page.getByRole('group', { name: 'Time' }).getByRole('radio');
  await expect(times.first()).toBeVisible();
  await noSerious(page);
  await times.first().check();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.booked)).toBeVisible();
  await expect(page.getByText(/Your visit: .* in Sydney/)).toBeVisible();
  await noSerious(page);

  const booked = await outboxEmailWithIcs(email, 'Your visit in Sydney is booked');
  expect(booked.ics).toContain('BEGIN:VCALENDAR');
  expect(booked.ics).toContain('METHOD:REQUEST');
  expect(booked.ics).toContain('SEQUENCE:0');
  const uid = /UID:(\S+)/.exec(booked.ics ?? '')?.[1];
  expect(uid).toBeTruthy();

  // Moved to another time: a new invitation for the same event.
  await page.getByRole('button', { name: 'Move my visit' }).click();
  await expect(times.first()).toBeVisible();
  await times.nth(1).check();
  await page.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.rescheduled)).toBeVisible();
  const moved = await outboxEmailWithIcs(email, 'Your visit in Sydney has moved');
  expect(moved.ics).toContain('METHOD:REQUEST');
  expect(moved.ics).toContain('SEQUENCE:1');
  expect(moved.ics).toContain(`UID:${uid}`);

  // The visit is brought forward to this instant, so it falls on today whatever the hour the test runs.
  await db
    .updateTable('appointments')
    .set({ starts_at: sql<Date>`now()`, ends_at: sql<Date>`now() + interval '15 minutes'` })
    .where('enquiry_id', '=', enquiry.id)
    .where('state', '=', 'booked')
    .execute();

  // The buyer's day, on a phone: the visit links to its enquiry, which shows it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/enquiries/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const visit = page
    .getByRole('list', { name: "Today's visits" })
    .getByRole('link', { name: new RegExp(name) });
  await expect(visit).toBeVisible();
  await noSerious(page);
  await visit.click();
  await expect(page.getByTestId('next-step')).toContainText('Booked');
  await expect(page.getByTestId('next-step')).toContainText('Moved');
  await expect(page.getByText("Visit moved to Sydney on the seller's page")).toBeVisible();
});

test('a seller whose visit passed books again at 390 px; the buyer marks both visits from Today and the enquiry', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const db = e2eDatabase();
  const email = `again.${randomUUID().slice(0, 8)}@example.com`;
  const name = `Otto Outcome ${randomUUID().slice(0, 4)}`;
  await openSydneyAllDay();
  const { enquiry, link } = await acceptedEnquiry(email, name);
  const booked = () =>
    db.updateTable('appointments').where('enquiry_id', '=', enquiry.id).where('state', '=', 'booked');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link.url).pathname);
  await page.getByRole('button', { name: 'Book a visit' }).click();
  const times = page.getByRole('group', { name: 'Time' }).getByRole('radio');
  await times.first().check();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.booked)).toBeVisible();

  // The visit is moved to yesterday through the database: 26 hours back is always an earlier day.
  await booked()
    .set({
      starts_at: sql<Date>`now() - interval '26 hours'`,
      ends_at: sql<Date>`now() - interval '25 hours'`,
    })
    .execute();
  await page.reload();
  await expect(page.getByText(/^Your visit on .+ at .+ in Sydney has passed\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move my visit' })).toHaveCount(0);
  await noSerious(page);
  await page.getByRole('button', { name: 'Book a visit' }).click();
  await times.first().check();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.booked)).toBeVisible();
  await expect(page.getByText(/Your visit: .* in Sydney/)).toBeVisible();
  // The new visit is brought forward to this instant, so it is today's whatever the hour.
  await booked()
    .set({ starts_at: sql<Date>`now()`, ends_at: sql<Date>`now() + interval '15 minutes'` })
    .execute();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/enquiries/today');
  const toMark = page.getByRole('list', { name: 'Still to mark' });
  await expect(toMark.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await noSerious(page);
  await toMark.getByRole('button', { name: new RegExp(`^Did not attend: ${name}`) }).click();
  await expect(page.getByText('Visit marked as did not attend')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(1);

  // Today's visit, marked from the enquiry's panel.
  await page
    .getByRole('list', { name: "Today's visits" })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  const panel = page.getByTestId('next-step');
  await expect(panel).toContainText('Did not attend');
  await expect(panel.getByRole('button', { name: /^Attended: / })).toBeVisible();
  await noSerious(page);
  await panel.getByRole('button', { name: /^Attended: / }).click();
  await expect(panel.getByRole('button', { name: /^Attended: / })).toHaveCount(0);
  await expect(page.getByText(/^Visit in Sydney marked as attended by /)).toBeVisible();
  await expect(page.getByText(/^Visit in Sydney marked as not attended by /)).toBeVisible();
  await noSerious(page);
  const states = await db
    .selectFrom('appointments')
    .select('state')
    .where('enquiry_id', '=', enquiry.id)
    .orderBy('created_at')
    .execute();
  expect(states.map((s) => s.state)).toEqual(['no_show', 'attended']);
});

test('the Owner sets a location’s hours and the slot length in Settings; bad values are refused', async ({
  page,
}) => {
  const db = e2eDatabase();
  await signInAsAdmin(page, { at: '/admin/settings' });
  const card = page.getByRole('region', { name: 'Appointments' });
  await expect(card).toBeVisible();
  // Out-of-range numbers are clamped when the field loses focus; an impossible date is refused.
  const slot = card.getByRole('textbox', { name: 'Slot length (minutes)' });
  await slot.fill('10');
  await slot.blur();
  await expect(slot).toHaveValue('15');
  const blackout = card.getByRole('textbox', { name: 'Closed on (blackout dates)' });
  await blackout.fill('2026-12-25\n2026-02-30');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByRole('alert')).toHaveText(APPOINTMENT_MESSAGES.day);
  await blackout.fill('2026-12-25');

  await card.getByRole('textbox', { name: 'Slot length (minutes)' }).fill('30');
  await card.getByRole('combobox', { name: 'Opening hours of' }).selectOption('melbourne');
  const hours = card.getByRole('group', { name: 'Opening hours, Melbourne' });
  await hours.getByRole('checkbox', { name: 'Tuesday' }).check();
  await hours.getByLabel('Tuesday opens').fill('11:00');
  await hours.getByLabel('Tuesday closes').fill('10:00');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByRole('alert')).toHaveText(APPOINTMENT_MESSAGES.hoursOrder);
  await hours.getByLabel('Tuesday closes').fill('15:30');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.settingsSaved)).toBeVisible();

  const saved = await db
    .selectFrom('location_hours')
    .select([
      'weekday',
      sql<string>`to_char(opens, 'HH24:MI')`.as('opens'),
      sql<string>`to_char(closes, 'HH24:MI')`.as('closes'),
    ])
    .where('location', '=', 'melbourne')
    .orderBy('weekday')
    .execute();
  // A fresh install opens every location Monday to Friday, 9 to 5 (decision 095): Tuesday changed.
  expect(saved).toEqual([
    { weekday: 1, opens: '09:00', closes: '17:00' },
    { weekday: 2, opens: '11:00', closes: '15:30' },
    { weekday: 3, opens: '09:00', closes: '17:00' },
    { weekday: 4, opens: '09:00', closes: '17:00' },
    { weekday: 5, opens: '09:00', closes: '17:00' },
  ]);
  const settings = await db
    .selectFrom('appointment_settings')
    .select([
      'slot_minutes',
      sql<string[]>`array(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(blackout_dates) d)`.as('blackout'),
    ])
    .executeTakeFirstOrThrow();
  expect(settings).toEqual({ slot_minutes: 30, blackout: ['2026-12-25'] });
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'Slot length (minutes)' })).toHaveValue('30');
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
});

test('a seller asks for an insured shipping kit at 390 px; a wrong postcode is refused; the buyer posts it', async ({
  page,
}) => {
  const email = `kit.${randomUUID().slice(0, 8)}@example.com`;
  const name = `Kit Parcel ${randomUUID().slice(0, 4)}`;
  const { enquiry, link } = await acceptedEnquiry(email, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link.url).pathname);
  await page.getByRole('button', { name: 'Send me an insured shipping kit' }).click();
  // Started from the name the seller signed the offer with (decision 095).
  await expect(page.getByRole('textbox', { name: 'Name on the parcel' })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Street address' }).fill('12 George Street');
  await page.getByRole('textbox', { name: 'Suburb or town' }).fill('Paddington');
  await page.getByRole('combobox', { name: 'State or territory' }).selectOption('NSW');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('3000');
  await page.getByRole('button', { name: 'Send me the kit' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.postcodeState('NSW'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute('aria-invalid', 'true');
  await noSerious(page);
  await page.getByRole('textbox', { name: 'Postcode' }).fill('2021');
  await page.getByRole('button', { name: 'Send me the kit' }).click();
  await expect(page.getByText(APPOINTMENT_MESSAGES.kitSent)).toBeVisible();
  await expect(
    page.getByText(`We will post an insured shipping kit to ${name}, 12 George Street`),
  ).toBeVisible();
  await outboxEmailWithIcs(email, 'Your insured shipping kit');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page, { at: '/admin/enquiries/today' });
  await expect(
    page.getByRole('list', { name: 'Shipping kits to post' }).getByText(`${name} · Paddington NSW`),
  ).toBeVisible();
  await page.goto(`/admin/enquiries/${enquiry.id}`);
  const panel = page.getByTestId('next-step');
  await expect(panel).toContainText('To post');
  await panel.getByRole('button', { name: 'Mark as posted' }).click();
  await expect(panel).toContainText('Posted');
  await expect(page.getByText(`Shipping kit marked as posted by`)).toBeVisible();
  // The e-mail the kit request promised (decision 095), and the seller's page says so.
  await outboxEmailWithIcs(email, 'Your insured shipping kit is on its way');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link.url).pathname);
  await expect(page.getByText(`Your insured shipping kit is on its way to ${name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book a visit' })).toHaveCount(0);
});

test('with no free time anywhere, a seller is offered only the kit and the Owner is warned', async ({
  page,
}) => {
  const db = e2eDatabase();
  const hours = await db.selectFrom('location_hours').selectAll().execute();
  await db.deleteFrom('location_hours').execute();
  try {
    const email = `nohours.${randomUUID().slice(0, 8)}@example.com`;
    const { link } = await acceptedEnquiry(email, `Nora Nohours ${randomUUID().slice(0, 4)}`);
    // Decision 095: no "Book a visit" leading to "No location is taking bookings".
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(new URL(link.url).pathname);
      await expect(page.getByRole('button', { name: 'Send me an insured shipping kit' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Book a visit' })).toHaveCount(0);
      await expect(page.getByText(/If you would rather visit us, send us a message below\./)).toBeVisible();
      expect(await seriousViolations(page, { include: 'main' })).toEqual({});
    }
    await signInAsAdmin(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/admin');
      const warning = page.getByRole('alert').filter({ hasText: 'Sellers cannot book a visit' });
      await expect(warning).toBeVisible();
      await expect(warning.getByRole('link', { name: 'Set opening hours in Settings' })).toHaveAttribute(
        'href',
        '/admin/settings',
      );
      expect(await seriousViolations(page, { include: 'main' })).toEqual({});
    }
  } finally {
    await db.deleteFrom('location_hours').execute();
    if (hours.length > 0) await db.insertInto('location_hours').values(hours).execute();
  }
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Campaign Dashboard' })).toBeVisible();
  await expect(page.getByText('Sellers cannot book a visit')).toHaveCount(0);
});
