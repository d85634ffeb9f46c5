import { signInAsAdmin, toast } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';
import { sql } from 'kysely';
import { e2eDatabase } from './support/db.ts';

const run = `${Date.now().toString(36)}`;
const templateName = `Market note ${run}`;
const campaignName = `April update ${run}`;
const testAddress = `campaign-test-${run}@e2e.test`;

// No unsubscribe link and two merge tags: the campaign form must warn about both.
const templateHtml = `<html><body><p>Hello {{first_name}},</p>
<p>Prices for {{watch_brand}} watches moved this month. Here is what that means for you.</p></body></html>`;

// Passes every rule: structure, an unsubscribe link, no merge tags, a calm subject.
const readyHtml = `<html><body><p>Here is this month's market update for watch owners across Australia.</p>
<p><a href="https://example.com/unsubscribe">Unsubscribe</a></p></body></html>`;

/** The CodeMirror surface carries the field's label as its accessible name. */
function htmlEditor(page: Page, label: string) {
  return page.getByRole('textbox', { name: label });
}

test('templates and the campaign editor, from a new template to a deleted copy', async ({ page }) => {
  await signInAsAdmin(page);

  // A template with two variables extracted from its HTML.
  await page.goto('/admin/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketing Templates' })).toBeVisible();
  await page.getByRole('link', { name: 'New Template' }).click();
  await expect(page).toHaveURL(/\/admin\/templates\/new$/);
  // New templates start in blocks (decision 054); the spec's HTML editor is one click away.
  await page.getByText('Custom HTML', { exact: true }).click();

  // The spec's messages before anything is sent.
  await page.getByRole('textbox', { name: /HTML content/ }).fill('');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Template name is required')).toBeVisible();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await expect(page.getByText('HTML content is required')).toBeVisible();

  await page.getByRole('textbox', { name: /Template name/ }).fill(templateName);
  await page.getByRole('textbox', { name: /^Subject/ }).fill('Your {{watch_brand}} this month');
  await page.getByRole('textbox', { name: 'Description' }).fill('Monthly note for sellers');
  await htmlEditor(page, 'HTML content').fill(templateHtml);
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(toast(page, 'Variables extracted')).toBeVisible();
  const variables = page.getByRole('list', { name: 'Template variables' });
  await expect(variables.getByRole('button', { name: 'Insert {{first_name}}' })).toBeVisible();
  await expect(variables.getByRole('button', { name: 'Insert {{watch_brand}}' })).toBeVisible();
  await expect(variables.getByRole('listitem')).toHaveCount(2);

  // Adding an existing variable is refused.
  await page.getByRole('textbox', { name: 'Variable name' }).fill('first_name');
  await page.getByRole('button', { name: 'Add variable' }).click();
  await expect(page.getByText('Variable already exists')).toBeVisible();

  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/templates$/);
  const card = page.getByRole('article').filter({ hasText: templateName });
  await expect(card).toBeVisible();

  // The preview fills sample values and shows [name] where none is given.
  await card.getByRole('link', { name: `Preview ${templateName}` }).click();
  await expect(page).toHaveURL(/\/admin\/templates\/[0-9a-f-]+\/preview$/);
  const preview = page.frameLocator('iframe[title="Email preview"]');
  // The frame's first document first. Once, in a full run on a busy machine, a sample typed right
  // after the page opened never reached the frame (not reproduced in 8 runs since, with or
  // without load); the value check says which side lost it if it happens again.
  await expect(preview.locator('body')).toContainText('Hello [first_name],');
  const firstName = page.getByRole('textbox', { name: 'Sample for {{first_name}}' });
  await firstName.fill('Jane');
  await expect(firstName).toHaveValue('Jane');
  await expect(preview.locator('body')).toContainText('Hello Jane,');
  await expect(preview.locator('body')).toContainText('Sterling Watch Buyers Pty Ltd · ABN');
  await expect(preview.locator('body')).toContainText('Prices for [watch_brand] watches');
  await expect(page.getByTestId('preview-subject')).toHaveText('Your [watch_brand] this month');
  await expect(page.getByLabel('Raw HTML')).toContainText('{{first_name}}');
  // The plain-text part every e-mail carries, with the same samples.
  await page.getByText('Plain text', { exact: true }).click();
  await expect(page.getByLabel('Plain-text part')).toContainText('Hello Jane,');
  await expect(page.getByLabel('Plain-text part')).toContainText('Prices for [watch_brand] watches');
  await expect(page.getByLabel('Plain-text part')).toContainText(/Unsubscribe:\s+http\S+\/unsubscribe\s/);
  await page.getByText('HTML', { exact: true }).click();
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Please enter a test email address').first()).toBeVisible();
  await expect(toast(page, 'Email required')).toBeVisible();

  // A campaign from the template: warnings first.
  await page.goto('/admin/campaigns/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible();
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await expect(toast(page, 'Template loaded')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Subject line/ })).toHaveValue(
    'Your {{watch_brand}} this month',
  );
  await page.getByRole('switch', { name: /Test mode/ }).check();
  await page.getByRole('textbox', { name: 'Test emails' }).fill(`${testAddress}, not-an-address`);
  await expect(page.getByTestId('recipient-count')).toHaveText('1');

  const panel = page.getByTestId('validation-panel');
  await expect(panel).toContainText('No unsubscribe link found. One will be added automatically.');
  // Only the tag without a value is warned about: {{first_name}} has a default (decision 011).
  await expect(panel).toContainText('Found 1 merge tag(s) without a value: {{watch_brand}}');
  // The template has no default for its custom tag: sending is blocked until the campaign has one.
  await expect(panel).toContainText('Merge tag {{watch_brand}} has no value');
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeDisabled();
  await expect(panel).not.toContainText('Campaign Ready');

  // Send Test: one e-mail with sample merge values and the footer, visible in the outbox.
  await page.getByRole('button', { name: 'Send Test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send test email' });
  await dialog.getByRole('textbox', { name: /Test email address/ }).fill(testAddress);
  await dialog.getByRole('button', { name: 'Send Test' }).click();
  await expect(toast(page, `Test email sent to ${testAddress}`)).toBeVisible();
  const sent = await e2eDatabase()
    .selectFrom('outbox_emails')
    .selectAll()
    .where(sql<boolean>`${testAddress} = ANY(to_addresses)`)
    .execute();
  expect(sent).toHaveLength(1);
  // A custom tag without a value shows as [name], as on the preview, never as braces.
  expect(sent[0]?.subject).toBe('Your [watch_brand] this month');
  expect(sent[0]?.html).toContain('Hello Alex,');
  expect(sent[0]?.html).toContain('>Unsubscribe</a>');
  expect(sent[0]?.html).toContain('ABN');

  // Clean content: Campaign Ready, then Save Draft.
  await htmlEditor(page, 'Email HTML').fill(readyHtml);
  await page.getByRole('textbox', { name: /Subject line/ }).fill('Watch market update for April');
  await expect(panel).toContainText('Campaign Ready');
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Campaign saved as draft')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Campaign' })).toBeVisible();
  const stored = await e2eDatabase()
    .selectFrom('email_campaigns')
    .selectAll()
    .where('name', '=', campaignName)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ status: 'draft', is_test_mode: true, test_emails: [testAddress] });

  // Duplicate from the list, then delete the copy.
  await page.goto(`/admin/campaigns?search=${encodeURIComponent(run)}`);
  const row = page.getByRole('row').filter({ hasText: campaignName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('draft');
  await row.getByRole('button', { name: `Actions for ${campaignName}` }).click();
  // Each row's menu is named after its button; a closed menu can linger in the DOM while it fades.
  const menu = page.getByRole('menu', { name: `Actions for ${campaignName}`, exact: true });
  await expect(menu.getByRole('menuitem', { name: 'Pause' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(toast(page, 'Campaign duplicated successfully')).toBeVisible();
  const copyName = `${campaignName} (Copy)`;
  const copyRow = page.getByRole('row').filter({ hasText: copyName });
  await expect(copyRow).toHaveCount(1);

  await copyRow.getByRole('button', { name: `Actions for ${copyName}` }).click();
  await page
    .getByRole('menu', { name: `Actions for ${copyName}`, exact: true })
    .getByRole('menuitem', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete campaign?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Campaign deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: copyName })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: campaignName })).toHaveCount(1);
  expect(
    await e2eDatabase().selectFrom('email_campaigns').select('id').where('name', '=', copyName).execute(),
  ).toEqual([]);
});

