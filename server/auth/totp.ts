import { generateHOTP } from '@oslojs/otp';

// TOTP (RFC 6238) on @oslojs/otp's HOTP, decision 029: 30-second steps, 6 digits, HMAC-SHA-1 (what
// authenticator apps assume). The step is explicit so skew and replay can be decided here.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side: a phone's clock 30 s off, or a code typed as it rolls over. */
export const TOTP_SKEW_STEPS = 1;

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

export function totpAt(key: Uint8Array, step: number, digits = TOTP_DIGITS): string {
  return generateHOTP(key, BigInt(step), digits);
}

/**
 * The step `code` belongs to, within ±1 step of `now` and later than `lastUsedStep`, else null: a
 * code, once accepted, is refused for the rest of its window (no replay).
 */
export function matchTotp(key: Uint8Array, code: string, now: Date, lastUsedStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  for (let step = current - TOTP_SKEW_STEPS; step <= current + TOTP_SKEW_STEPS; step += 1) {
    if (step > lastUsedStep && constantTimeEqual(totpAt(key, step), code)) return step;
  }
  return null;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
