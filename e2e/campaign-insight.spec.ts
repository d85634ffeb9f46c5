import { randomUUID } from 'node:crypto';
import { Webhook } from 'svix';
import { signInAsAdmin } from './support/admin.ts';
import { E2E_WEBHOOK_SECRET } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

// The link report and the engagement chart are built from the provider's click events, posted here to the
// real webhook route and signed as Resend signs them.
const run = Date.now().toString(36);
const MARKET = `https://watches.example.com/market-${run}`;
const SELL = `https://watches.example.com/sell-${run}`;

test('clicks posted to the webhook fill the link report, and a link filters the sends table', async ({
  page,
  request,
}) => {
  const db = e2eDatabase();
  const campaign = await db
    .insertInto('email_campaigns')
    .values({
      name: `Link report ${run}`,
      subject: 'Market update',
      status: 'completed',
      html_content: `<html><body><p><a href="${MARKET}">Market prices</a></p><p><a href="${SELL}">Sell now</a></p></body></html>`,
      total_recipients: 3,
      sent_count: 3,
      completed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const readers = ['a', 'b', 'c'].map((name) => ({
    email: `links-${name}-${run}@e2e.test`,
    messageId: randomUUID(),
  }));
  await db
    .insertInto('email_sends')
    .values(
      readers.map((reader) => ({
        campaign_id: campaign.id,
        recipient_email: reader.email,
        status: 'sent' as const,
        provider_message_id: reader.messageId,
        sent_at: new Date(),
      })),
    )
    .execute();

  const post = async (type: string, messageId: string, data: Record<string, unknown> = {}) => {
    const body = JSON.stringify({
      type,
      created_at: new Date().toISOString(),
      data: { email_id: messageId, created_at: new Date().toISOString(), ...data },
    });
    const id = `msg_${randomUUID().replaceAll('-', '')}`;
    const at = new Date();
    const response = await request.post('/api/webhooks/resend', {
      data: body,
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': new Webhook(E2E_WEBHOOK_SECRET).sign(id, at, body),
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const clickOn = (link: string) => ({ click: { link, timestamp: new Date().toISOString() } });
  const [a, b, c] = readers;
  if (!a || !b || !c) throw new Error('three readers');
  for (const reader of readers) await post('email.delivered', reader.messageId);
  await post('email.clicked', a.messageId, clickOn(MARKET));
  await post('email.clicked', a.messageId, clickOn(MARKET));
  await post('email.clicked', b.messageId, clickOn(MARKET));
  await post('email.clicked', c.messageId, clickOn(SELL));

  await signInAsAdmin(page, { at: `/admin/campaigns/${campaign.id}` });
  // The engagement chart counts recipients, as the header does (decision 052): three clickers are
  // three clicks (a's second click is the link report's total only) and three opens (a click
  // implies an open).
  await expect(page.getByTestId('engagement-summary')).toContainText(
    '3 delivered, 3 opens, 3 clicks, 0 bounces, 0 unsubscribes',
  );
  await expect(page.getByTestId('stat-delivered')).toHaveText('3');
  await expect(page.getByTestId('stat-opens')).toHaveText('3');
  await expect(page.getByTestId('stat-clicks')).toHaveText('3');
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  const report = page.getByRole('table', { name: 'Link report' });
  const market = report.getByRole('row').filter({ hasText: 'Market prices' });
  await expect(market.getByRole('cell')).toHaveText(['Market prices' + MARKET, '2', '3', '66.7%']);
  const sell = report.getByRole('row').filter({ hasText: 'Sell now' });
  await expect(sell.getByRole('cell').nth(1)).toHaveText('1');

  // Sorted by unique clicks; the column header sorts the other way round.
  await expect(report.getByRole('row').nth(1)).toContainText('Market prices');
  await report.getByRole('button', { name: /Unique clicks/ }).click();
  await expect(report.getByRole('row').nth(1)).toContainText('Sell now');

  await market.getByRole('button', { name: 'Market prices' }).click();
  await expect(page.getByText(`Recipients who clicked ${MARKET}`)).toBeVisible();
  const sendRows = page.locator('tbody').last().getByRole('row');
  await expect(sendRows).toHaveCount(2);
  await expect(sendRows.filter({ hasText: a.email })).toHaveCount(1);
  await expect(sendRows.filter({ hasText: b.email })).toHaveCount(1);
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(sendRows).toHaveCount(3);
});

test('an empty chart says where events come from; held sends have their own tab, kept in the URL', async ({
  page,
}) => {
  const db = e2eDatabase();
  const campaign = await db
    .insertInto('email_campaigns')
    .values({
      name: `Held remainder ${run}`,
      subject: 'Subject A',
      subject_b: 'Subject B',
      ab_test_percent: 20,
      ab_wait_hours: 4,
      ab_metric: 'opens',
      status: 'paused',
      html_content: '<html><body><p>Market update</p></body></html>',
      total_recipients: 4,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('email_sends')
    .values(
      ['held-1', 'held-2', 'held-3', 'queued-1'].map((name) => ({
        campaign_id: campaign.id,
        recipient_email: `${name}-${run}@e2e.test`,
        status: name.startsWith('held') ? ('held' as const) : ('queued' as const),
        ab_remainder: name.startsWith('held'),
      })),
    )
    .execute();

  await signInAsAdmin(page, { at: `/admin/campaigns/${campaign.id}` });
  // No event yet: no empty axis, but where the figures will come from (the e2e app has a secret).
  const empty = page.getByTestId('engagement-empty');
  await expect(empty).toContainText(
    'Opens and clicks appear here as the e-mail provider reports them through its webhook.',
  );
  await expect(empty).not.toContainText('No webhook secret');
  await expect(page.locator('.recharts-wrapper')).toHaveCount(0);

  // Held (the A/B remainder, decision 037) is a tab of its own with its count, apart from Queued.
  const sendRows = page.locator('tbody').last().getByRole('row');
  await expect(sendRows).toHaveCount(4);
  await page.getByText('Held (3)', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]sends=held/);
  await expect(sendRows).toHaveCount(3);
  await expect(sendRows.filter({ hasText: 'queued-1' })).toHaveCount(0);
  // Kept in the URL: a reload (or a shared link) opens on the same tab.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Held (3)' })).toBeChecked();
  await expect(sendRows).toHaveCount(3);
  await page.getByText('Queued', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]sends=queued/);
  await expect(sendRows).toHaveCount(1);
  await expect(sendRows).toContainText(`queued-1-${run}@e2e.test`);
});