test("a template's own plain-text version: previewed, and carried into a campaign", async ({ page }) => {
  await signInAsAdmin(page);
  const name = `Plain note ${run}`;
  await page.goto('/admin/templates/new');
  await page.getByRole('textbox', { name: /Template name/ }).fill(name);
  // New templates start in blocks (decision 054); this one is written in HTML.
  await page.getByText('Custom HTML', { exact: true }).click();
  await page.getByRole('textbox', { name: /^Subject/ }).fill('A note for you');
  await htmlEditor(page, 'HTML content').fill(readyHtml);
  const plain = page.getByRole('textbox', { name: /Plain-text version/ });
  await plain.fill('Hi {{first_name}},\n\nPrices held steady this month.');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(toast(page, 'Template created')).toBeVisible();

  // The preview's Plain text tab shows the hand-written text, with the unsubscribe line added.
  const card = page.getByRole('article').filter({ hasText: name });
  await card.getByRole('link', { name: `Preview ${name}` }).click();
  await page.getByRole('textbox', { name: 'Sample for {{first_name}}' }).fill('Jane');
  await page.getByText('Plain text', { exact: true }).click();
  await expect(page.getByText('This template has its own plain-text version.')).toBeVisible();
  const part = page.getByLabel('Plain-text part');
  await expect(part).toContainText('Hi Jane,');
  await expect(part).toContainText('Prices held steady this month.');
  await expect(part).not.toContainText('market update for watch owners');
  await expect(part).toContainText(/Unsubscribe:\s+http\S+\/unsubscribe\s/);

  // A campaign made from the template starts with the same text.
  await page.goto('/admin/campaigns/new');
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name }).click();
  await expect(toast(page, 'Template loaded')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Plain-text version/ })).toHaveValue(
    'Hi {{first_name}},\n\nPrices held steady this month.',
  );
});

