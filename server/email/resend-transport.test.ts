import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { createResendTransport } from './resend-transport.ts';
import type { EmailMessage } from './types.ts';

const message = (to: string): EmailMessage => ({
  from: 'Shop <shop@example.com>',
  to: [to],
  subject: 'Your valuation',
  html: '<p>Hello</p>',
  headers: {
    'List-Unsubscribe': '<https://example.com/u>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  tags: [{ name: 'campaign', value: 'c1' }],
});

describe('Resend transport (real SDK against the fake provider)', () => {
  let fake: FakeResend;
  beforeAll(async () => {
    fake = await startFakeResend();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const transport = () => createResendTransport({ apiKey: 're_test_123', baseUrl: fake.url });

  it('sends one e-mail with its headers, tags and idempotency key', async () => {
    const result = await transport().send(message('a@example.com'), { idempotencyKey: 'welcome-1' });
    expect(result.ok).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe('/emails');
    expect(fake.requests[0]?.idempotencyKey).toBe('welcome-1');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer re_test_123');
    expect(fake.emails).toHaveLength(1);
    expect(fake.emails[0]).toMatchObject({
      to: ['a@example.com'],
      subject: 'Your valuation',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      tags: [{ name: 'campaign', value: 'c1' }],
    });
    if (result.ok) expect(result.id).toBe(fake.emails[0]?.id);
  });

  it('dedupes a retried request with the same idempotency key', async () => {
    const first = await transport().send(message('a@example.com'), { idempotencyKey: 'retry-me' });
    const second = await transport().send(message('a@example.com'), { idempotencyKey: 'retry-me' });
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) expect(second.id).toBe(first.id);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual(['retry-me', 'retry-me']);
    expect(fake.emails).toHaveLength(1);
  });

  it('refuses the same key with another payload as a non-retryable conflict', async () => {
    await transport().send(message('a@example.com'), { idempotencyKey: 'k' });
    const result = await transport().send(message('b@example.com'), { idempotencyKey: 'k' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({ kind: 'idempotency_conflict', retryable: false, statusCode: 409 });
  });

  it('surfaces a 429 with its retry-after as a retryable rate limit', async () => {
    fake.failNext({ kind: 'rate_limit', retryAfterSeconds: 7 });
    const result = await transport().send(message('a@example.com'), { idempotencyKey: 'rl' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatchObject({
        kind: 'rate_limited',
        name: 'rate_limit_exceeded',
        retryAfterSeconds: 7,
        retryable: true,
      });
    }
    expect(fake.emails).toHaveLength(0);
    // The next attempt with the same key goes through.
    expect((await transport().send(message('a@example.com'), { idempotencyKey: 'rl' })).ok).toBe(true);
  });

  it('reports server errors as retryable and reads the rate-limit headers', async () => {
    fake.failNext({ kind: 'server_error' });
    const result = await transport().send(message('a@example.com'));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({ kind: 'provider', statusCode: 500, retryable: true });
    expect(result.rateLimit.limit).toBe(10);
  });

  it('reports an unreachable provider as a retryable network error', async () => {
    const offline = createResendTransport({ apiKey: 're_x', baseUrl: 'http://127.0.0.1:9' });
    const result = await offline.send(message('a@example.com'));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({ kind: 'network', retryable: true, statusCode: null });
  });

  it('sends a batch in one request and returns ids in order, deduped by key', async () => {
    const batch = [message('a@example.com'), message('b@example.com'), message('c@example.com')];
    const first = await transport().sendBatch(batch, { idempotencyKey: 'batch-1' });
    const again = await transport().sendBatch(batch, { idempotencyKey: 'batch-1' });
    expect(first.ok).toBe(true);
    if (first.ok && again.ok) {
      expect(first.ids).toHaveLength(3);
      expect(again.ids).toEqual(first.ids);
    }
    expect(fake.requests.map((r) => r.path)).toEqual(['/emails/batch', '/emails/batch']);
    expect(fake.emails.map((e) => e.to[0])).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('enforces a request rate and counts violations', async () => {
    fake.enforceRate(2);
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await transport().send(message(`r${i}@example.com`)));
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(fake.rateViolations).toBe(1);
  });

  it('refuses an empty or oversized batch before calling the provider', async () => {
    await expect(transport().sendBatch([])).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });
});
