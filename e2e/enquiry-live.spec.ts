import { randomUUID } from 'node:crypto';
import { OWNERSHIP_DECLARATION } from '#shared/enquiries/seller.ts';
import { signInAsAdmin } from './support/admin.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';
import { expect, test } from './support/test.ts';

// Decision 063: the assignee, with the enquiry page open, sees the seller's acceptance at once:
// the page shows Accepted and a notification links to the enquiry, with no reload.

test('the assignee sees the seller accept live: Accepted and a notification, no reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `live.${randomUUID().slice(0, 8)}@example.com`;
  const db = e2eDatabase();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', E2E_ADMIN.email)
    .executeTakeFirstOrThrow();
  const lead = await db
    .insertInto('leads')
    .values({ email, full_name: 'Olivia Brown' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Olivia Brown',
      watch_brand: 'Rolex',
      watch_model: 'Datejust',
      watch_condition: 'Excellent - Like new',
      assignee_id: admin.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The assignee records an offer and keeps the enquiry page open.
  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await page.getByRole('textbox', { name: 'Amount (AUD)' }).fill('9800');
  await page.getByRole('button', { name: 'Record offer' }).click();
  await expect(page.getByTestId('latest-offer')).toContainText('$9,800.00 AUD');
  const link = await outboxLinkPath(
    email,
    'Our offer for your Rolex Datejust',
    /https?:\/\/\S+\/enquiry\/[A-Za-z0-9_-]{50}/,
  );
  await expect(page.getByTestId('offer-response')).toHaveCount(0);
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // The seller accepts on their own page, in another browser.
  const sellerContext = await browser.newContext();
  try {
    const seller = await sellerContext.newPage();
    await seller.goto(link);
    await seller.getByRole('textbox', { name: 'Your full name' }).fill('Olivia Brown');
    await seller.getByRole('checkbox', { name: OWNERSHIP_DECLARATION }).check();
    await seller.getByRole('button', { name: 'Accept the offer' }).click();
    await expect(seller.getByText('You accepted our offer')).toBeVisible();
  } finally {
    await sellerContext.close();
  }

  // The open admin page follows without a reload, and the assignee is told, with a link.
  await expect(page.getByTestId('offer-response')).toContainText('Accepted by "Olivia Brown"');
  const notice = page.getByRole('link', { name: 'The seller accepted the offer on Rolex Datejust' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('href', `/admin/enquiries/${enquiry.id}`);
  expect(reloaded).toBe(false);
});
