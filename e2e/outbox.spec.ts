import { signInAsAdmin } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

// The outbox is how a business without a provider key sees what the platform
// sends, so each row opens the e-mail: headers, rendered HTML in a sandboxed frame, text, links.
const run = Date.now().toString(36);

test('outbox: search and pages agree with the count, and a row opens the whole e-mail', async ({ page }) => {
  const base = Date.now() - 60_000;
  await e2eDatabase()
    .insertInto('outbox_emails')
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        to_addresses: [`outbox-${i}-${run}@e2e.test`],
        from_address: 'Sterling <hello@e2e.test>',
        reply_to: i === 24 ? 'team@e2e.test' : null,
        subject: `Outbox ${run} number ${i}`,
        html: `<html><body><p>Dear reader ${i}, your Rolex</p><p><a href="https://watches.e2e.test/sell?n=${i}">Get your valuation</a></p></body></html>`,
        text_body: `Dear reader ${i}, your Rolex\nGet your valuation: https://watches.e2e.test/sell?n=${i}`,
        headers: JSON.stringify({ 'List-Unsubscribe': `<https://watches.e2e.test/u/${i}>` }),
        tags: JSON.stringify([{ name: 'campaign_id', value: `c-${run}` }]),
        created_at: new Date(base + i * 1000),
      })),
    )
    .execute();

  await signInAsAdmin(page, { at: '/admin/outbox' });
  await expect(page.getByText('No RESEND_API_KEY is set')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(run);
  await expect(page).toHaveURL(new RegExp(`search=${run}`));
  await expect(page.getByText('25 e-mails', { exact: true })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`Outbox ${run} number 24`);

  await page
    .getByRole('navigation', { name: 'Outbox pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText(`Outbox ${run} number 0`);

  await page
    .getByRole('navigation', { name: 'Outbox pages' })
    .getByRole('button', { name: 'Page 1' })
    .click();
  await page.getByRole('button', { name: `Outbox ${run} number 24` }).click();
  const drawer = page.getByRole('dialog', { name: 'E-mail' });
  await expect(drawer.getByRole('heading', { name: `Outbox ${run} number 24` })).toBeVisible();
  const headers = drawer.getByRole('table', { name: 'Headers' });
  await expect(headers).toContainText(`outbox-24-${run}@e2e.test`);
  await expect(headers).toContainText('team@e2e.test');
  await expect(headers).toContainText('<https://watches.e2e.test/u/24>');
  await expect(headers).toContainText(`c-${run}`);

  const frame = drawer.locator('iframe[title="Rendered HTML"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="Rendered HTML"]').getByText('Dear reader 24, your Rolex'),
  ).toBeVisible();

  await drawer.getByRole('tab', { name: 'Text' }).click();
  await expect(drawer.getByLabel('Text part')).toContainText(
    'Get your valuation: https://watches.e2e.test/sell?n=24',
  );
  await drawer.getByRole('tab', { name: 'Links (1)' }).click();
  const links = drawer.getByRole('table', { name: 'Links' });
  await expect(links).toContainText('Get your valuation');
  await expect(links.getByRole('link', { name: 'https://watches.e2e.test/sell?n=24' })).toBeVisible();

  // The open e-mail is in the URL: a reload (or a shared link) opens it again.
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'E-mail' }).getByRole('heading', { name: `Outbox ${run} number 24` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'E-mail' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/email=/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(`nothing-matches-${run}`);
  await expect(page.getByText('No e-mails match this search.')).toBeVisible();
});
