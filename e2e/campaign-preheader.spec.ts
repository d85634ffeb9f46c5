import { sql } from 'kysely';
import { signInAsAdmin } from './support/admin.ts';
import { expect, test } from './support/test.ts';
import { e2eDatabase } from './support/db.ts';

/*
 * The preheader (decision 011) in the campaign editor, at a phone's width: typed under the
 * subject, shown in the inbox row above the preview with the campaign's values, and sent as the
 * hidden preview text at the start of the body.
 */

const run = Date.now().toString(36);
const campaignName = `Preheader ${run}`;
const testAddress = `preheader-${run}@e2e.test`;
const html = `<html><body><p>Hello {{first_name}}, demand for {{watch_brand}} rose this month.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

test.use({ viewport: { width: 390, height: 844 } });

test('a preheader typed in the campaign editor shows in the inbox row and reaches the outbox', async ({
  page,
}) => {
  await signInAsAdmin(page, { at: '/admin/campaigns/new' });
  await expect(page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible();
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('textbox', { name: /Subject line/ }).fill('Market update for {{first_name}}');
  await page.getByRole('textbox', { name: 'Email HTML' }).fill(html);

  const inbox = page.getByRole('group', { name: 'Inbox preview' });
  // Without a preheader the list shows the body's first words, as mail clients do.
  await expect(inbox.getByTestId('inbox-preheader')).toHaveText(/^Hello \{\{first_name\}\}, demand for/);

  const preheader = page.getByRole('textbox', { name: 'Preheader' });
  await preheader.fill('{{first_name}}, {{watch_brand}} prices held steady');
  await expect(preheader).toHaveAccessibleDescription(/50\/150 characters/);
  await page.getByRole('textbox', { name: '{{watch_brand}}' }).fill('Omega');

  const settings = await e2eDatabase().selectFrom('settings').select('from_name').executeTakeFirst();
  const sender = inbox.getByTestId('inbox-sender');
  if (settings?.from_name?.trim()) await expect(sender).toHaveText(settings.from_name.trim());
  else await expect(sender).not.toBeEmpty();
  await expect(inbox.getByTestId('inbox-subject')).toHaveText('Market update for {{first_name}}');
  await expect(inbox.getByTestId('inbox-preheader')).toHaveText('{{first_name}}, Omega prices held steady');

  // The phone's width holds the editor: nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Send Test: the outbox copy opens its body with the hidden preview text, tags filled.
  await page.getByRole('button', { name: 'Send Test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send test email' });
  await dialog.getByRole('textbox', { name: /Test email address/ }).fill(testAddress);
  await dialog.getByRole('button', { name: 'Send Test' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: `Test email sent to ${testAddress}` }),
  ).toBeVisible();
  const sent = await e2eDatabase()
    .selectFrom('outbox_emails')
    .select(['subject', 'html'])
    .where(sql<boolean>`${testAddress} = ANY(to_addresses)`)
    .execute();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.subject).toBe('Market update for Alex');
  expect(sent[0]?.html).toMatch(
    /<body[^>]*><div style="display:none;max-height:0;mso-hide:all" data-skip-in-text="true">Alex, Omega prices held steady(?:&#847;&zwnj;&nbsp;)+<\/div>[\s\S]*?<p>Hello Alex,/,
  );

  // Saved with the draft, tags and all.
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]+\/edit$/);
  const stored = await e2eDatabase()
    .selectFrom('email_campaigns')
    .select('preheader')
    .where('name', '=', campaignName)
    .executeTakeFirstOrThrow();
  expect(stored.preheader).toBe('{{first_name}}, {{watch_brand}} prices held steady');
  await expect(page.getByRole('textbox', { name: 'Preheader' })).toHaveValue(stored.preheader);
});
