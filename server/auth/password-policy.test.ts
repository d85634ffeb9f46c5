import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords.ts';
import { newPasswordProblem } from './password-policy.ts';

describe('new password rules', () => {
  it('bundles a block list of about two hundred passwords that pass the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry.length).toBeGreaterThanOrEqual(6);
      expect(entry).toBe(entry.toLowerCase());
    }
  });

  it('refuses common passwords whatever their case', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(newPasswordProblem('QWERTY123', 'a@b.co')).toBe(AUTH_MESSAGES.commonPassword);
    expect(newPasswordProblem('letmein', 'a@b.co')).toBe(AUTH_MESSAGES.commonPassword);
  });

  it('refuses the e-mail address or its local part', () => {
    expect(newPasswordProblem('Jane.Doe@example.com', 'jane.doe@example.com')).toBe(
      AUTH_MESSAGES.passwordIsEmail,
    );
    expect(newPasswordProblem('jane.doe', 'jane.doe@example.com')).toBe(AUTH_MESSAGES.passwordIsEmail);
  });

  it('accepts anything else', () => {
    expect(newPasswordProblem('tick-tock-automatic', 'jane@example.com')).toBeNull();
    expect(newPasswordProblem('e2e-Admin-password-2026', 'admin@e2e.test')).toBeNull();
  });
});
