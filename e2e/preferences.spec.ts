import { expect, type Page, test } from './support/test.ts';
import { sql } from 'kysely';
import { signToken } from '../server/unsubscribe/signed-token.ts';
import { E2E_APP_SECRET } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';

const UPDATED = 'Your preferences have been successfully updated.';

async function createContact(prefix: string) {
  return e2eDatabase()
    .insertInto('leads')
    .values({
      email: `${prefix}-${Date.now()}@e2e.test`,
      full_name: 'Pat Seller',
      email_marketing_consent: true,
      sms_marketing_consent: true,
      consent_at: new Date(),
      consent_source: 'sell_form',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const contactRow = (id: string) =>
  e2eDatabase().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const logsOf = (id: string) =>
  e2eDatabase()
    .selectFrom('unsubscribe_logs')
    .selectAll()
    .where('lead_id', '=', id)
    .orderBy('created_at')
    .orderBy('action')
    .execute();

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test('a signed link shows the preferences; unsubscribe SMS, then all, then resubscribe e-mail', async ({
  page,
}) => {
  const contact = await createContact('prefs');
  const token = signToken(E2E_APP_SECRET, { contactId: contact.id });
  await page.goto(`/unsubscribe?token=${token}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Marketing Preferences' })).toBeVisible();
  await expect(page.getByText('p***@e2e.test')).toBeVisible();
  await expect(page.getByText(contact.email)).toHaveCount(0);
  const email = card(page, 'Email Marketing');
  const sms = card(page, 'SMS Marketing');
  await expect(email.getByText('Subscribed', { exact: true })).toBeVisible();
  await expect(sms.getByText('Subscribed', { exact: true })).toBeVisible();

  await sms.getByRole('button', { name: 'Unsubscribe from SMS' }).click();
  await expect(page.getByRole('status').filter({ hasText: UPDATED })).toBeVisible();
  await expect(sms.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(email.getByText('Subscribed', { exact: true })).toBeVisible();
  expect(await contactRow(contact.id)).toMatchObject({
    sms_marketing_consent: false,
    email_marketing_consent: true,
  });

  await page.getByLabel('Reason for unsubscribing (optional)').fill('Selling elsewhere');
  await page.getByRole('button', { name: 'Unsubscribe from All Communications' }).click();
  await expect(email.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: UPDATED })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Unsubscribe from All Communications' })).toHaveCount(0);
  const unsubscribed = await contactRow(contact.id);
  expect(unsubscribed).toMatchObject({
    email_marketing_consent: false,
    unsubscribe_reason: 'Selling elsewhere',
  });
  expect(unsubscribed.email_unsubscribed_at).not.toBeNull();

  await email.getByRole('button', { name: 'Resubscribe to Email' }).click();
  await expect(email.getByText('Subscribed', { exact: true })).toBeVisible();
  await expect(sms.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe from All Communications' })).toBeVisible();
  expect(await contactRow(contact.id)).toMatchObject({
    email_marketing_consent: true,
    email_unsubscribed_at: null,
    consent_source: 'preferences',
  });

  const logs = await logsOf(contact.id);
  expect(logs.map((l) => [l.action, l.method])).toEqual([
    ['sms_unsubscribe', 'manual'],
    ['email_unsubscribe', 'manual'],
    ['email_resubscribe', 'manual'],
  ]);
  expect(logs.every((l) => l.ip_address && l.user_agent?.includes('Chrome'))).toBe(true);
});

test('the page is marked noindex and titled', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page).toHaveTitle(/^Marketing Preferences/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('without a link the page is the look-up; only a bad link shows the error', async ({ page }) => {
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { name: 'Look up your preferences' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Invalid unsubscribe link')).toHaveCount(0);

  await page.goto('/unsubscribe?token=not-a-real-token');
  const error = page.getByRole('alert').filter({
    hasText: 'Invalid unsubscribe link. Please check your email for the correct link.',
  });
  await expect(error).toBeVisible();
  await expect(error).toContainText(
    'Could not find your preferences with this link. Please enter your email below to look up your preferences.',
  );
  await page.getByRole('button', { name: 'Look Up' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused();
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

  // A look-up that works clears the error about the link.
  await page.getByLabel('Email address').fill(`nobody-${Date.now()}@e2e.test`);
  await page.getByLabel('Email address').press('Enter');
  await page.getByRole('button', { name: 'Email me a link to manage my preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we have e-mailed it a link' })).toBeVisible();
  await expect(page.getByText('Invalid unsubscribe link')).toHaveCount(0);
});

test('a contact who never subscribed is shown as not subscribed, with Subscribe', async ({ page }) => {
  const contact = await e2eDatabase()
    .insertInto('leads')
    .values({ email: `never-${Date.now()}@e2e.test`, full_name: 'Never Subscribed' })
    .returningAll()
    .executeTakeFirstOrThrow();
  await page.goto(`/unsubscribe?token=${signToken(E2E_APP_SECRET, { contactId: contact.id })}`);
  const email = card(page, 'Email Marketing');
  await expect(email.getByText('Not subscribed', { exact: true })).toBeVisible();
  await expect(email.getByText('Unsubscribed', { exact: true })).toHaveCount(0);
  await expect(email.getByRole('button', { name: 'Resubscribe to Email' })).toHaveCount(0);
  await expect(card(page, 'SMS Marketing').getByRole('button', { name: 'Subscribe to SMS' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe from All Communications' })).toHaveCount(0);

  await email.getByRole('button', { name: 'Subscribe to Email' }).click();
  await expect(page.getByRole('status').filter({ hasText: UPDATED })).toBeVisible();
  await expect(email.getByText('Subscribed', { exact: true })).toBeVisible();
  expect(await contactRow(contact.id)).toMatchObject({ email_marketing_consent: true });
});

test('look-up by e-mail sends a signed link that opens the preferences', async ({ page }) => {
  const contact = await createContact('lookup');
  await page.goto('/unsubscribe?token=expired-or-mangled');
  const field = page.getByLabel('Email address');
  await field.fill(contact.email.toUpperCase());
  await field.press('Enter');
  await page.getByRole('button', { name: 'Email me a link to manage my preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we have e-mailed it a link' })).toBeVisible();

  // The worker sends the queued e-mail; without RESEND_API_KEY it lands in the outbox.
  let text = '';
  await expect
    .poll(
      async () => {
        const row = await e2eDatabase()
          .selectFrom('outbox_emails')
          .select(['text_body', 'to_addresses'])
          .where(sql<boolean>`${contact.email} = ANY(to_addresses)`)
          .executeTakeFirst();
        text = row?.text_body ?? '';
        return text;
      },
      { timeout: 20_000 },
    )
    .toContain('/unsubscribe?token=');
  const link = /https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link).toBeDefined();

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketing Preferences' })).toBeVisible();
  await expect(page.getByText('l***@e2e.test')).toBeVisible();
  await expect(card(page, 'Email Marketing').getByText('Subscribed', { exact: true })).toBeVisible();
});

test('"unsubscribe this address" works from the look-up and answers neutrally', async ({ page }) => {
  const contact = await createContact('byemail');
  await page.goto(`/unsubscribe?email=${encodeURIComponent(contact.email)}`);
  await expect(page.getByLabel('Email address')).toHaveValue(contact.email);
  await page.getByRole('button', { name: 'Look Up' }).click();
  await page.getByRole('button', { name: 'Unsubscribe this address from all marketing' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `We will not send marketing e-mails or SMS to ${contact.email}` }),
  ).toBeVisible();
  expect(await contactRow(contact.id)).toMatchObject({
    email_marketing_consent: false,
    sms_marketing_consent: false,
  });

  // The same words for an address that is not on file.
  await page.getByLabel('Email address').fill('never-seen@e2e.test');
  await page.getByRole('button', { name: 'Look Up' }).click();
  await page.getByRole('button', { name: 'Unsubscribe this address from all marketing' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'We will not send marketing e-mails or SMS to never-seen@e2e.test' }),
  ).toBeVisible();
});

test('one-click POST from a mail provider unsubscribes; a GET only redirects', async ({ request }) => {
  const contact = await createContact('oneclick');
  const url = `/api/unsubscribe/one-click?token=${signToken(E2E_APP_SECRET, { contactId: contact.id })}`;

  const get = await request.get(url, { maxRedirects: 0 });
  expect(get.status()).toBe(303);
  expect(get.headers().location).toMatch(/^\/unsubscribe\?token=/);
  expect((await contactRow(contact.id)).email_marketing_consent).toBe(true);

  const post = await request.post(url, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
    maxRedirects: 0,
  });
  expect(post.status()).toBe(200);
  expect(post.headers().location).toBeUndefined();
  expect((await contactRow(contact.id)).email_marketing_consent).toBe(false);
  expect((await logsOf(contact.id)).map((l) => l.method)).toEqual(['one_click']);
});