test('the live preview scrolls an e-mail that pins its own page instead of clipping it', async ({ page }) => {
  // E-mail boilerplate often sets height:100% and overflow:hidden on html and body: in a frame of
  // fixed height, that page could not be scrolled, so everything below the fold was clipped.
  const paragraphs = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1} of the market update.</p>`);
  const pinned = `<!DOCTYPE html><html style="height:100%;overflow:hidden"><body style="height:100%;overflow:hidden;margin:0">
${paragraphs.join('\n')}<p id="last">The last line <a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;
  await signInAsAdmin(page, { at: '/admin/campaigns/new' });
  await htmlEditor(page, 'Email HTML').fill(pinned);
  const frame = page.frameLocator('iframe[title="Live preview"]');
  await expect(frame.locator('#last')).toHaveText(/The last line/);
  const scrollTop = () =>
    frame.locator('body').evaluate((body) => body.ownerDocument.scrollingElement?.scrollTop ?? 0);
  expect(await scrollTop()).toBe(0);
  // A wheel over the preview scrolls it, as the reader's mail app would; the doctype still holds
  // (a style put before it would have switched the preview to quirks mode).
  await page.locator('iframe[title="Live preview"]').hover();
  await page.mouse.wheel(0, 2000);
  await expect.poll(scrollTop).toBeGreaterThan(0);
  expect(await frame.locator('body').evaluate((body) => body.ownerDocument.compatMode)).toBe('CSS1Compat');
});
