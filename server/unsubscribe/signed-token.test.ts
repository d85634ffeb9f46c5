import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.ts';

const secret = 'test-secret-that-is-long-enough-0123456789';
const contactId = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
const campaignId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Every token obtained by replacing one character with any other base64url character. */
function* singleCharacterChanges(token: string): Generator<string> {
  for (let i = 0; i < token.length; i++) {
    for (const ch of alphabet) {
      if (ch !== token[i]) yield token.slice(0, i) + ch + token.slice(i + 1);
    }
  }
}

describe('signToken / verifyToken', () => {
  it('round-trips a contact id', () => {
    const token = signToken(secret, { contactId: contactId });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).toHaveLength(44);
    expect(verifyToken(secret, token)).toEqual({ contactId: contactId });
  });

  it('round-trips a contact and campaign id', () => {
    const token = signToken(secret, { contactId: contactId, campaignId });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).toHaveLength(66);
    expect(verifyToken(secret, token)).toEqual({ contactId: contactId, campaignId });
  });

  it('round-trips a contact and flow id, and never reads one as the other (decision 065)', () => {
    const flowToken = signToken(secret, { contactId, flowId: campaignId });
    expect(flowToken).toHaveLength(66);
    expect(verifyToken(secret, flowToken)).toEqual({ contactId, flowId: campaignId });
    // The same ids as a campaign token: another token, read as a campaign's.
    const campaignToken = signToken(secret, { contactId, campaignId });
    expect(campaignToken).not.toBe(flowToken);
    expect(verifyToken(secret, campaignToken)).toEqual({ contactId, campaignId });
    expect(() => signToken(secret, { contactId, campaignId, flowId: campaignId })).toThrow(TypeError);
  });

  it('keeps verifying tokens issued before flows existed', () => {
    // Made outside this code (HMAC-SHA256 by hand) with the version 1 layout: contact and campaign.
    const issued = 'AT8rjB6aTU5viyocPV5_mguhssPU5fZKe4ydDh8qO0xdQyvmaLQsk5kafrFW6SaZEA';
    expect(verifyToken(secret, issued)).toEqual({ contactId, campaignId });
    expect(signToken(secret, { contactId, campaignId })).toBe(issued);
  });

  it('is deterministic and returns lower-case ids', () => {
    const upper = signToken(secret, { contactId: contactId.toUpperCase() });
    expect(upper).toBe(signToken(secret, { contactId: contactId }));
    expect(verifyToken(secret, upper)).toEqual({ contactId: contactId });
  });

  it('gives different tokens for different payloads', () => {
    const a = signToken(secret, { contactId: contactId });
    const b = signToken(secret, { contactId: crypto.randomUUID() });
    const c = signToken(secret, { contactId: contactId, campaignId });
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('rejects every single-character change', () => {
    for (const token of [
      signToken(secret, { contactId: contactId }),
      signToken(secret, { contactId: contactId, campaignId }),
    ]) {
      let tried = 0;
      for (const changed of singleCharacterChanges(token)) {
        tried++;
        expect(verifyToken(secret, changed)).toBeNull();
      }
      expect(tried).toBe(token.length * 63);
    }
  });

  it('rejects every single-byte change', () => {
    const bytes = Buffer.from(signToken(secret, { contactId: contactId, campaignId }), 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      for (const flip of [0x01, 0x80, 0xff]) {
        const changed = Buffer.from(bytes);
        changed[i] = (changed[i] ?? 0) ^ flip;
        expect(verifyToken(secret, changed.toString('base64url'))).toBeNull();
      }
    }
  });

  it('rejects truncation, extension and a campaign id stripped off', () => {
    const token = signToken(secret, { contactId: contactId, campaignId });
    expect(verifyToken(secret, token.slice(0, -1))).toBeNull();
    expect(verifyToken(secret, `${token}A`)).toBeNull();
    expect(verifyToken(secret, `${token}=`)).toBeNull();
    const bytes = Buffer.from(token, 'base64url');
    const withoutCampaign = Buffer.concat([bytes.subarray(0, 17), bytes.subarray(33)]);
    expect(verifyToken(secret, withoutCampaign.toString('base64url'))).toBeNull();
  });

  it('rejects a token signed with another key', () => {
    const token = signToken('another-secret', { contactId: contactId, campaignId });
    expect(verifyToken(secret, token)).toBeNull();
    expect(verifyToken('another-secret', token)).toEqual({ contactId: contactId, campaignId });
  });

  it('rejects a MAC made for another purpose with the same key', async () => {
    const { createHmac } = await import('node:crypto');
    const body = Buffer.from(signToken(secret, { contactId: contactId }), 'base64url').subarray(0, 17);
    const unlabelled = createHmac('sha256', secret).update(body).digest().subarray(0, 16);
    expect(verifyToken(secret, Buffer.concat([body, unlabelled]).toString('base64url'))).toBeNull();
  });

  it('returns null for garbage without throwing', () => {
    const inputs: unknown[] = [
      '',
      'a',
      '....',
      'not a token',
      '%%%%',
      '=',
      'A'.repeat(44),
      'A'.repeat(66),
      'A'.repeat(10_000_000),
      '\u0000'.repeat(44),
      '😀'.repeat(22),
      null,
      undefined,
      42,
      {},
    ];
    for (const input of inputs) {
      expect(verifyToken(secret, input)).toBeNull();
    }
  });

  it('rejects an unknown version byte even with a valid MAC', async () => {
    const { createHmac } = await import('node:crypto');
    const body = Buffer.from(signToken(secret, { contactId: contactId }), 'base64url').subarray(0, 17);
    body[0] = 2;
    const mac = createHmac('sha256', secret).update('unsubscribe:v1\0').update(body).digest().subarray(0, 16);
    expect(verifyToken(secret, Buffer.concat([body, mac]).toString('base64url'))).toBeNull();
  });

  it('refuses to sign bad ids or with an empty secret', () => {
    expect(() => signToken(secret, { contactId: 'not-a-uuid' })).toThrow(TypeError);
    expect(() => signToken(secret, { contactId: contactId, campaignId: '123' })).toThrow(TypeError);
    expect(() => signToken('', { contactId: contactId })).toThrow(TypeError);
    expect(() => verifyToken('', 'abc')).toThrow(TypeError);
  });
});
