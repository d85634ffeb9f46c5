import { sql } from 'kysely';
import { checkRenderedEmail } from '../test/support/email-checks.ts';
import { signInAsAdmin, toast } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';
import { e2eDatabase } from './support/db.ts';

/*
 * Decision 054: a campaign template built from blocks only, no HTML typed. Blocks added from the
 * menu, one moved by keyboard (its Move up button, focused, Enter), one step undone
 * with Ctrl+Z, saved; a campaign made from it and sent to a small audience (test mode, two
 * addresses); each outbox copy passes the layout's checks (decision 051).
 */

const run = Date.now().toString(36);
const templateName = `We are buying ${run}`;
const campaignName = `Blocks campaign ${run}`;
const subject = `We are buying ${run}`;
const audience = [`blocks-a-${run}@e2e.test`, `blocks-b-${run}@e2e.test`];

async function addBlock(page: Page, type: string) {
  await page.getByRole('group', { name: 'Blocks' }).getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a campaign template from blocks only, sent, passes the e-mail checks', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/templates/new' });
  await page.getByRole('textbox', { name: /Template name/ }).fill(templateName);
  await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  // A new template starts in blocks: nothing to switch (decision 054).
  await expect(page.getByRole('radio', { name: 'Blocks' })).toBeChecked();

  // The starter: a heading, a text and the fixed footer (no Remove, no handle).
  await card(page, 'Heading 1')
    .getByRole('textbox', { name: /Heading text/ })
    .fill('A private offer for {{first_name}}');
  const text = card(page, 'Text 2').getByRole('textbox', { name: /^Text/ });
  await text.fill('We are buying fine watches across Australia this season.');
  await expect(card(page, 'Footer').getByRole('button')).toHaveCount(0);

  await addBlock(page, 'Button');
  await card(page, 'Button 3')
    .getByRole('textbox', { name: /Button label/ })
    .fill('Request a valuation');
  await card(page, 'Button 3')
    .getByRole('textbox', { name: /Button link/ })
    .fill('https://example.com/sell');

  await addBlock(page, 'Image');
  const image = card(page, 'Image 4');
  await image
    .getByRole('textbox', { name: 'or image address' })
    .fill('https://cdn.example.com/blocks/submariner.jpg');
  // Alt text is required: saving without it is refused with the schema's message.
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(image.getByText('alt text is required')).toBeVisible();
  await image.getByRole('textbox', { name: /Alt text/ }).fill('A steel Rolex Submariner on a dark cloth');

  await addBlock(page, 'Watch');
  const watch = card(page, 'Watch 5');
  await watch
    .getByRole('textbox', { name: 'or image address' })
    .fill('https://cdn.example.com/blocks/speedmaster.jpg');
  await watch.getByRole('textbox', { name: /Alt text/ }).fill('An Omega Speedmaster Professional');
  await watch.getByRole('textbox', { name: /Brand/ }).fill('Omega');
  await watch.getByRole('textbox', { name: /Model/ }).fill('Speedmaster Professional');

  // Keyboard reorder: the watch goes above the image, by its Move up button from the keyboard.
  await page.getByRole('button', { name: 'Move Watch 5 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(card(page, 'Watch 4')).toBeVisible();
  await expect(card(page, 'Image 5')).toBeVisible();

  // A divider added, then undone with the keyboard: the move stays.
  await addBlock(page, 'Divider');
  await expect(card(page, 'Divider 6')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(card(page, 'Divider 6')).toHaveCount(0);
  await expect(card(page, 'Watch 4')).toBeVisible();

  // The live preview, server-rendered, at both widths; the frame scrolls rather than clipping.
  const preview = page.frameLocator('iframe[title="Live preview at 600 px"]');
  await expect(preview.getByText('Speedmaster Professional')).toBeVisible();
  await page.getByText('375 px', { exact: true }).click();
  await expect(page.locator('iframe[title="Live preview at 375 px"]')).toHaveCSS('width', '377px');

  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(toast(page, 'Template created')).toBeVisible();
  const stored = await e2eDatabase()
    .selectFrom('email_templates')
    .select(['blocks', 'html_content'])
    .where('template_name', '=', templateName)
    .executeTakeFirstOrThrow();
  const types = (stored.blocks as { blocks: Array<{ type: string }> }).blocks.map((b) => b.type);
  expect(types).toEqual(['heading', 'richText', 'button', 'watch', 'image', 'footer']);
  expect(stored.html_content).toContain('A private offer for {{first_name}}');

  // A campaign from it, sent to a small audience.
  await page.goto('/admin/campaigns/new');
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(campaignName);
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await expect(toast(page, 'Template loaded')).toBeVisible();
  await page.getByRole('switch', { name: /Test mode/ }).check();
  await page.getByRole('textbox', { name: 'Test emails' }).fill(audience.join(', '));
  await expect(page.getByTestId('recipient-count')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page
    .getByRole('dialog', { name: 'Send campaign now?' })
    .getByRole('button', { name: 'Confirm and send' })
    .click();
  await expect(toast(page, 'Campaign is now sending!')).toBeVisible();

  for (const address of audience) {
    let html = '';
    let text: string | null = null;
    await expect
      .poll(
        async () => {
          const row = await e2eDatabase()
            .selectFrom('outbox_emails')
            .select(['html', 'text_body'])
            .where(sql<boolean>`${address} = ANY(to_addresses)`)
            .where('subject', '=', subject)
            .executeTakeFirst();
          html = row?.html ?? '';
          text = row?.text_body ?? null;
          return html.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    // html-validate, Can I email for the four clients, size, tags, alt text, absolute links.
    expect(await checkRenderedEmail({ html, text })).toEqual([]);
    expect(html).toContain('Request a valuation');
    expect(html).toMatch(/alt="A steel Rolex Submariner on a dark cloth"/);
    expect(html.indexOf('Speedmaster Professional')).toBeLessThan(html.indexOf('submariner.jpg'));
  }
});
