import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from './support/test.ts';
import sharp from 'sharp';
import { e2eDatabase } from './support/db.ts';
import { expectFitsWidth } from './support/layout.ts';

const SUCCESS =
  "Form submitted successfully! We'll review your watch details and get back to you within 24 hours.";
const FAILURE = /^Submission failed\. Please try again or call us directly at [\d ]+\.$/;

/** Small distinct PNGs made at test time, as a seller's phone would offer them. */
async function pngs(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `watch-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 40 + i, height: 30, channels: 3, background: { r: 20 * i, g: 120, b: 200 } },
      })
        .png()
        .toBuffer(),
    })),
  );
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const heading = (page: Page) => page.locator('#sell-step-heading');

async function fillValidForm(page: Page, email: string) {
  await page.locator('#sell-fullName').fill('Jane Citizen');
  await page.locator('#sell-email').fill(email);
  await page.locator('#sell-phone').fill('0412 345 678');
  await next(page);
  await page.locator('#sell-watchBrand').selectOption('Omega');
  await page.locator('#sell-watchCondition').selectOption('Excellent - Like new');
  await next(page);
  await expect(heading(page)).toContainText('Upload Photos');
}

/** The outbox rows with these idempotency keys, once the worker has written all of them. */
async function waitForOutbox(keys: string[]) {
  const db = e2eDatabase();
  const read = () =>
    db
      .selectFrom('outbox_emails')
      .select(['idempotency_key', 'to_addresses', 'subject', 'text_body'])
      .where('idempotency_key', 'in', keys)
      .execute();
  let rows: Awaited<ReturnType<typeof read>> = [];
  await expect
    .poll(async () => (rows = await read()).length, {
      message: `outbox rows ${keys.join(', ')}`,
      timeout: 15_000,
    })
    .toBe(keys.length);
  return rows;
}

test('a seller fixes validation errors, attaches photos and submits; both e-mails are sent', async ({
  page,
}) => {
  const email = `seller.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/sell?utm_source=e2e-ads&utm_campaign=spring-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Sell Your Luxury Watch' })).toBeVisible();
  for (const href of [
    '/watch-authentication',
    '/blog',
    '/sell-rolex-watch',
    '/sell-patek-philippe-watch',
    '/',
  ]) {
    await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
  await expect(heading(page)).toContainText('Personal Information');

  // Step 1: empty, then wrong, then right.
  await next(page);
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter your phone number')).toBeVisible();
  await expect(page.locator('#sell-fullName')).toBeFocused();
  await expect(page.locator('#sell-fullName')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#sell-fullName')).toHaveAttribute('aria-describedby', 'sell-fullName-error');

  await page.locator('#sell-fullName').fill('J');
  await next(page);
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.locator('#sell-fullName').fill('Jane 2');
  await page.locator('#sell-email').fill('jane@');
  await page.locator('#sell-phone').fill('0412 345 67x');
  await next(page);
  await expect(
    page.getByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
  ).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();

  await page.locator('#sell-fullName').fill('Jane Citizen');
  await page.locator('#sell-email').fill(email);
  await page.locator('#sell-phone').fill('0412 345 678');
  await next(page);
  await expect(heading(page)).toContainText('Watch Details');

  // Entries survive moving between steps.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.locator('#sell-fullName')).toHaveValue('Jane Citizen');
  await next(page);

  // Step 2.
  await page.locator('#sell-watchYear').fill('1899');
  await next(page);
  await expect(page.getByText('Please select a watch brand')).toBeVisible();
  await expect(page.getByText('Please enter a valid year')).toBeVisible();
  await expect(page.getByText('Please select watch condition')).toBeVisible();
  await expect(page.locator('#sell-watchBrand')).toBeFocused();
  await page.locator('#sell-watchBrand').selectOption('Rolex');
  await page.locator('#sell-watchModel').fill('Submariner 126610LN');
  await page.locator('#sell-watchYear').fill('2019');
  await page.locator('#sell-watchCondition').selectOption('Very Good - Minor wear');
  await page.getByLabel('I have the original box').check();
  await page.locator('#sell-additionalDetails').fill('Serviced in 2023.');
  await next(page);

  // Step 3: photos upload as soon as they are chosen; consent starts unticked.
  await expect(heading(page)).toContainText('Upload Photos');
  await expect(page.getByText('Images only (JPG, PNG, WebP, HEIC), up to 10MB each')).toBeVisible();
  await expect(page.getByLabel('Email me market updates and offers')).not.toBeChecked();
  await expect(page.getByLabel('Text me (SMS) market updates and offers')).not.toBeChecked();
  // The first photo's upload finishes last (held until the second's is stored): the order kept is
  // still the one shown, not the one the uploads finished in (decision 026).
  let secondStored: () => void = () => undefined;
  const secondDone = new Promise<void>((resolve) => (secondStored = resolve));
  await page.route('**/api/uploads', async (route) => {
    if (route.request().postDataBuffer()?.includes('filename="watch-1.png"')) {
      await secondDone;
      await route.continue();
    } else {
      await route.fulfill({ response: await route.fetch() });
      secondStored();
    }
  });
  await page.locator('#sell-photos').setInputFiles(await pngs(2));
  await expect(page.getByRole('img', { name: /Photo \d: watch-\d\.png/ })).toHaveCount(2);
  await expect(page.getByText('Uploaded')).toHaveCount(2);
  await page.unroute('**/api/uploads');
  await page.getByLabel('Email me market updates and offers').check();

  // Hold the submission briefly so the in-flight state can be seen.
  await page.route('**/trpc/lead.submit**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  const submit = page.getByRole('button', { name: 'Submit for Free Valuation' });
  await submit.click();
  const processing = page.getByRole('button', { name: 'Processing...' });
  await expect(processing).toBeVisible();
  await expect(processing).toBeDisabled();

  // The spec's success message is the confirmation's status line, with no toast over it, and the
  // confirmation stays in place of the form with the one "What happens next".
  await expect(page.getByRole('status').getByText(SUCCESS, { exact: true })).toBeVisible();
  const confirmation = page.getByRole('region', { name: 'Thank you, Jane.' });
  await expect(confirmation).toBeVisible();
  // Said once: no second "your enquiry is with us" beside the success line (decision 095).
  await expect(confirmation).not.toContainText('with us');
  await expect(confirmation.getByRole('status')).toHaveText(SUCCESS);
  await expect(page.locator('.sell-toast')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toHaveCount(1);
  await expect(confirmation.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(confirmation).toContainText('within 24 hours');
  await expect(confirmation.locator('a[href^="tel:"]')).toBeVisible();
  await expect(confirmation).toContainText('the e-mail includes a link to confirm your subscription');
  await expect(page.locator('#sell-fullName')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit for Free Valuation' })).toHaveCount(0);

  // Ad events fired once each, with the nominal value and the enquiry's event id.
  const events = await page.evaluate(() => window.__analyticsEvents ?? []);
  expect(events.filter((e) => e.type === 'checkout_initiated')).toHaveLength(1);
  const contact = events.find((e) => e.type === 'lead');
  const conversion = events.find((e) => e.type === 'conversion');
  expect(contact).toMatchObject({ value: 1000, currency: 'AUD' });
  expect(conversion).toMatchObject({ value: 1000, currency: 'AUD' });

  // What the business now holds.
  const db = e2eDatabase();
  const stored = await db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.meta_event_id',
      'enquiries.utm_source',
      'enquiries.utm_campaign',
      'enquiries.watch_year',
      'leads.email_marketing_consent',
      'leads.email_consent_pending',
      'leads.sms_marketing_consent',
    ])
    .where('leads.email', '=', email)
    .executeTakeFirstOrThrow();
  // The ticked box waits for the address to confirm it (decision 016).
  expect(stored).toMatchObject({
    utm_source: 'e2e-ads',
    utm_campaign: 'spring-sale',
    watch_year: 2019,
    email_marketing_consent: false,
    email_consent_pending: true,
    sms_marketing_consent: false,
  });
  expect(contact && 'eventId' in contact ? contact.eventId : null).toBe(stored.meta_event_id);
  const reference = stored.id.replace(/-/g, '').slice(0, 8).toUpperCase();
  await expect(confirmation).toContainText(`Your reference: ${reference}`);
  const photos = await db
    .selectFrom('uploads')
    .select(['id', 'original_name', 'created_at'])
    .where('enquiry_id', '=', stored.id)
    .orderBy('position')
    .execute();
  expect(photos.map((p) => p.original_name)).toEqual(['watch-1.png', 'watch-2.png']);
  // Stored in the other order: only the position keeps the seller's.
  expect(photos[0]!.created_at.getTime()).toBeGreaterThan(photos[1]!.created_at.getTime());

  const keys = [`enquiry-${stored.id}-business`, `enquiry-${stored.id}-seller`];
  const outbox = await waitForOutbox(keys);
  expect(outbox.map((row) => row.idempotency_key).sort()).toEqual(keys.sort());
  const business = outbox.find((row) => row.idempotency_key === keys[0]);
  const seller = outbox.find((row) => row.idempotency_key === keys[1]);
  expect(business?.text_body).toContain('UTM source: e2e-ads');
  const links = photos.map((photo) => (business?.text_body ?? '').indexOf(`/api/uploads/${photo.id}`));
  expect(links[0]).toBeGreaterThan(-1);
  expect(links[1]).toBeGreaterThan(links[0] ?? -1);
  expect(seller?.to_addresses).toEqual([email]);
  expect(seller?.text_body).toContain('within 24 hours');
  expect(seller?.text_body).toContain(`Your reference: ${reference}`);

  // A second watch starts from an empty Step 1.
  await page.getByRole('button', { name: 'Value another watch' }).click();
  await expect(heading(page)).toContainText('Personal Information');
  await expect(page.locator('#sell-fullName')).toHaveValue('');
  await expect(page.locator('#sell-email')).toHaveValue('');

  // The seller opens the link in the acknowledgement: the page asks, the button confirms.
  const link = /https?:\/\/[^/\s]+(\/confirm-subscription\?token=[A-Za-z0-9_-]+)/.exec(
    seller?.text_body ?? '',
  );
  expect(link).not.toBeNull();
  await page.goto(link?.[1] ?? '/confirm-subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Market updates and offers by e-mail' })).toBeVisible();
  const pendingAfterView = await db
    .selectFrom('leads')
    .select('email_marketing_consent')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(pendingAfterView.email_marketing_consent).toBe(false);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you: your subscription is confirmed.');
  // The page now says so in its title and offers where to go next.
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
  const whereNext = page.getByRole('navigation', { name: 'Where next' });
  await expect(whereNext.getByRole('link', { name: 'Manage e-mail preferences' })).toHaveAttribute(
    'href',
    '/unsubscribe',
  );
  await expect(whereNext.getByRole('link', { name: 'Get a free valuation' })).toHaveAttribute(
    'href',
    '/sell',
  );
  const confirmed = await db
    .selectFrom('leads')
    .select(['email_marketing_consent', 'email_consent_pending', 'consent_source', 'consent_user_agent'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(confirmed).toMatchObject({
    email_marketing_consent: true,
    email_consent_pending: false,
    consent_source: 'sell_form_confirmed',
  });
  expect(confirmed.consent_user_agent).toBeTruthy();

  // A link that was tampered with says so, and offers nothing to click.
  await page.goto(`${link?.[1]?.slice(0, -2) ?? ''}xx`);
  await expect(page.getByRole('alert')).toContainText('This confirmation link is not valid.');
  await expect(page.getByRole('button', { name: 'Confirm my subscription' })).toHaveCount(0);
});

test('a server failure keeps every entry and shows the failure toast; a retry then succeeds', async ({
  page,
}) => {
  const email = `retry.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/sell');
  await fillValidForm(page, email);
  await page.locator('#sell-photos').setInputFiles(await pngs(1));
  await expect(page.getByText('Uploaded')).toHaveCount(1);
  await page.getByLabel('Text me (SMS) market updates and offers').check();

  await page.route('**/trpc/lead.submit**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await page.getByRole('button', { name: 'Submit for Free Valuation' }).click();
  await expect(page.getByRole('alert').getByText(FAILURE)).toBeVisible();
  await expect(page.getByRole('status').getByText(SUCCESS)).toHaveCount(0);

  // Still on the last step, with the photo and the tick; earlier steps kept too.
  await expect(heading(page)).toContainText('Upload Photos');
  await expect(page.getByRole('img', { name: /watch-1\.png/ })).toBeVisible();
  await expect(page.getByLabel('Text me (SMS) market updates and offers')).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.locator('#sell-watchBrand')).toHaveValue('Omega');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.locator('#sell-email')).toHaveValue(email);

  await page.unroute('**/trpc/lead.submit**');
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Submit for Free Valuation' }).click();
  await expect(page.getByRole('status').getByText(SUCCESS, { exact: true })).toBeVisible();
  const rows = await e2eDatabase()
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select('enquiries.id')
    .where('leads.email', '=', email)
    .execute();
  expect(rows).toHaveLength(1);
});

test('more than 10 photos are refused with the spec message', async ({ page }) => {
  await page.goto('/sell');
  await fillValidForm(page, `many.${randomUUID().slice(0, 8)}@example.com`);
  await page.locator('#sell-photos').setInputFiles(await pngs(11));
  await expect(page.getByText('Please upload a maximum of 10 photos.')).toBeVisible();
  await expect(page.getByRole('img', { name: /watch-/ })).toHaveCount(0);
});

test('refused files leave the grid, are named with the reason, and do not count towards 10', async ({
  page,
}) => {
  await page.goto('/sell');
  await fillValidForm(page, `refused.${randomUUID().slice(0, 8)}@example.com`);
  await page.locator('#sell-photos').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
    // Claims to be a PNG; the server reads the bytes and refuses it.
    { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('definitely not a png') },
  ]);
  const refused = page.getByRole('list', { name: 'Photos not added' });
  const notAnImage = 'This file is not a supported photo. Please upload a JPG, PNG, WebP or HEIC image.';
  await expect(refused.getByText(`notes.txt: ${notAnImage}`)).toBeVisible();
  await expect(refused.getByText(/^fake\.png: /)).toBeVisible();
  await expect(page.getByRole('img', { name: /Photo \d/ })).toHaveCount(0);

  // Ten good photos still fit: the refused ones took no place.
  await page.locator('#sell-photos').setInputFiles(await pngs(10));
  await expect(page.getByText('10 of 10 photos')).toBeVisible();
  await expect(page.getByText('Uploaded')).toHaveCount(10);
  await expect(page.getByText('Please upload a maximum of 10 photos.')).toHaveCount(0);
  await expect(refused).toHaveCount(0);
});

test("a landing page's valuation button starts the form from its brand or city", async ({ page }) => {
  await page.goto('/sell-patek-philippe-watch');
  await page.getByRole('link', { name: 'Get Your Free Valuation' }).first().click();
  await expect(page).toHaveURL(/\/sell\?brand=Patek(\+|%20)Philippe$/);
  await page.locator('#sell-fullName').fill('Jane Citizen');
  await page.locator('#sell-email').fill(`preset.${randomUUID().slice(0, 8)}@example.com`);
  await page.locator('#sell-phone').fill('0412 345 678');
  await next(page);
  await expect(page.locator('#sell-watchBrand')).toHaveValue('Patek Philippe');

  await page.goto('/sell-watch-hobart');
  await page.getByRole('link', { name: 'Get Your Free Valuation' }).first().click();
  await expect(page).toHaveURL(/\/sell\?city=Hobart$/);
  await page.locator('#sell-fullName').fill('Jane Citizen');
  await page.locator('#sell-email').fill(`preset.${randomUUID().slice(0, 8)}@example.com`);
  await page.locator('#sell-phone').fill('0412 345 678');
  await next(page);
  await expect(page.locator('#sell-watchBrand')).toHaveValue('');
  await expect(page.locator('#sell-additionalDetails')).toHaveValue("I'm based in Hobart.");
});

test.describe('on a 390 px touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('thumbnails fit their cards and no drag-and-drop is offered', async ({ page }) => {
    await page.goto('/sell');
    await fillValidForm(page, `touch.${randomUUID().slice(0, 8)}@example.com`);
    await expect(page.getByText('Images only', { exact: false })).toBeVisible();
    await expect(page.getByText('You can also drag photos here.')).toBeHidden();

    // Long names without spaces, as phones name their photos.
    const photos = (await pngs(3)).map((photo, i) => ({
      ...photo,
      name: `IMG_20261126_${'1234567890'.repeat(4)}_${i + 1}.png`,
    }));
    await page.locator('#sell-photos').setInputFiles(photos);
    await expect(page.getByText('Uploaded')).toHaveCount(3);
    const overflow = await page.locator('.sell-photo').evaluateAll((cards) =>
      cards.flatMap((card) => {
        const box = card.getBoundingClientRect();
        return Array.from(card.children)
          .map((child) => child.getBoundingClientRect())
          .filter((inner) => inner.left < box.left - 0.5 || inner.right > box.right + 0.5)
          .map(
            (inner) =>
              `${Math.round(inner.left)}-${Math.round(inner.right)} outside ${box.left}-${box.right}`,
          );
      }),
    );
    expect(overflow).toEqual([]);
    await expectFitsWidth(page, 390);
  });
});

test('a blank phone number says it is missing; a mouse can still drag photos in', async ({ page }) => {
  await page.goto('/sell');
  await page.locator('#sell-fullName').fill('Jane Citizen');
  await page.locator('#sell-email').fill(`blank.${randomUUID().slice(0, 8)}@example.com`);
  await page.locator('#sell-phone').fill('   ');
  await next(page);
  await expect(page.getByText('Please enter your phone number')).toBeVisible();
  await page.locator('#sell-phone').fill('0412 345 678');
  await next(page);
  await page.locator('#sell-watchBrand').selectOption('Omega');
  await page.locator('#sell-watchCondition').selectOption('Excellent - Like new');
  await next(page);
  await expect(page.getByText('You can also drag photos here.')).toBeVisible();
});
