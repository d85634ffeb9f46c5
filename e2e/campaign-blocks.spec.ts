import { sql } from 'kysely';
import { signInAsAdmin, toast } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { e2eDatabase } from './support/db.ts';
import { overflowIn } from './support/layout.ts';
import { expect, type Page, test } from './support/test.ts';

/*
 * Decision 092: a campaign made from a block template is edited in the block editor, previewed
 * merged for a sample contact, with no warning about <html>/<body> or the unsubscribe link (the
 * layout's footer carries it), and its test e-mail carries the edited block and that footer.
 */

const run = Date.now().toString(36);
const templateName = `Blocks offer ${run}`;
const campaignName = `Blocks campaign ${run}`;
const testAddress = `campaign-blocks-${run}@e2e.test`;

const blocks = {
  version: 1,
  blocks: [
    { type: 'heading', text: 'A private offer for {{first_name}}', level: 1 },
    { type: 'richText', html: '<p>We buy fine watches across Australia, with or without papers.</p>' },
    { type: 'footer' },
  ],
};

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function checkScreen(page: Page, label: string) {
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await expect.poll(() => overflowIn(page, label)).toEqual([]);
}

test('a campaign from a block template keeps its blocks, previews merged and sends them', async ({
  page,
}) => {
  // Two widths with axe, a test send and a save: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  // The template as the block editor saves it (decision 054); its HTML is what Custom HTML starts from.
  await e2eDatabase()
    .insertInto('email_templates')
    .values({
      template_name: templateName,
      subject: 'An offer for {{first_name}}',
      html_content: '<h1>A private offer for {{first_name}}</h1><p>We buy fine watches across Australia.</p>',
      blocks: JSON.stringify(blocks),
      template_type: 'marketing',
      variables: ['first_name'],
    })
    .execute();

  await signInAsAdmin(page, { at: '/admin/campaigns/new' });
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await expect(toast(page, 'Template loaded')).toBeVisible();

  // The block editor, not a code box.
  await expect(page.getByRole('radio', { name: 'Blocks' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Email HTML' })).toHaveCount(0);
  const heading = card(page, 'Heading 1').getByRole('textbox', { name: /Heading text/ });
  await expect(heading).toHaveValue('A private offer for {{first_name}}');
  await heading.fill('Edited offer for {{first_name}}');

  await page.getByRole('switch', { name: /Test mode/ }).check();
  await page.getByRole('textbox', { name: 'Test emails' }).fill(testAddress);
  await expect(page.getByTestId('recipient-count')).toHaveText('1');

  // Merged for a sample contact (a contact of the audience, or the named sample), as sent.
  const sample = page.getByTestId('preview-sample');
  await expect(sample).toContainText(/^Previewed for \S+/);
  const firstName = ((await sample.textContent()) ?? '').replace(/^Previewed for /, '').split(/[\s,(]/)[0];
  expect(firstName).not.toBe('');
  const preview = page.frameLocator('iframe[title="Live preview"]');
  await expect(preview.locator('body')).toContainText(`Edited offer for ${firstName}`);
  await expect(preview.locator('body')).not.toContainText('{{first_name}}');
  await expect(preview.locator('body')).toContainText('Unsubscribe');

  // No false warnings: the layout adds the document and the footer with its unsubscribe link.
  const panel = page.getByTestId('validation-panel');
  await expect(panel).toContainText('Campaign Ready');
  await expect(panel).not.toContainText('missing <html> or <body> tags');
  await expect(panel).not.toContainText('No unsubscribe link found');

  await checkScreen(page, 'campaign blocks editor at desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, 'Heading 1')).toBeVisible();
  await checkScreen(page, 'campaign blocks editor at 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Send Test: the edited block and the footer reach the outbox.
  await page.getByRole('button', { name: 'Send Test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send test email' });
  await dialog.getByRole('textbox', { name: /Test email address/ }).fill(testAddress);
  await dialog.getByRole('button', { name: 'Send Test' }).click();
  await expect(toast(page, `Test email sent to ${testAddress}`)).toBeVisible();
  let html = '';
  await expect
    .poll(async () => {
      const row = await e2eDatabase()
        .selectFrom('outbox_emails')
        .select('html')
        .where(sql<boolean>`${testAddress} = ANY(to_addresses)`)
        .executeTakeFirst();
      html = row?.html ?? '';
      return html.length;
    })
    .toBeGreaterThan(0);
  expect(html).toContain('Edited offer for Alex');
  expect(html).toContain('>Unsubscribe</a>');
  expect(html).toContain('ABN');

  // Saved as blocks.
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Campaign saved as draft')).toBeVisible();
  const stored = await e2eDatabase()
    .selectFrom('email_campaigns')
    .select(['blocks', 'html_content'])
    .where('name', '=', campaignName)
    .executeTakeFirstOrThrow();
  expect(JSON.stringify(stored.blocks)).toContain('Edited offer for {{first_name}}');
  expect(stored.html_content).toContain('Edited offer for {{first_name}}');

  // Custom HTML is one click away and keeps the content; back to the blocks is explicit.
  await page.getByText('Custom HTML', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Email HTML' })).toContainText(
    'Edited offer for {{first_name}}',
  );
  await page.getByText('Blocks', { exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Edit with blocks?' })
    .getByRole('button', { name: 'Use the blocks' })
    .click();
  await expect(card(page, 'Heading 1').getByRole('textbox', { name: /Heading text/ })).toHaveValue(
    'Edited offer for {{first_name}}',
  );
});
