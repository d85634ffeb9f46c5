import { signInAsAdmin, toast } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';
import { sql } from 'kysely';
import { e2eDatabase } from './support/db.ts';

const run = Date.now().toString(36);
const campaignName = `Live send ${run}`;
// Unique per run: the outbox rows of this campaign are found by it.
const subject = `Watch market update ${run}`;
const CONTACTS = 300;
// Small batches, one a second: the send takes several seconds, long enough to watch and pause.
const BATCH_SIZE = 25;
const BATCH_DELAY_MS = 1_000;

const html = `<html><body><p>Here is this month's market update for watch owners across Australia.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

/** The sends table's filter: a segmented control whose radios are hidden behind their labels. */
async function filterSends(page: Page, label: string) {
  const radio = page.getByRole('radio', { name: label, exact: true });
  const id = await radio.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

async function progressOf(page: Page): Promise<number> {
  const value = await page.getByRole('progressbar', { name: 'Send progress' }).getAttribute('aria-valuenow');
  return Number(value);
}

async function sentCount(campaignId: string): Promise<number> {
  const row = await e2eDatabase()
    .selectFrom('email_campaigns')
    .select('sent_count')
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return row.sent_count;
}

test.describe.configure({ timeout: 180_000 });

let savedSettings: { batch_size: number; batch_delay_ms: number } | null = null;

test.beforeAll(async () => {
  const db = e2eDatabase();
  await db
    .insertInto('leads')
    .values(
      Array.from({ length: CONTACTS }, (_, i) => ({
        email: `live-${run}-${i}@e2e.test`,
        full_name: `Live Reader ${i}`,
        email_marketing_consent: true,
      })),
    )
    .execute();
  savedSettings =
    (await db.selectFrom('settings').select(['batch_size', 'batch_delay_ms']).executeTakeFirst()) ?? null;
  await db
    .insertInto('settings')
    .values({ id: true, batch_size: BATCH_SIZE, batch_delay_ms: BATCH_DELAY_MS })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ batch_size: BATCH_SIZE, batch_delay_ms: BATCH_DELAY_MS }),
    )
    .execute();
});

test.afterAll(async () => {
  const db = e2eDatabase();
  if (savedSettings) await db.updateTable('settings').set(savedSettings).execute();
  else await db.deleteFrom('settings').execute();
});

/** Send Now to every subscribed contact (the demo contacts, other specs' and this spec's 300). */
async function sendNewCampaign(page: Page, name: string, subject: string) {
  await page.goto('/admin/campaigns/new');
  await page.getByRole('textbox', { name: /Campaign name/ }).fill(name);
  await page.getByRole('textbox', { name: /Subject line/ }).fill(subject);
  await page.getByRole('textbox', { name: 'Email HTML' }).fill(html);
  // The engine fills {{unsubscribe_url}} per recipient, so it is no warning (decision 011).
  await expect(page.getByTestId('validation-panel')).toContainText('ready to send');
  await expect(page.getByRole('button', { name: 'Send Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page
    .getByRole('dialog', { name: 'Send campaign now?' })
    .getByRole('button', { name: 'Confirm and send' })
    .click();
  await expect(toast(page, 'Campaign is now sending!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]+$/);
  const campaignId = page.url().split('/').at(-1) ?? '';
  const { total_recipients: audience } = await e2eDatabase()
    .selectFrom('email_campaigns')
    .select('total_recipients')
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  expect(audience).toBeGreaterThanOrEqual(CONTACTS);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return { campaignId, audience };
}

test('the details page follows a send live, pauses, resumes and completes it', async ({ page }) => {
  await signInAsAdmin(page);
  const { campaignId, audience } = await sendNewCampaign(page, campaignName, subject);

  // The live feed is connected, so the page does not poll: progress arrives by push alone.
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('admin.campaigns.get')) polls.push(request.url());
  });
  const progress = page.getByRole('progressbar', { name: 'Send progress' });
  const sentStat = page.getByTestId('stat-sent');

  // An intermediate value on screen: the bar moves while the campaign sends.
  await expect.poll(() => progressOf(page), { intervals: [100] }).toBeGreaterThan(0);
  const intermediate = await progressOf(page);
  expect(intermediate).toBeLessThan(100);
  await expect.poll(() => progressOf(page), { intervals: [100] }).toBeGreaterThan(intermediate);
  expect(await progressOf(page)).toBeLessThan(100);
  expect(polls).toEqual([]);

  // Pause: the page shows it, and the counts stop once the batch in flight (if any) is recorded.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, 'Campaign paused')).toBeVisible();
  await expect(page.getByText('paused', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  let settled = -1;
  await expect
    .poll(
      async () => {
        const before = settled;
        settled = await sentCount(campaignId);
        return settled === before;
      },
      { intervals: [3 * BATCH_DELAY_MS] },
    )
    .toBe(true);
  await page.waitForTimeout(3 * BATCH_DELAY_MS);
  expect(await sentCount(campaignId)).toBe(settled);
  expect(settled).toBeLessThan(audience);
  await expect(sentStat).toHaveText(new Intl.NumberFormat('en-AU').format(settled));
  const queued = await e2eDatabase()
    .selectFrom('email_sends')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  expect(queued.count).toBeGreaterThan(0);
  await filterSends(page, 'Queued');
  await expect(page.getByRole('cell', { name: 'queued', exact: true }).first()).toBeVisible();
  await filterSends(page, 'All');

  // Resume: sending continues where it stopped and the page follows it to Completed.
  // The mutation's own refresh reads the campaign once; nothing reads it after that but the feed.
  const refreshed = page.waitForResponse((response) => response.url().includes('admin.campaigns.get'));
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(toast(page, 'Campaign resumed')).toBeVisible();
  await refreshed;
  polls.length = 0;
  await expect
    .poll(() => progressOf(page), { intervals: [100] })
    .toBeGreaterThan(Math.floor((settled / audience) * 100));
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  // Finished, so no longer "Live", though the feed stays connected.
  await expect(page.getByTestId('live-status')).toHaveCount(0);
  await expect(sentStat).toHaveText(new Intl.NumberFormat('en-AU').format(audience));
  expect(polls).toEqual([]);

  // Exactly once: one message per recipient in the outbox, every send row sent.
  const outbox = await sql<{ messages: number; recipients: number }>`
    SELECT count(*)::int AS messages, count(DISTINCT to_addresses[1])::int AS recipients
    FROM outbox_emails WHERE subject = ${subject}`.execute(e2eDatabase());
  expect(outbox.rows[0]).toEqual({ messages: audience, recipients: audience });
  const statuses = await e2eDatabase()
    .selectFrom('email_sends')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('campaign_id', '=', campaignId)
    .groupBy('status')
    .execute();
  expect(statuses).toEqual([{ status: 'sent', count: audience }]);

  // The table's filters: everyone under Sent, nobody left under Queued or Failed.
  await filterSends(page, 'Sent');
  await expect(page.getByRole('cell', { name: 'sent', exact: true }).first()).toBeVisible();
  await filterSends(page, 'Failed');
  await expect(page.getByText('No email sends found')).toBeVisible();
  await filterSends(page, 'Queued');
  await expect(page.getByText('No email sends found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
});

test('without the live feed, the details page polls every 3 s while sending', async ({ page }) => {
  // The SSE stream is refused (a proxy that does not pass it, say): the page falls back to polling.
  await page.route('**/trpc/admin.campaigns.watch?**', (route) => route.abort());
  await signInAsAdmin(page);
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('admin.campaigns.get')) polls.push(request.url());
  });
  const { audience } = await sendNewCampaign(page, `Polled send ${run}`, `Polled update ${run}`);
  await expect(page.getByTestId('live-status')).toHaveText('Reconnecting, refreshing every 3 s');
  const afterLoad = polls.length;
  await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(afterLoad + 2);
  await expect.poll(() => progressOf(page), { intervals: [250] }).toBeGreaterThan(0);
  await expect(page.getByRole('progressbar', { name: 'Send progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
    {
      timeout: 90_000,
    },
  );
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('stat-sent')).toHaveText(new Intl.NumberFormat('en-AU').format(audience));
  // Finished: no more polling, and no live badge while the feed is down.
  await expect(page.getByTestId('live-status')).toHaveCount(0);
  const settled = polls.length;
  await page.waitForTimeout(4_000);
  expect(polls.length).toBe(settled);

  // The feed back: the page connects again on its next visit.
  await page.unroute('**/trpc/admin.campaigns.watch?**');
  const watching = page.waitForRequest((request) => request.url().includes('admin.campaigns.watch'));
  await page.reload();
  await watching;
  // A completed campaign is not "Live" even with the feed connected.
  await expect(page.getByTestId('live-status')).toHaveCount(0);
});
