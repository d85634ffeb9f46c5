import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { OWNERSHIP_DECLARATION } from '#shared/enquiries/seller.ts';
import { svixHeaders } from '#test/support/resend-webhooks.ts';
import { openSydneyAllDay, outboxEmailWithIcs } from './support/appointments.ts';
import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { E2E_INBOUND_DOMAIN, E2E_WEBHOOK_SECRET } from './support/constants.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';
import { fillPurchaseRecord } from './support/purchase.ts';
import { expect, type Page, test } from './support/test.ts';
import { expectFitsWidth } from './support/layout.ts';

// From offer to purchase, in the browser against the real app (decisions 058–060, 062): an offer
// recorded → the seller's e-mail link → accepted with a typed name and the declaration → a visit
// booked with its .ics → a reply e-mailed by the seller (a signed `email.received` whose e-mail the
// app fetches from the fake provider's Receiving API) on the timeline, its attachment a private
// download → a stray reply filed from Unmatched mail → identity (an uploaded copy) and serial
// recorded, Purchased → the register export with the full number while the page masks it → the
// contact erased, the register entry kept.

type HeldAttachment = { filename: string; contentType: string; base64: string };

/** Holds an inbound e-mail at the fake provider; returns the webhook event it would post. */
async function receiveAtProvider(
  page: Page,
  email: { from: string; to: string[]; subject: string; text: string; attachments?: HeldAttachment[] },
): Promise<{ id: string; event: object }> {
  const url = process.env.E2E_FAKE_RESEND_URL;
  if (!url) throw new Error('E2E_FAKE_RESEND_URL is set by e2e/support/global-setup.ts');
  const response = await page.request.post(`${url}/_test/receive`, { data: email });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; event: object };
}

/** Posts the event to the app's webhook, signed as Resend (Svix) signs it. */
async function postSigned(page: Page, event: object): Promise<void> {
  const body = JSON.stringify(event);
  const response = await page.request.post('/api/webhooks/resend', {
    headers: { 'content-type': 'application/json', ...svixHeaders(E2E_WEBHOOK_SECRET, body) },
    data: body,
  });
  expect(response.status()).toBe(200);
}

