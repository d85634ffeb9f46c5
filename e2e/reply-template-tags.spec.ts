import { signInAsAdmin } from './support/admin.ts';
import { expect, test } from './support/test.ts';
import { e2eDatabase } from './support/db.ts';

// A reply template holds only the reply fields (decision 011): its starter has no unsubscribe
// link, and a tag a reply cannot fill is refused on save, naming it, before anything is stored.

const templateName = `Reply tags ${Date.now().toString(36)}`;

test('a new reply template offers only reply fields and refuses {{unsubscribe_url}}', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/templates/new?kind=reply' });
  // The form's editors load in their own chunk: a loaded machine takes a while the first time.
  await expect(page.getByRole('heading', { name: 'New Reply Template' })).toBeVisible({ timeout: 30_000 });
  // A new reply template starts in the composer (decision 093); this one is written in HTML.
  await page.getByText('Custom HTML', { exact: true }).click();
  const html = page.getByRole('textbox', { name: 'HTML content' });
  await expect(html).toContainText('Reference {{reference}}');
  await expect(html).not.toContainText('unsubscribe_url');

  await page.getByRole('textbox', { name: 'Template name' }).fill(templateName);
  const subject = page.getByRole('textbox', { name: 'Subject' });
  await subject.fill('Your valuation {{unsubscribe_url}}');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(
    page.getByText('{{unsubscribe_url}} is not filled in a reply: use only {{first_name}}'),
  ).toBeVisible();
  const stored = await e2eDatabase()
    .selectFrom('email_templates')
    .select('id')
    .where('template_name', '=', templateName)
    .execute();
  expect(stored).toEqual([]);

  // With only reply fields it saves.
  await subject.fill('Your {{watch_brand}} valuation ({{reference}})');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(page).toHaveURL(/\/admin\/templates\?kind=reply$/);
  await expect(page.getByRole('article').filter({ hasText: templateName })).toBeVisible();
});
