import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { CERTIFICATE_MESSAGES } from '#shared/enquiries/certificates.ts';
import { OWNERSHIP_DECLARATION } from '#shared/enquiries/seller.ts';
import { signInAsAdmin } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';
import { expect, test } from './support/test.ts';
import { expectFitsWidth } from './support/layout.ts';

// Proof of an online acceptance (decision 072): the seller accepts on their page and receives the
// receipt with the certificate attached (read from the outbox), downloads it from the page, staff
// download the same bytes from the enquiry, and the public page confirms the file and rejects a
// changed copy, hashing it in the browser.

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The receipt in the outbox once the worker delivered it, and its attached PDF's bytes. */
async function receiptPdf(to: string): Promise<Buffer> {
  let attachment: { filename: string; content: string; contentType: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const row = await e2eDatabase()
          .selectFrom('outbox_emails')
          .select(['attachments'])
          .where(sql<boolean>`${to} = ANY(to_addresses)`)
          .where('subject', 'like', 'Receipt: you accepted our offer%')
          .executeTakeFirst();
        attachment = row?.attachments.find((a) => a.filename.endsWith('.pdf'));
        return attachment?.contentType;
      },
      { timeout: 20_000 },
    )
    .toBe('application/pdf');
  return Buffer.from(attachment?.content ?? '', 'base64');
}

test('an online acceptance gives one certificate: e-mailed, downloaded by staff, verified', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `certificate.${randomUUID().slice(0, 8)}@example.com`;
  const db = e2eDatabase();
  const lead = await db
    .insertInto('leads')
    .values({ email, full_name: 'Harper Quinn' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Harper Quinn',
      watch_brand: 'Omega',
      watch_model: 'Speedmaster',
      watch_condition: 'Excellent - Like new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await page.getByRole('textbox', { name: 'Amount (AUD)' }).fill('9450');
  await page.getByRole('button', { name: 'Record offer' }).click();
  await expect(page.getByTestId('latest-offer')).toContainText('$9,450.00 AUD');
  const link = await outboxLinkPath(
    email,
    'Our offer for your Omega Speedmaster',
    /https?:\/\/\S+\/enquiry\/[A-Za-z0-9_-]{50}/,
  );

  // The seller accepts on their page.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Your full name' }).fill('Harper Quinn');
  await page.getByRole('checkbox', { name: OWNERSHIP_DECLARATION }).check();
  await page.getByRole('button', { name: 'Accept the offer' }).click();
  const sellerDownload = page.getByRole('link', { name: 'Download your certificate of acceptance (PDF)' });
  await expect(sellerDownload).toBeVisible();

  // The receipt carries the certificate; the record keeps that file's SHA-256.
  const emailed = await receiptPdf(email);
  expect(emailed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const record = await db
    .selectFrom('acceptance_certificates')
    .select(['id', 'sha256'])
    .where('enquiry_id', '=', enquiry.id)
    .executeTakeFirstOrThrow();
  expect(sha256(emailed)).toBe(record.sha256);
  const fromPage = await page.request.get((await sellerDownload.getAttribute('href')) ?? '');
  expect(fromPage.status()).toBe(200);
  expect(sha256(await fromPage.body())).toBe(record.sha256);

  // Staff download the same bytes from the enquiry.
  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await expect(page.getByTestId('offer-response')).toContainText('Accepted by "Harper Quinn"');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download certificate of acceptance' }).click(),
  ]);
  const staffPath = await download.path();
  expect(sha256(await readFile(staffPath))).toBe(record.sha256);

  // The public page hashes the chosen file in the browser and finds the record; a changed copy not.
  await page.context().clearCookies();
  await page.goto('/certificates/verify');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Check a certificate of acceptance' }),
  ).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && (request.postData()?.length ?? 0) > 2_000) uploads.push(request.url());
  });
  await page
    .getByLabel('Certificate file (PDF)')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: emailed });
  await expect(page.getByTestId('computed-sha256')).toHaveText(record.sha256);
  await expect(page.getByTestId('verify-outcome')).toContainText(
    `This file matches the record of acceptance ${record.id} on `,
  );
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});

  const changed = Buffer.from(emailed);
  changed[changed.length - 20] = (changed[changed.length - 20] ?? 0) ^ 1;
  await page
    .getByLabel('Certificate file (PDF)')
    .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(page.getByTestId('verify-outcome')).toHaveText(CERTIFICATE_MESSAGES.noMatch);
  // Only hashes left the browser, never the file.
  expect(uploads).toEqual([]);

  // Pasting the hash works too, and the page fits a phone.
  await page.getByRole('textbox', { name: 'Or paste its SHA-256' }).fill(record.sha256.toUpperCase());
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('verify-outcome')).toContainText(record.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page, 390);
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
});
