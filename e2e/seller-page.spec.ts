import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { OWNERSHIP_DECLARATION, SELLER_MESSAGES } from '#shared/enquiries/seller.ts';
import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';
import { expectFitsWidth } from './support/layout.ts';

// The seller's private page and an offer answered online (decision 059): the offer e-mail's link,
// acceptance with a typed name and the declaration, the admin seeing Accepted, and an expired link's
// neutral new-link form; at desktop width and at 390 px, with axe-core.

async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  // In the admin's preview the shell's navbar slides away after the resize: measure once settled.
  await expectFitsWidth(page, 390);
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a seller opens the offer e-mail link, accepts with their name, and the admin sees Accepted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `seller.${randomUUID().slice(0, 8)}@example.com`;
  const db = e2eDatabase();
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
      watch_model: 'Submariner',
      watch_condition: 'Excellent - Like new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // A member records an offer; the seller is e-mailed it with their page's link.
  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await page.getByRole('textbox', { name: 'Amount (AUD)' }).fill('12500');
  await page.getByRole('button', { name: 'Record offer' }).click();
  await expect(page.getByTestId('latest-offer')).toContainText('$12,500.00 AUD');
  const link = await outboxLinkPath(
    email,
    'Our offer for your Rolex Submariner',
    /https?:\/\/\S+\/enquiry\/[A-Za-z0-9_-]{50}/,
  );
  // The link is a bearer credential (decision 067): not on the page until a member reveals it.
  const card = page.getByTestId('seller-link');
  await expect(card.getByText(/Link works until/)).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Private link' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Reveal link' }).click();
  await expect(card.getByRole('textbox', { name: 'Private link' })).toHaveValue(new RegExp(`${link}$`));

  // The seller opens it: never indexed, no referrer, the offer and the status in plain words.
  await page.context().clearCookies();
  const response = await page.goto(link);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rolex Submariner' })).toBeVisible();
  await expect(page.getByText("We've made you an offer")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our offer: $12,500.00' })).toBeVisible();
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await fitsPhone(page);

  // Accepting needs the declaration; then it is recorded with the typed name.
  await page.getByRole('textbox', { name: 'Your full name' }).fill('Olivia Brown');
  await page.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(page.getByRole('alert')).toHaveText(SELLER_MESSAGES.declarationRequired);
  await page.getByRole('checkbox', { name: OWNERSHIP_DECLARATION }).check();
  await page.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(page.getByText(/You accepted this offer on .*, signed as Olivia Brown\./)).toBeVisible();
  await expect(page.getByText('You accepted our offer')).toBeVisible();

  // A message from the box lands in the conversation.
  await page.getByRole('textbox', { name: 'Send us a message' }).fill('When can I bring it in?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(SELLER_MESSAGES.messageSent)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'When can I bring it in?' })).toBeVisible();

  // The member sees Accepted, who signed, and the message on the timeline.
  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await expect(page.getByTestId('offer-response')).toContainText('Accepted by "Olivia Brown"');
  await expect(page.getByText('Offer made → Accepted by ' + email)).toBeVisible();
  await expect(page.getByText(`Offer accepted on the seller's page, signed "Olivia Brown"`)).toBeVisible();

  // The staff preview shows the page as the seller sees it, every action disabled (decision 067).
  await page.getByRole('link', { name: "Preview seller's page" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/enquiries/${enquiry.id}/seller-preview$`));
  await expect(page.getByText('Preview — actions are disabled')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rolex Submariner' })).toBeVisible();
  await expect(page.getByText(/You accepted this offer on .*, signed as Olivia Brown\./)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'When can I bring it in?' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Send us a message' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Book a visit' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send me an insured shipping kit' })).toBeDisabled();
  await fitsPhone(page);

  // Expired: one message and the new-link form, whose answer says nothing about the address.
  await db
    .updateTable('seller_links')
    .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
    .where('enquiry_id', '=', enquiry.id)
    .execute();
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(SELLER_MESSAGES.linkInvalid);
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await fitsPhone(page);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: SELLER_MESSAGES.newLinkSent })).toBeVisible();
});