async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page, 390);
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('from an offer to the dealer’s register, through the seller’s page and e-mailed reply', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const email = `chain.${tag}@example.com`;
  const idNumber = `NSW ${tag.replace(/\D/g, '').padEnd(4, '5')}4321`;
  const serial = `CHAIN-${tag}`;
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
      watch_model: 'Datejust',
      watch_condition: 'Excellent - Like new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // 1. A member records an offer; the outbox e-mail carries the seller's link and a reply address
  // naming this enquiry.
  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await page.getByRole('textbox', { name: 'Amount (AUD)' }).fill('9800');
  await page.getByRole('button', { name: 'Record offer' }).click();
  await expect(page.getByTestId('latest-offer')).toContainText('$9,800.00 AUD');
  const subject = 'Our offer for your Rolex Datejust';
  const link = await outboxLinkPath(email, subject, /https?:\/\/\S+\/enquiry\/[A-Za-z0-9_-]{50}/);
  const offerEmail = await db
    .selectFrom('outbox_emails')
    .select('reply_to')
    .where(sql<boolean>`${email} = ANY(to_addresses)`)
    .where('subject', 'like', `${subject}%`)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const replyAddress = offerEmail.reply_to ?? '';
  expect(replyAddress).toMatch(
    new RegExp(`^enquiry\\+[a-z2-7]{42}@${E2E_INBOUND_DOMAIN.replace('.', '\\.')}$`),
  );

  // 2. The seller opens the link (a phone) and accepts with their typed name and the declaration.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Our offer: $9,800.00' })).toBeVisible();
  await fitsPhone(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('textbox', { name: 'Your full name' }).fill('Olivia Brown');
  await page.getByRole('checkbox', { name: OWNERSHIP_DECLARATION }).check();
  await page.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(page.getByText(/You accepted this offer on .*, signed as Olivia Brown\./)).toBeVisible();
  await fitsPhone(page);

  // The seller books a visit from the same page and receives the .ics (decision 062).
  await openSydneyAllDay();
  await page.reload();
  await page.getByRole('button', { name: 'Book a visit' }).click();
  await page.getByRole('combobox', { name: 'Location' }).selectOption('sydney');
  const times = page.getByRole('group', { name: 'Time' }).getByRole('radio');
  await times.first().check();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByText(/Your visit: .* in Sydney/)).toBeVisible();
  const booked = await outboxEmailWithIcs(email, 'Your visit in Sydney is booked');
  expect(booked.ics).toContain('METHOD:REQUEST');
  expect(booked.ics).toMatch(/DTSTART/);
  await fitsPhone(page);

  // 3. The seller replies by e-mail with a PDF: the provider holds it, the signed webhook names it,
  // and the app fetches it through the Receiving API (RESEND_INBOUND_API_KEY; sending stays in
  // the outbox).
  const pdf = Buffer.from('%PDF-1.4\n% box and papers receipt\n');
  const reply = await receiveAtProvider(page, {
    from: `Olivia Brown <${email}>`,
    to: [replyAddress],
    subject: `Re: ${subject}`,
    text: `Thursday at 10 suits me, I will bring the box.\n\nOn Fri, 27 Nov 2026 at 9:00 am, Sterling Watch Buyers wrote:\n> Our offer`,
    attachments: [
      { filename: 'receipt.pdf', contentType: 'application/pdf', base64: pdf.toString('base64') },
    ],
  });
  await postSigned(page, reply.event);

  // A reply to an address naming no enquiry waits on Unmatched mail.
  const stray = await receiveAtProvider(page, {
    from: `Olivia Brown <${email}>`,
    to: [`enquiry+${'a'.repeat(42)}@${E2E_INBOUND_DOMAIN}`],
    subject: `Papers for the Datejust ${tag}`,
    text: `The service papers are in the safe, I will bring them too.`,
  });
  await postSigned(page, stray.event);

  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await expect(page.getByText('Offer made → Accepted by ' + email)).toBeVisible();
  const timeline = page.getByLabel('Timeline');
  await expect(timeline.getByText(/Reply e-mailed by Olivia Brown/).first()).toBeVisible();
  await expect(timeline).toContainText('Thursday at 10 suits me, I will bring the box.');
  await expect(timeline).not.toContainText('> Our offer');
  const download = timeline.getByRole('link', { name: 'receipt.pdf' });
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="receipt\.pdf"/);
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);

  // 4. Unmatched mail: linked from the inbox with its count, filed on this enquiry by search.
  await page.goto('/admin/enquiries');
  await page.getByRole('link', { name: /Unmatched mail/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unmatched mail' })).toBeVisible();
  const card = page.getByRole('article', { name: `Papers for the Datejust ${tag}` });
  await expect(card).toContainText('The service papers are in the safe');
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await card.getByRole('button', { name: 'File on enquiry…' }).click();
  const fileDialog = page.getByRole('dialog', { name: 'File on enquiry' });
  await fileDialog.getByLabel('Enquiry', { exact: true }).fill(email);
  // By its reference: other specs' sellers may share the name and the watch.
  const reference = enquiry.id.replace(/-/g, '').slice(0, 8).toUpperCase();
  await page
    .getByRole('option', { name: new RegExp(`^${reference} · Olivia Brown · Rolex Datejust`) })
    .click();
  await fileDialog.getByRole('button', { name: 'File' }).click();
  await expect(card).toHaveCount(0);
  await page.goto(`/admin/enquiries/${enquiry.id}`);
  await expect(timeline).toContainText('The service papers are in the safe');

  // 5. The buyer records identity and serial: Purchased.
  await page.getByRole('button', { name: 'Purchased', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Record the purchase' });
  await fillPurchaseRecord(dialog, { price: '9800', idNumber, serial, sellerName: 'Olivia Brown' });
  // The identity was checked from a copy the seller sent: it is uploaded privately with the record.
  await dialog.getByRole('combobox', { name: 'How it was checked' }).click();
  await page.getByRole('option', { name: 'Uploaded copy' }).click();
  const licence = Buffer.from('%PDF-1.4\n% driver licence scan\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: licence });
  await expect(dialog.getByRole('button', { name: 'Confirm purchase' })).toBeEnabled();
  await expect(dialog.locator('[data-loading]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(dialog).toHaveCount(0);
  const record = page.getByTestId('purchase-record');
  await expect(record.getByTestId('identity-number')).toContainText(`•••• ${idNumber.slice(-4)}`);
  await expect(record).not.toContainText(idNumber);
  await expect(record).toContainText('Uploaded copy');
  const copyHref = await record.getByRole('link', { name: 'View identity copy' }).getAttribute('href');
  const copy = await page.request.get(copyHref!);
  expect(copy.status()).toBe(200);
  expect(Buffer.from(await copy.body()).equals(licence)).toBe(true);

  // 6. The register: masked on the page, full in the CSV export.
  await page.goto('/admin/register');
  await expect(page.getByTestId('register-list')).toContainText(serial);
  await expect(page.getByTestId('register-list')).not.toContainText(idNumber);
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  const row = (await csv.text()).split('\n').find((line) => line.includes(serial));
  expect(row).toContain(idNumber);

  // 7. Erasing the contact keeps the register entry (and its identity copy).
  await page.goto(`/admin/contacts/${lead.id}`);
  await page.getByRole('button', { name: 'Erase contact' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase this contact' });
  await erase.getByRole('textbox', { name: `Type ${email} to confirm` }).fill(email);
  await erase.getByRole('button', { name: 'Erase contact' }).click();
  await expect(
    page.getByText('The dealer’s register keeps this seller’s purchase for 7 years as the law requires'),
  ).toBeVisible();
  await page.goto('/admin/register');
  await expect(page.getByTestId('register-list')).toContainText(serial);
  expect((await page.request.get(copyHref!)).status()).toBe(200);
});
