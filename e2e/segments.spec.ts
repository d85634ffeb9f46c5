import { sql } from 'kysely';
import { e2eDatabase } from './support/db.ts';
import { signInAsAdmin, toast } from './support/admin.ts';
import { expect, test } from './support/test.ts';

// Decision 032: build a segment, see its count, send a campaign to it and see only its members
// at the provider (the e2e app has no Resend key, so its provider is the outbox).
const run = Date.now().toString(36);
const domain = `seg-${run}.e2e.test`;
const segmentName = `Domain readers ${run}`;
const campaignName = `Segment campaign ${run}`;
const subject = `Only for the segment ${run}`;
const html = `<html><body><p>Here is this month's market update for watch owners across Australia.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

const members = [`one@${domain}`, `two@${domain}`, `three@${domain}`];

test.beforeAll(async () => {
  await e2eDatabase()
    .insertInto('leads')
    .values([
      ...members.map((email) => ({ email, email_marketing_consent: true })),
      // Match the domain but may not receive marketing: never counted, never mailed.
      { email: `gone@${domain}`, email_marketing_consent: false, email_unsubscribed_at: new Date() },
      { email: `asked@${domain}`, email_marketing_consent: false, email_consent_pending: true },
      // May receive marketing, outside the segment.
      { email: `other-${run}@elsewhere.e2e.test`, email_marketing_consent: true },
    ])
    .execute();
});

test('a segment built in the editor is the only audience of its campaign', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, { at: '/admin/contacts' });
  await page.getByRole('tab', { name: 'Segments' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/segments$/);
  await page.getByRole('link', { name: 'New segment' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/segments\/new$/);

  await page.getByRole('textbox', { name: /Segment name/ }).fill(segmentName);
  await page.getByRole('combobox', { name: 'Condition 1' }).click();
  await page.getByRole('option', { name: 'E-mail domain' }).click();
  await page.getByRole('textbox', { name: 'Domain' }).fill(domain.toUpperCase());

  // The live count: the three who may receive marketing, the two who may not shown apart.
  await expect(page.getByTestId('segment-audience-count')).toHaveText('3');
  await expect(page.getByTestId('segment-cannot-receive')).toContainText(
    '2 more match but cannot receive marketing',
  );
  const firstMatches = page.getByRole('table', { name: 'First matching contacts' });
  for (const email of members) await expect(firstMatches.getByRole('link', { name: email })).toBeVisible();
  await expect(firstMatches.getByRole('row')).toHaveCount(4);

  // A second condition narrows it as the admin types; removing it brings the count back.
  await page.getByRole('combobox', { name: 'Add a condition' }).click();
  await page.getByRole('option', { name: 'Never opened a campaign' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await expect(page.getByTestId('segment-audience-count')).toHaveText('0');
  await page.getByRole('button', { name: 'Remove condition 2' }).click();
  await expect(page.getByTestId('segment-audience-count')).toHaveText('3');

  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(toast(page, 'Segment created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/contacts\/segments\/[0-9a-f-]{36}$/);

  await page.goto('/admin/contacts/segments');
  await expect(page.getByRole('row').filter({ hasText: segmentName })).toContainText(
    `E-mail domain is ${domain}`,
  );

  // The campaign form: the recipients card and the send confirmation follow the segment.
  await page.goto('/admin/campaigns/new');
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('textbox', { name: /Subject line/ }).fill(subject);
  await page.getByRole('textbox', { name: 'Email HTML' }).fill(html);
  await page.getByRole('combobox', { name: 'Audience' }).click();
  await page.getByRole('option', { name: `Segment: ${segmentName}` }).click();
  await expect(page.getByTestId('recipient-count')).toHaveText('3');
  await expect(page.getByText(`contacts in "${segmentName}" who may receive marketing`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send campaign now?' });
  await expect(dialog).toContainText('3 recipients');
  await expect(dialog).toContainText('Safe volume');
  await dialog.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(toast(page, 'Campaign is now sending!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]{36}$/);

  // The details page shows the segment as it was sent.
  const audience = page.getByTestId('campaign-audience');
  await expect(audience).toContainText(`segment "${segmentName}", as it was when sending started`);
  await expect(audience).toContainText(`E-mail domain is ${domain}`);

  // At the provider: exactly the three members, once each.
  const delivered = async () =>
    (
      await sql<{ to: string }>`
        SELECT to_addresses[1] AS to FROM outbox_emails WHERE subject = ${subject} ORDER BY 1`.execute(
        e2eDatabase(),
      )
    ).rows.map((r) => r.to);
  await expect.poll(delivered, { timeout: 60_000 }).toHaveLength(3);
  expect(await delivered()).toEqual([...members].sort());
});
