import { Webhook } from 'svix';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret } from '#test/support/resend-webhooks.ts';
import { signingKey, svixHeadersOf, TIMESTAMP_TOLERANCE_SECONDS, verifySvixSignature } from './verify.ts';

const secret = newWebhookSecret();
const key = signingKey(secret);
if (!key) throw new Error('test secret');
const body = Buffer.from(
  JSON.stringify({ type: 'email.delivered', created_at: '2026-11-21T10:00:00.000Z', data: {} }),
);
const now = 1_800_000_000;

function signed(at = now, id = 'msg_2p6bZkQ3VbG0nT1', payload = body, withSecret = secret) {
  return {
    id,
    timestamp: String(at),
    signature: new Webhook(withSecret).sign(id, new Date(at * 1000), payload.toString()),
  };
}

describe('verifySvixSignature', () => {
  it('accepts what the svix library signs, and what svix itself verifies', () => {
    const headers = signed();
    expect(verifySvixSignature(key, headers, body, now)).toEqual({
      ok: true,
      id: headers.id,
      timestamp: now,
    });
    // Cross-check: the real library agrees with the same headers (at its own clock).
    const live = signed(Math.floor(Date.now() / 1000));
    expect(() =>
      new Webhook(secret).verify(body.toString(), {
        'svix-id': live.id,
        'svix-timestamp': live.timestamp,
        'svix-signature': live.signature,
      }),
    ).not.toThrow();
  });

  it('accepts any matching v1 candidate (secret rotation sends several)', () => {
    const headers = signed();
    const other = signed(now, headers.id, body, newWebhookSecret()).signature;
    const signature = `v2,abc ${other} ${headers.signature}`;
    expect(verifySvixSignature(key, { ...headers, signature }, body, now).ok).toBe(true);
  });

  it.each([
    ['a changed body', (h: ReturnType<typeof signed>) => ({ h, b: Buffer.from(`${body.toString()} `) })],
    ['a changed id', (h: ReturnType<typeof signed>) => ({ h: { ...h, id: `${h.id}x` }, b: body })],
    [
      'a changed timestamp',
      (h: ReturnType<typeof signed>) => ({ h: { ...h, timestamp: String(now - 1) }, b: body }),
    ],
    ['another secret', () => ({ h: signed(now, 'msg_1', body, newWebhookSecret()), b: body })],
    [
      'a v2-only signature',
      (h: ReturnType<typeof signed>) => ({
        h: { ...h, signature: h.signature.replace('v1,', 'v2,') },
        b: body,
      }),
    ],
    [
      'a truncated signature',
      (h: ReturnType<typeof signed>) => ({ h: { ...h, signature: h.signature.slice(0, 20) }, b: body }),
    ],
  ])('refuses %s with 401', (_label, tamper) => {
    const { h, b } = tamper(signed());
    expect(verifySvixSignature(key, h, b, now)).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses missing or malformed headers with 401', () => {
    const headers = signed();
    expect(verifySvixSignature(key, { ...headers, id: undefined }, body, now)).toMatchObject({ status: 401 });
    expect(verifySvixSignature(key, { ...headers, signature: '' }, body, now)).toMatchObject({ status: 401 });
    expect(verifySvixSignature(key, { ...headers, timestamp: '17e8' }, body, now)).toMatchObject({
      status: 401,
    });
    expect(verifySvixSignature(key, { ...headers, id: 'x'.repeat(300) }, body, now)).toMatchObject({
      status: 401,
    });
  });

  it('accepts timestamps within ±5 minutes and refuses signed ones beyond with 400', () => {
    for (const offset of [-TIMESTAMP_TOLERANCE_SECONDS, 0, TIMESTAMP_TOLERANCE_SECONDS])
      expect(verifySvixSignature(key, signed(now + offset), body, now).ok).toBe(true);
    for (const offset of [-TIMESTAMP_TOLERANCE_SECONDS - 1, TIMESTAMP_TOLERANCE_SECONDS + 1, -360, 360])
      expect(verifySvixSignature(key, signed(now + offset), body, now)).toMatchObject({
        ok: false,
        status: 400,
      });
  });
});

describe('signingKey', () => {
  it('decodes whsec_ secrets and treats blank ones as unconfigured', () => {
    expect(signingKey(secret)?.symmetricKeySize).toBe(24);
    expect(signingKey(secret.slice('whsec_'.length))?.symmetricKeySize).toBe(24);
    expect(signingKey(null)).toBeNull();
    expect(signingKey('  ')).toBeNull();
    expect(signingKey('whsec_')).toBeNull();
  });
});

describe('svixHeadersOf', () => {
  it('reads svix-* headers, falling back to the Standard Webhooks names', () => {
    expect(svixHeadersOf({ 'svix-id': 'a', 'svix-timestamp': '1', 'svix-signature': 's' })).toEqual({
      id: 'a',
      timestamp: '1',
      signature: 's',
    });
    expect(
      svixHeadersOf({ 'webhook-id': 'b', 'webhook-timestamp': '2', 'webhook-signature': ['t', 'u'] }),
    ).toEqual({
      id: 'b',
      timestamp: '2',
      signature: 't',
    });
  });
});
