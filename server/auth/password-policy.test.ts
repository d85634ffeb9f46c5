import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { defaultSiteConfig } from '#shared/site/config.ts';
import { generatePassword } from './bootstrap-admin.ts';
import { newPasswordProblem } from './password-policy.ts';

const SITE = defaultSiteConfig.name;

describe('new password rules (decision 046)', () => {
  it('refuses what the audit found accepted: patterns, sequences and the site name', async () => {
    for (const weak of [
      'password1234',
      '123456789012',
      'qwertyuiop12',
      SITE,
      SITE.replaceAll(' ', ''),
      `${SITE.toLowerCase()}1`,
      'QWERTY123456',
    ])
      expect([weak, await newPasswordProblem(weak, 'jane@example.com', SITE)]).toEqual([
        weak,
        AUTH_MESSAGES.weakPassword,
      ]);
  });

  it('takes the site name from the deployment, not a constant', async () => {
    expect(await newPasswordProblem('Harbourside Horology', 'a@b.co', 'Harbourside Horology')).toBe(
      AUTH_MESSAGES.weakPassword,
    );
  });

  it('refuses the e-mail address or its local part', async () => {
    expect(await newPasswordProblem('Jane.Doe@example.com', 'jane.doe@example.com', SITE)).toBe(
      AUTH_MESSAGES.passwordIsEmail,
    );
    expect(await newPasswordProblem('jane.doe', 'jane.doe@example.com', SITE)).toBe(
      AUTH_MESSAGES.passwordIsEmail,
    );
  });

  it('accepts the passwords the tests, the demo and the e2e team use', async () => {
    for (const good of [
      'tick-tock-automatic',
      'e2e-Admin-password-2026',
      'viewer-password-for-e2e',
      'marketer-password-for-e2e',
      'second-admin-password-1',
      'a brand new phrase',
      'Brass-Kettle-Horizon-42',
      'first pass phrase 1',
      'second pass phrase 2',
      'third pass phrase 3',
      'fourth pass phrase 4',
    ])
      expect([good, await newPasswordProblem(good, 'admin@e2e.test', SITE)]).toEqual([good, null]);
  });

  it('accepts every password the first start generates for the Owner', async () => {
    for (let i = 0; i < 5; i += 1) {
      const generated = generatePassword();
      expect([generated, await newPasswordProblem(generated, 'owner@example.com', SITE)]).toEqual([
        generated,
        null,
      ]);
    }
  });
});
