import { expect, test } from './support/test.ts';

test('the home page renders and the app reports ready', async ({ page, request }) => {
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /free valuation/i }).first()).toBeVisible();
});

test('the client reaches the server through tRPC', async ({ request }) => {
  const res = await request.get('/trpc/system.health');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { result: { data: { status: string; emailTransport: string } } };
  expect(body.result.data).toMatchObject({ status: 'ok', emailTransport: 'outbox' });
});
