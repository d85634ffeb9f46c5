import { E2E_ADMIN, E2E_MEMBERS } from './support/constants.ts';
import { signInAsAdmin, toast } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

// The audit log reads as sentences (decision 028): who (and their role) did what to which record,
// with the fields an update changed before → after and the raw data only on request; the page
// works at 390 px and 1366 px with no serious axe violation.

const run = Date.now().toString(36);
const campaignName = `Audited send ${run}`;
const html = `<html><body><p>This month's prices for watch owners.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

let savedBatchSize: number | null = null;

test.beforeAll(async () => {
  const db = e2eDatabase();
  await db
    .insertInto('leads')
    .values(
      Array.from({ length: 3 }, (_, i) => ({
        email: `audit-${run}-${i}@e2e.test`,
        full_name: `Audit Reader ${i}`,
        email_marketing_consent: true,
      })),
    )
    .execute();
  await db
    .insertInto('settings')
    .values({ id: true })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  savedBatchSize = (await db.selectFrom('settings').select('batch_size').executeTakeFirstOrThrow())
    .batch_size;
});

test.afterAll(async () => {
  // Other specs expect the batch size they found.
  if (savedBatchSize !== null)
    await e2eDatabase().updateTable('settings').set({ batch_size: savedBatchSize }).execute();
});

test('the Owner reads sends and setting changes as sentences, on a desktop and a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);

  // Two actions as the Owner: a campaign sent now, and a setting changed.
  await page.goto('/admin/campaigns/new');
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('textbox', { name: /Subject line/ }).fill(`Prices ${run}`);
  await page.getByRole('textbox', { name: 'Email HTML' }).fill(html);
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page
    .getByRole('dialog', { name: 'Send campaign now?' })
    .getByRole('button', { name: 'Confirm and send' })
    .click();
  await expect(toast(page, 'Campaign is now sending!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]{36}$/);
  const campaignId = page.url().split('/').at(-1) ?? '';
  const { total_recipients: audience } = await e2eDatabase()
    .selectFrom('email_campaigns')
    .select('total_recipients')
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  expect(audience).toBeGreaterThanOrEqual(3);

  const before = savedBatchSize ?? 0;
  const after = before === 60 ? 70 : 60;
  await page.goto('/admin/settings');
  await page.getByRole('textbox', { name: 'Batch Size' }).fill(String(after));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Settings saved successfully')).toBeVisible();

  // The log, at a common laptop width.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/admin/audit?member=${encodeURIComponent(E2E_ADMIN.email)}`);
  const entries = page.getByTestId('audit-entry');
  const owner = `${E2E_ADMIN.email} (Owner)`;

  const send = entries.filter({ hasText: `'${campaignName}'` });
  await expect(send).toHaveCount(1);
  await expect(send.getByRole('paragraph').first()).toHaveText(
    `${owner} sent '${campaignName}' to ${audience.toLocaleString('en-AU')} recipients`,
  );
  await expect(send.getByRole('link', { name: `'${campaignName}'` })).toHaveAttribute(
    'href',
    `/admin/campaigns/${campaignId}`,
  );
  // Relative time on the card, the exact time on hover.
  const time = send.locator('time');
  await expect(time).toHaveText(/just now|min ago/);
  await expect(time).toHaveAttribute('title', /\d{4}/);

  const settings = entries.filter({ hasText: `${owner} changed the settings` }).first();
  await expect(settings.getByRole('list', { name: 'Changes' })).toContainText(
    `Batch size: ${before.toLocaleString('en-AU')} → ${after.toLocaleString('en-AU')}`,
  );
  // The raw data only on request.
  const raw = settings.locator('details');
  await expect(raw.locator('pre')).toBeHidden();
  await raw.getByText('Raw data').click();
  await expect(raw.locator('pre')).toBeVisible();
  await expect(raw.locator('pre')).toContainText(`"batchSize": ${after}`);
  expect(await seriousViolations(page)).toEqual({});

  // On a phone: nothing runs off the screen, even with the raw data open, and it still passes axe.
  await page.setViewportSize({ width: 390, height: 844 });
  await send.locator('details').getByText('Raw data').click();
  await expect(send.locator('details pre')).toBeVisible();
  await expect(settings.getByRole('list', { name: 'Changes' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual({});

  // The filters stay in the URL: a reload shows the same rows. On a phone they fold behind one
  // button that counts the applied ones (decision 091).
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('textbox', { name: 'Action' }).fill('settings');
  await expect(page).toHaveURL(/action=settings/);
  await page.reload();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('textbox', { name: 'Action' })).toHaveValue('settings');
  await expect(entries.first()).toContainText(`${owner} changed the settings`);
  await expect(entries.filter({ hasText: `'${campaignName}'` })).toHaveCount(0);
});

test('the log names a member by name, the address on hover (decision 102)', async ({ page }) => {
  const db = e2eDatabase();
  const marketer = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', E2E_MEMBERS.marketer.email)
    .executeTakeFirstOrThrow();
  const template = `Named ${run}`;
  await db
    .insertInto('audit_log')
    .values({
      actor_id: marketer.id,
      actor_email: marketer.email,
      action: 'admin.templates.create',
      entity_type: 'templates',
      summary: JSON.stringify({ input: { template_name: template } }),
    })
    .execute();
  await db.updateTable('users').set({ name: 'Mara Marketer' }).where('id', '=', marketer.id).execute();
  try {
    await signInAsAdmin(page, { at: `/admin/audit?member=${encodeURIComponent(marketer.email)}` });
    const entry = page.getByTestId('audit-entry').filter({ hasText: template });
    await expect(entry.getByRole('paragraph').first()).toHaveText(
      `Mara Marketer (Marketer) created the template '${template}'`,
    );
    await expect(entry.getByTestId('audit-actor')).toHaveAttribute('title', marketer.email);
  } finally {
    // Other specs read this member by address.
    await db.updateTable('users').set({ name: null }).where('id', '=', marketer.id).execute();
  }
});
