import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { signInAsAdmin, toast } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

// Decision 011 (docs/decisions/011-merge-variables.md): a template's custom variables reach every
// message of a campaign made from it, with the values the campaign carries.
const run = Date.now().toString(36);
const templateName = `Valuation call ${run}`;
const campaignName = `Valuation campaign ${run}`;
const recipients = [`vars-a-${run}@e2e.test`, `vars-b-${run}@e2e.test`];

const templateHtml = `<html><body><p>{{first_name}}, your {{watch_brand}} could be worth more than you think.</p>
<p><a href="{{valuation_url}}">Get your free valuation</a></p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

test('a template with two custom variables -> campaign -> Send Now: every message has them filled', async ({
  page,
}) => {
  await signInAsAdmin(page, { at: '/admin/templates/new' });
  // New templates start in blocks (decision 054); this one is written in HTML.
  await page.getByText('Custom HTML', { exact: true }).click();
  await page.getByRole('textbox', { name: /Template name/ }).fill(templateName);
  await page.getByRole('textbox', { name: /^Subject/ }).fill('What your {{watch_brand}} is worth');
  await page.getByRole('textbox', { name: /HTML content/ }).fill(templateHtml);
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(toast(page, 'Variables extracted')).toBeVisible();
  // Built-in tags take no default; the two custom ones do.
  await expect(page.getByRole('textbox', { name: '{{first_name}}' })).toHaveCount(0);
  await page.getByRole('textbox', { name: '{{watch_brand}}' }).fill('Rolex');
  await page.getByRole('textbox', { name: '{{valuation_url}}' }).fill('https://watches.example.com/sell');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(toast(page, 'Template created')).toBeVisible();

  await page.goto('/admin/campaigns/new');
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await expect(toast(page, 'Template loaded')).toBeVisible();
  // The template's defaults become the campaign's values, editable here.
  const brand = page.getByRole('textbox', { name: '{{watch_brand}}' });
  const link = page.getByRole('textbox', { name: '{{valuation_url}}' });
  await expect(brand).toHaveValue('Rolex');
  await expect(link).toHaveValue('https://watches.example.com/sell');
  await page.getByRole('switch', { name: /Test mode/ }).check();
  await page.getByRole('textbox', { name: 'Test emails' }).fill(recipients.join(', '));

  const panel = page.getByTestId('validation-panel');
  // Every tag has a value (or, for a recipient field, a default): no merge-tag warning (decision 011).
  await expect(panel).toBeVisible();
  await expect(panel).not.toContainText('merge tag(s)');
  // An empty value blocks sending and names the tag; the warning then lists that tag alone.
  await link.fill('');
  await expect(panel).toContainText('Merge tag {{valuation_url}} has no value');
  await expect(panel).toContainText('Found 1 merge tag(s) without a value: {{valuation_url}}');
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeDisabled();
  await link.fill('https://watches.example.com/sell?utm_source=email');
  await brand.fill('Patek Philippe');
  await expect(panel).not.toContainText('has no value');
  const preview = page.frameLocator('iframe[title="Live preview"]');
  await expect(preview.locator('body')).toContainText('your Patek Philippe could be worth more');
  // The sender's identity every campaign message carries, shown in the preview too (decision 004).
  await expect(preview.locator('body')).toContainText('Sterling Watch Buyers Pty Ltd · ABN');

  await page.getByRole('button', { name: 'Send Now' }).click();
  await page
    .getByRole('dialog', { name: 'Send campaign now?' })
    .getByRole('button', { name: 'Confirm and send' })
    .click();
  await expect(toast(page, 'Campaign is now sending!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]+$/);

  // The worker sends to the outbox (no provider key in e2e): every message has its values.
  const sent = async () =>
    e2eDatabase()
      .selectFrom('outbox_emails')
      .select(['subject', 'html', 'text_body', 'to_addresses'])
      .where(sql<boolean>`to_addresses && ${sql.val(recipients)}::text[]`)
      .execute();
  await expect.poll(async () => (await sent()).length, { timeout: 30_000 }).toBe(recipients.length);
  for (const email of await sent()) {
    expect(email.subject).toBe('What your Patek Philippe is worth');
    expect(email.html).toContain('your Patek Philippe could be worth more than you think.');
    expect(email.html).toContain('href="https://watches.example.com/sell?utm_source=email"');
    expect(`${email.subject}${email.html}`).not.toContain('{{');
    expect(email.html).not.toContain('href=""');
    // The text/plain part carries the same values (decision 024).
    expect(email.text_body).toContain('your Patek Philippe could be worth more than you think.');
    expect(email.text_body).not.toContain('{{');
  }

  // The details page exports the sends: one row per recipient, sorted by address.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-sends-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).split('\n').filter(Boolean);
  expect(lines[0]).toMatch(/^Email,Name,Status,Sent At,/);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([...recipients].sort());
  const stored = await e2eDatabase()
    .selectFrom('email_campaigns')
    .select('variables')
    .where('name', '=', campaignName)
    .executeTakeFirstOrThrow();
  expect(stored.variables).toEqual({
    watch_brand: 'Patek Philippe',
    valuation_url: 'https://watches.example.com/sell?utm_source=email',
  });
});
