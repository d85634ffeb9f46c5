import { signInAsAdmin } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { e2eDatabase } from './support/db.ts';
import { E2E_FROM_DOMAIN } from './support/dns-zone.ts';
import { overflowIn } from './support/layout.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 073: the Owner checks the sending domain against the e2e DNS server (global setup,
// e2e/support/dns-zone.ts: SPF pass, DKIM missing, DMARC misaligned, MX pass), reads each state and
// the record to publish at 1366 px and 390 px, and Send Now and a flow's switch then warn, without
// blocking.

const run = Date.now().toString(36);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

function checkCard(page: Page, key: string) {
  return page.getByTestId(`domain-check-${key}`);
}

test.beforeAll(async () => {
  await e2eDatabase()
    .insertInto('leads')
    .values({ email: `domain-${run}@e2e.test`, full_name: 'Domain Reader', email_marketing_consent: true })
    .execute();
});

test.afterAll(async () => {
  // Other specs' Send Now dialogs expect no stored failing check.
  await e2eDatabase().deleteFrom('domain_health').execute();
});

test('the Owner checks the sending domain; Send Now and switching a flow on warn while it fails', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await e2eDatabase().deleteFrom('domain_health').execute();
  await signInAsAdmin(page, { at: '/admin/settings/domain' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sending domain' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sending domain' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Not checked yet')).toBeVisible();

  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Sending domain checked' }),
  ).toBeVisible();

  const expected = { spf: 'Pass', dkim: 'Missing', dmarc: 'Misaligned', mx: 'Pass' };
  for (const [key, label] of Object.entries(expected))
    await expect(checkCard(page, key).locator('[data-state]'), key).toHaveText(label);
  await expect(checkCard(page, 'spf')).toContainText(`send.${E2E_FROM_DOMAIN}`);
  await expect(checkCard(page, 'dkim')).toContainText(
    `Publish this TXT record at resend._domainkey.${E2E_FROM_DOMAIN}`,
  );
  await expect(checkCard(page, 'dmarc')).toContainText('v=DMARC1; p=reject; aspf=s');
  await expect(checkCard(page, 'dmarc')).toContainText('aspf=s, adkim=r');
  await expect(checkCard(page, 'mx')).toContainText('10 inbound-smtp.us-east-1.amazonaws.com');
  // The checklist: the e2e app runs on http://, so one-click cannot work for real receivers; what
  // happens at the provider is never shown as passed.
  await expect(page.getByTestId('checklist-oneClick').locator('[data-state]')).toHaveText('Missing');
  for (const key of ['dkimCoversListUnsubscribe', 'tls', 'reverseDns'])
    await expect(page.getByTestId(`checklist-${key}`).locator('[data-state]'), key).toHaveText(
      'Not checkable here',
    );

  // Stored, so every process (and the next visit) shows the same.
  const row = await e2eDatabase().selectFrom('domain_health').select('report').executeTakeFirstOrThrow();
  expect(JSON.stringify(row.report)).toContain('"state":"misaligned"');
  await page.reload();
  await expect(checkCard(page, 'dkim').locator('[data-state]')).toHaveText('Missing');

  expect(await seriousViolations(page, { tags: AXE_TAGS })).toEqual({});
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(checkCard(page, 'dmarc')).toBeVisible();
  // The shell's navbar slides away after the resize; measure once the layout has settled.
  await expect.poll(() => overflowIn(page, 'domain health at 390 px')).toEqual([]);
  expect(await seriousViolations(page, { tags: AXE_TAGS })).toEqual({});
  await page.setViewportSize({ width: 1366, height: 900 });

  // Send Now warns in its dialog, and still lets the campaign go.
  await page.goto('/admin/campaigns/new');
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(`Domain warning ${run}`);
  await page.getByRole('textbox', { name: /Subject line/ }).fill(`Prices ${run}`);
  await page
    .getByRole('textbox', { name: 'Email HTML' })
    .fill('<html><body><p>Prices.</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>');
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send campaign now?' });
  await expect(dialog.getByTestId('domain-health-warning')).toContainText(
    'The sending domain fails its last check (DKIM missing, DMARC misaligned)',
  );
  await expect(dialog.getByRole('link', { name: 'Open the sending-domain check' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm and send' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // So does switching a flow on (a starter flow, off until someone switches it on).
  await page.goto('/admin/automations');
  await page
    .getByRole('switch', { name: /: switch on$/ })
    .first()
    .click();
  const switchDialog = page.getByRole('dialog', { name: 'Switch this flow on?' });
  await expect(switchDialog.getByTestId('domain-health-warning')).toContainText(
    'DKIM missing, DMARC misaligned',
  );
  await switchDialog.getByRole('button', { name: 'Not now' }).click();
  await expect(switchDialog).toBeHidden();
});
