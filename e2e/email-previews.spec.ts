import { randomUUID } from 'node:crypto';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { signInAsAdmin } from './support/admin.ts';
import { expect, test } from './support/test.ts';
import { e2eDatabase } from './support/db.ts';

// The admin's previews show a message in the layout the send path renders it in (decision 051):
// the brand header, the column and the footer, in a sandboxed frame that scrolls; the rendered
// document passes the same outside checks as every sent message.

test('a reply template previews in the e-mail layout with the identity footer', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const template = await e2eDatabase()
    .insertInto('email_templates')
    .values({
      template_name: `Preview reply ${tag}`,
      subject: 'Your {{watch_brand}} valuation',
      html_content:
        '<p>Hi {{first_name}}, thank you for the details of your {{watch_brand}}.</p><p><a href="https://example.com/sell">See our offer</a></p>',
      template_type: 'reply',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await signInAsAdmin(page, { at: `/admin/templates/${template.id}/preview` });
  const frame = page.locator('iframe[title="Email preview"]');
  await expect(frame).toHaveAttribute('data-layout', 'email');
  // The footer is in the document the frame shows. The frame is sandboxed (an opaque origin, its
  // own renderer process): Debian's Chromium may leave it unpainted for seconds on a busy machine,
  // so what is checked is the document it loaded, given time to load, not its paint.
  await expect(frame).toHaveAttribute('srcdoc', /ABN \d/);
  await expect(frame).toBeVisible();
  const preview = frame.contentFrame();
  const loaded = { timeout: 30_000 };
  // The brand header's logo, named for readers without images, and the identity footer.
  await expect(preview.locator('img[alt]').first()).toHaveAttribute(
    'src',
    /\/assets\/email\/logo\.png$/,
    loaded,
  );
  await expect(preview.getByText(/ABN \d/)).toBeAttached(loaded);
  await expect(preview.getByText('thank you for the details of your')).toBeAttached(loaded);

  // The frame's own scrolling style is the admin's, never sent: the message is what precedes it.
  const html = ((await frame.getAttribute('srcdoc')) ?? '').replace(
    /<style data-preview-only>[^<]*<\/style>$/,
    '',
  );
  expect(html.startsWith('<!doctype html>')).toBe(true);
  expect(html).toContain('<title>Your [watch_brand] valuation</title>');
  // The admin's [name] placeholders are a preview's, not a finding; everything else is checked.
  expect(await checkRenderedEmail({ html })).toEqual([]);

  // The editor's live preview is in the layout too.
  await page.goto(`/admin/templates/${template.id}/edit`);
  const live = page.locator('iframe[title="Live preview"]');
  await expect(live).toHaveAttribute('data-layout', 'email');
  await expect(live).toHaveAttribute('srcdoc', /ABN \d/);
  await expect(live).toBeVisible();
  await expect(live.contentFrame().getByText(/ABN \d/)).toBeAttached(loaded);
});
