import { createUser, grantAdmin } from '../server/auth/users.ts';
import { issueSellerLink } from '../server/seller-link/seller-link.ts';
import { submitSignIn } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 027: "the UI hides what a role cannot do (the server still refuses it)". A Viewer reads every
// list and detail page but is offered no button that changes anything, and no export.

const html = `<html><body><p>Hello {{first_name}}</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

async function signIn(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('a Viewer sees the campaigns, templates and contacts without their write buttons', async ({ page }) => {
  test.setTimeout(120_000);
  const db = e2eDatabase();
  const run = Date.now().toString(36);
  const email = `viewer-${run}@e2e.test`;
  const password = 'viewer-password-for-e2e';
  await createUser(db, { email, password, verified: true });
  await grantAdmin(db, email, 'viewer');
  const campaign = (name: string, status: 'draft' | 'paused' | 'completed') =>
    db
      .insertInto('email_campaigns')
      .values({
        name,
        subject: 'Watch prices',
        html_content: html,
        status,
        total_recipients: status === 'draft' ? 0 : 3,
        sent_count: status === 'draft' ? 0 : 2,
        failed_count: status === 'completed' ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const draft = `Viewer draft ${run}`;
  const done = await campaign(`Viewer completed ${run}`, 'completed');
  const paused = await campaign(`Viewer paused ${run}`, 'paused');
  await campaign(draft, 'draft');
  const templateName = `Viewer template ${run}`;
  const template = await db
    .insertInto('email_templates')
    .values({ template_name: templateName, subject: 'Hi', html_content: html, variables: [] })
    .returning('id')
    .executeTakeFirstOrThrow();

  await signIn(page, email, password);

  // Campaigns: no New, and the row menu only views.
  await page.goto(`/admin/campaigns?search=${encodeURIComponent(draft)}`);
  await expect(page.getByRole('link', { name: draft })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Campaign' })).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for ${draft}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View details' })).toBeVisible();
  for (const item of ['Edit', 'Duplicate', 'Delete', 'Pause', 'Resume', 'Cancel'])
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A completed campaign with a failed send: no export, retry or non-openers copy.
  await page.goto(`/admin/campaigns/${done.id}`);
  await expect(page.getByRole('link', { name: 'Back to Campaigns' })).toBeVisible();
  // Never a plain green "completed" when a send failed.
  await expect(page.getByText('completed with failures', { exact: true })).toBeVisible();
  await expect(page.getByText('1 of 3 sends failed.')).toBeVisible();
  for (const name of ['Export CSV', 'Retry failed', 'Send to non-openers'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

  // A paused campaign: no resume or cancel.
  await page.goto(`/admin/campaigns/${paused.id}`);
  await expect(page.getByRole('link', { name: 'Back to Campaigns' })).toBeVisible();
  for (const name of ['Resume', 'Cancel', 'Pause'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);

  // Templates: preview only.
  await page.goto('/admin/templates');
  await expect(page.getByRole('link', { name: `Preview ${templateName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Template' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Edit ${templateName}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Duplicate ${templateName}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${templateName}` })).toHaveCount(0);
  // The search is in the URL: a shared link shows the same cards.
  await page.goto(`/admin/templates?search=${encodeURIComponent(run)}`);
  await expect(page.getByRole('searchbox', { name: 'Search templates' })).toHaveValue(run);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(templateName);
  await page.goto(`/admin/templates/${template.id}/preview`);
  await expect(page.getByRole('heading', { name: templateName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Test Email' })).toHaveCount(0);

  // A form opened by URL says the role does not allow it, rather than failing at Save.
  for (const url of [
    `/admin/templates/${template.id}/edit`,
    '/admin/campaigns/new',
    '/admin/settings',
    '/admin/contacts/import',
  ]) {
    await page.goto(url);
    await expect(page.getByText('Your role does not allow this.')).toBeVisible();
  }

  // Contacts, segments and suppressions: lists without their add buttons or export.
  await page.goto('/admin/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add contact' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Export/ })).toHaveCount(0);
  await page.goto('/admin/contacts/segments');
  await expect(page.getByRole('heading', { name: 'Segments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New segment' })).toHaveCount(0);
  await page.goto('/admin/contacts/suppressions');
  await expect(page.getByRole('heading', { name: /Suppress/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add addresses' })).toHaveCount(0);

  // The seller's link acts as the seller (decision 067): a Viewer sees its state and why it is
  // hidden, and the read-only preview, never the link itself.
  const lead = await db
    .insertInto('leads')
    .values({ email: `viewer-seller-${run}@example.com`, full_name: 'Bob Seller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Bob Seller',
      watch_brand: 'Omega',
      watch_model: 'Speedmaster',
      watch_condition: 'Good',
      status: 'offer_made',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('enquiry_offers')
    .values({ enquiry_id: enquiry.id, amount_cents: 800_000, valid_until: null })
    .execute();
  await issueSellerLink(db, { appUrl: 'http://localhost', appSecret: 'unused-here' }, enquiry.id);
  await page.goto(`/admin/enquiries/${enquiry.id}`);
  const card = page.getByTestId('seller-link');
  await expect(card.getByText(/Link works until/)).toBeVisible();
  await expect(card.getByTestId('seller-link-read-only')).toContainText('only members who work enquiries');
  for (const name of ['Reveal link', 'Copy link', 'Revoke seller link'])
    await expect(card.getByRole('button', { name })).toHaveCount(0);
  await expect(card.getByRole('textbox', { name: 'Private link' })).toHaveCount(0);
  await card.getByRole('link', { name: "Preview seller's page" }).click();
  await expect(page.getByText('Preview — actions are disabled')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Omega Speedmaster' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our offer: $8,000.00' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the offer' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Decline the offer' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Your full name' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  expect(await page.content()).not.toMatch(/\/enquiry\/[A-Za-z0-9_-]{50}/);
});
