import { Webhook } from 'svix';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newWebhookSecret, svixHeaders } from '#test/support/resend-webhooks.ts';
import { verifyResendWebhook, webhookSecretOf } from './verify.ts';

// The SDK reads the clock itself: the tests fix it rather than depend on when they run.
const NOW = new Date('2027-01-15T10:00:00.000Z');
const MINUTE = 60_000;
const secret = newWebhookSecret();
const event = { type: 'email.delivered', created_at: '2026-11-21T10:00:00.000Z', data: {} };
const body = Buffer.from(JSON.stringify(event));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const signed = (at = NOW, withSecret = secret, payload = body) =>
  svixHeaders(withSecret, payload.toString(), { at });

describe('verifyResendWebhook', () => {
  it('accepts what the svix library signs and returns the parsed payload', () => {
    const headers = signed();
    expect(verifyResendWebhook(secret, headers, body)).toEqual({
      ok: true,
      id: headers['svix-id'],
      payload: event,
    });
  });

  it('accepts any matching v1 candidate (secret rotation sends several)', () => {
    const headers = signed();
    const other = signed(NOW, newWebhookSecret())['svix-signature'];
    const rotated = { ...headers, 'svix-signature': `v2,abc ${other} ${headers['svix-signature']}` };
    expect(verifyResendWebhook(secret, rotated, body).ok).toBe(true);
  });

  it('accepts the Standard Webhooks header names', () => {
    const headers = signed();
    const standard = {
      'webhook-id': headers['svix-id'],
      'webhook-timestamp': headers['svix-timestamp'],
      'webhook-signature': [headers['svix-signature'] ?? ''],
    };
    expect(verifyResendWebhook(secret, standard, body).ok).toBe(true);
  });

  it.each([
    ['a changed body', () => ({ h: signed(), b: Buffer.from(`${body.toString()} `) })],
    ['a changed id', () => ({ h: { ...signed(), 'svix-id': 'msg_other' }, b: body })],
    [
      'a changed timestamp',
      () => ({ h: { ...signed(), 'svix-timestamp': String(NOW.getTime() / 1000 - 1) }, b: body }),
    ],
    ['another secret', () => ({ h: signed(NOW, newWebhookSecret()), b: body })],
    [
      'a v2-only signature',
      () => {
        const h = signed();
        return { h: { ...h, 'svix-signature': (h['svix-signature'] ?? '').replace('v1,', 'v2,') }, b: body };
      },
    ],
    [
      'a truncated signature',
      () => {
        const h = signed();
        return { h: { ...h, 'svix-signature': (h['svix-signature'] ?? '').slice(0, 20) }, b: body };
      },
    ],
  ])('refuses %s with 401', (_label, tamper) => {
    const { h, b } = tamper();
    expect(verifyResendWebhook(secret, h, b)).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses missing or malformed headers with 401 before any HMAC', () => {
    const headers = signed();
    const { 'svix-id': _id, ...withoutId } = headers;
    expect(verifyResendWebhook(secret, withoutId, body)).toMatchObject({ status: 401 });
    expect(verifyResendWebhook(secret, { ...headers, 'svix-signature': '' }, body)).toMatchObject({
      status: 401,
    });
    expect(verifyResendWebhook(secret, { ...headers, 'svix-timestamp': '17e8' }, body)).toMatchObject({
      status: 401,
    });
    expect(verifyResendWebhook(secret, { ...headers, 'svix-id': 'x'.repeat(300) }, body)).toMatchObject({
      status: 401,
    });
  });

  it('accepts timestamps within ±5 minutes and refuses ones beyond with 400', () => {
    for (const offset of [-5 * MINUTE, 0, 5 * MINUTE])
      expect(verifyResendWebhook(secret, signed(new Date(NOW.getTime() + offset)), body).ok).toBe(true);
    for (const offset of [-5 * MINUTE - 1000, 5 * MINUTE + 1000, -6 * MINUTE, 6 * MINUTE])
      expect(verifyResendWebhook(secret, signed(new Date(NOW.getTime() + offset)), body)).toMatchObject({
        ok: false,
        status: 400,
      });
  });

  it('answers 400 to a validly signed body that is not JSON, and 401 to an unsigned one', () => {
    const broken = Buffer.from('{"type": ');
    expect(verifyResendWebhook(secret, signed(NOW, secret, broken), broken)).toEqual({
      ok: false,
      status: 400,
      reason: 'Malformed JSON',
    });
    expect(verifyResendWebhook(secret, signed(NOW, newWebhookSecret(), broken), broken)).toMatchObject({
      status: 401,
    });
  });

  it('agrees with svix itself on the same signed request', () => {
    const headers = signed();
    expect(() => new Webhook(secret).verify(body.toString(), headers)).not.toThrow();
  });
});

describe('webhookSecretOf', () => {
  it('keeps a configured secret and treats blank ones as unconfigured', () => {
    expect(webhookSecretOf(` ${secret} `)).toBe(secret);
    expect(webhookSecretOf(null)).toBeNull();
    expect(webhookSecretOf('  ')).toBeNull();
    expect(webhookSecretOf('whsec_')).toBeNull();
  });
});
