import { describe, expect, it } from 'vitest';
import { createKnownDeviceToken, knownDeviceId } from './login-throttle.ts';
import { createVerificationToken, parseVerificationToken, VERIFICATION_TTL_SECONDS } from './verification.ts';

const secret = 'unit-test-secret-0123456789';
const userId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const now = new Date('2026-11-21T10:00:00Z');

describe('e-mail verification tokens', () => {
  it('name the user, bind the address (any case) and last 48 hours', () => {
    const token = createVerificationToken(secret, { userId, email: 'Jane@Example.com' }, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{50}$/);
    const parsed = parseVerificationToken(secret, token, now);
    expect(parsed?.userId).toBe(userId);
    expect(parsed?.expiresAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(parsed?.matches('jane@example.com')).toBe(true);
    expect(parsed?.matches('other@example.com')).toBe(false);
  });

  it('expire after 48 hours', () => {
    const token = createVerificationToken(secret, { userId, email: 'jane@example.com' }, now);
    const justBefore = new Date(now.getTime() + VERIFICATION_TTL_SECONDS * 1000 - 1000);
    const atExpiry = new Date(now.getTime() + VERIFICATION_TTL_SECONDS * 1000);
    expect(parseVerificationToken(secret, token, justBefore)).not.toBeNull();
    expect(parseVerificationToken(secret, token, atExpiry)).toBeNull();
  });

  it('reject another secret, any changed character and junk', () => {
    const token = createVerificationToken(secret, { userId, email: 'jane@example.com' }, now);
    expect(parseVerificationToken('another-secret', token, now)?.matches('jane@example.com')).toBe(false);
    for (let i = 0; i < token.length; i += 1) {
      const swapped = token[i] === 'A' ? 'B' : 'A';
      const tampered = `${token.slice(0, i)}${swapped}${token.slice(i + 1)}`;
      const parsed = parseVerificationToken(secret, tampered, now);
      expect(parsed === null || !parsed.matches('jane@example.com'), `position ${i}`).toBe(true);
    }
    for (const junk of ['', 'x', `${token}A`, token.slice(1), 42, null, ['a'], 'a+b/c=']) {
      expect(parseVerificationToken(secret, junk, now)).toBeNull();
    }
  });
});

describe('known-device tokens', () => {
  it('identify the device only for the address they were issued to', () => {
    const token = createKnownDeviceToken(secret, 'Admin@Example.com');
    const id = knownDeviceId(secret, token, 'admin@example.com');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(knownDeviceId(secret, token, 'someone@example.com')).toBeNull();
    expect(knownDeviceId('another-secret', token, 'admin@example.com')).toBeNull();
    expect(knownDeviceId(secret, null, 'admin@example.com')).toBeNull();
    expect(createKnownDeviceToken(secret, 'admin@example.com')).not.toBe(token);
  });

  it('cannot pass for a verification link (purpose-bound MACs)', () => {
    const token = createKnownDeviceToken(secret, 'admin@example.com');
    expect(parseVerificationToken(secret, token, now)).toBeNull();
  });
});
