import { randomUUID } from 'node:crypto';
import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin, toast } from './support/admin.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';
import { overflowIn } from './support/layout.ts';
import { expect, type Page, test } from './support/test.ts';

// A reply is writing, not HTML (decision 093): a Buyer writes three paragraphs in the desk's
// composer, a merge field from its menu, and the e-mail (HTML and text part) and the seller's page
// keep the three paragraphs, the field merged; the screens at 390 px and desktop, with axe-core.

/** Axe and the width at 390 px, then desktop again. */
async function checkBothWidths(page: Page, label: string): Promise<void> {
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => overflowIn(page, label)).toEqual([]);
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a Buyer writes three paragraphs with a merge field; the e-mail and the seller page keep them', async ({
  page,
}) => {
  // A loaded two-core machine types and renders slowly: room for the whole story.
  test.setTimeout(240_000);
  const email = `jane.${randomUUID().slice(0, 8)}@example.com`;
  const db = e2eDatabase();
  const lead = await db
    .insertInto('leads')
    .values({ email, full_name: 'Jane Citizen' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Jane Citizen',
      watch_brand: 'Rolex',
      watch_model: 'Datejust',
      watch_condition: 'Excellent - Like new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subject = `Saturday for your Rolex ${email}`;

  await signInAsAdmin(page, { role: 'buyer', at: `/admin/enquiries/${enquiry.id}` });
  await expect(page.getByRole('heading', { name: 'Reply to the seller' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.click();
  await page.keyboard.insertText('Hi ');
  await page.getByRole('button', { name: 'Merge field' }).click();
  await page.getByRole('menuitem', { name: '{{first_name}}' }).click();
  await expect(message).toContainText('Hi {{first_name}}');
  await page.keyboard.insertText(',');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Saturday works.');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.insertText('Any time after ten.');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Kind regards');

  // The seller's page as it will read: three paragraphs, the line break kept in the second.
  const preview = page.getByRole('region', { name: "On the seller's page" });
  await expect(preview).toContainText(subject);
  const previewed = preview.getByTestId('seller-page-message').locator('p');
  await expect(previewed).toHaveCount(3);
  expect(await previewed.allInnerTexts()).toEqual([
    'Hi {{first_name}},',
    'Saturday works.\nAny time after ten.',
    'Kind regards',
  ]);
  await checkBothWidths(page, 'the reply composer');

  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Reply queued')).toBeVisible({ timeout: 30_000 });

  // The e-mail: three paragraphs in the HTML, the field merged; blank lines between in the text.
  let sent: { html: string | null; text_body: string | null } | undefined;
  await expect
    .poll(
      async () => {
        sent = await db
          .selectFrom('outbox_emails')
          .select(['html', 'text_body'])
          .where('subject', '=', subject)
          .executeTakeFirst();
        return sent?.html ?? '';
      },
      { timeout: 20_000 },
    )
    .toContain('Kind regards');
  const paragraphs = [...(sent?.html ?? '').matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
  expect(paragraphs).toContain('Hi Jane,');
  expect(paragraphs).toContain('Saturday works.<br />Any time after ten.');
  expect(paragraphs).toContain('Kind regards');
  expect(sent?.text_body).toContain('Hi Jane,\n\nSaturday works.\nAny time after ten.\n\nKind regards');

  // The seller's page: the reply in three paragraphs.
  const link = await outboxLinkPath(email, subject, /https?:\/\/\S+\/enquiry\/[A-Za-z0-9_-]{50}/);
  await page.context().clearCookies();
  await page.goto(link);
  const reply = page.locator('.seller-message--ours').filter({ hasText: subject });
  await expect(reply.locator('p.seller-paragraph')).toHaveCount(3, { timeout: 30_000 });
  expect(await reply.locator('p.seller-paragraph').allInnerTexts()).toEqual([
    'Hi Jane,',
    'Saturday works.\nAny time after ten.',
    'Kind regards',
  ]);
  await checkBothWidths(page, "the seller's page");
});

test('a reply template is written in the same composer and opens there again', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Booked in ${randomUUID().slice(0, 8)}`;
  await signInAsAdmin(page, { role: 'buyer', at: '/admin/templates/new?kind=reply' });
  // The form's editors load in their own chunk: a loaded machine takes a while the first time.
  await expect(page.getByRole('heading', { name: 'New Reply Template' })).toBeVisible({ timeout: 30_000 });
  const message = page.getByRole('textbox', { name: 'Message' });
  await expect(message).toContainText('Write your message here.');
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Your {{watch_brand}} is booked in');
  await message.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('Dear ');
  await page.getByRole('button', { name: 'Merge field' }).click();
  // Only reply fields are offered (decision 011).
  await expect(page.getByRole('menuitem', { name: '{{unsubscribe_url}}' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: '{{first_name}}' }).click();
  await page.keyboard.insertText(',');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Your watch is booked in.');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Kind regards');
  await checkBothWidths(page, 'the reply template form');

  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(page).toHaveURL(/\/admin\/templates\?kind=reply$/, { timeout: 30_000 });
  const stored = await e2eDatabase()
    .selectFrom('email_templates')
    .select(['id', 'html_content'])
    .where('template_name', '=', name)
    .executeTakeFirstOrThrow();
  expect(stored.html_content).toBe(
    '<p>Dear {{first_name}},</p><p>Your watch is booked in.</p><p>Kind regards</p>',
  );

  await page.goto(`/admin/templates/${stored.id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toContainText('Your watch is booked in.', {
    timeout: 30_000,
  });
});
