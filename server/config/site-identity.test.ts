import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildSiteConfig, isValidAbn, placeholderIdentityVariables } from '#shared/site/config.ts';
import { REAL_SITE_IDENTITY } from '#test/support/site-identity.ts';
import { EnvError, isLoopbackUrl, parseEnv, serverEnvSchema, workerEnvSchema } from './env.ts';

// Decision 001: no placeholder identity where customers can see it.
const REAL = REAL_SITE_IDENTITY;

function failure(env: Record<string, string>, schema: z.ZodType = serverEnvSchema): string {
  try {
    parseEnv(schema, env);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('expected the environment to be refused');
}

describe('site identity from the environment', () => {
  it('keeps the demo placeholders on a loopback address', () => {
    for (const APP_URL of [
      'http://localhost:3000',
      'http://127.0.0.1:4321',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(isLoopbackUrl(APP_URL), APP_URL).toBe(true);
      expect(() => parseEnv(serverEnvSchema, { APP_URL })).not.toThrow();
    }
  });

  it('refuses a real deployment with placeholder licence and ABN, naming the variables to set', () => {
    const message = failure({ APP_URL: 'https://watches.example.com.au' });
    expect(message).toContain('APP_URL is https://watches.example.com.au, a real deployment');
    expect(message).toContain('Set SITE_LICENCE and SITE_ABN');
    expect(
      failure({ APP_URL: 'https://watches.example.com.au', SITE_ABN: REAL.SITE_ABN }, workerEnvSchema),
    ).toContain('Set SITE_LICENCE to');
    expect(() =>
      parseEnv(serverEnvSchema, {
        APP_URL: 'https://watches.example.com.au',
        ...REAL,
        APP_SECRET: 'k'.repeat(40),
      }),
    ).not.toThrow();
  });

  it('refuses an ABN that fails the register check, wherever it runs', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('1234')).toBe(false);
    expect(failure({ SITE_ABN: '12 345 678 901' })).toContain('SITE_ABN: is not a valid ABN (11 digits)');
  });

  it('prints the configured identity and leaves unset social links out', () => {
    const site = buildSiteConfig({ ...REAL, SITE_LEGAL_NAME: 'Example Watches Pty Ltd' });
    expect(site).toMatchObject({
      legalName: 'Example Watches Pty Ltd',
      licence: REAL.SITE_LICENCE,
      abn: REAL.SITE_ABN,
      socialLinks: { instagram: null, facebook: null },
    });
    expect(placeholderIdentityVariables(site)).toEqual([]);
    expect(placeholderIdentityVariables(buildSiteConfig())).toEqual(['SITE_LICENCE', 'SITE_ABN']);
    expect(
      buildSiteConfig({ SITE_INSTAGRAM_URL: 'https://www.instagram.com/examplewatches' }).socialLinks
        .instagram,
    ).toBe('https://www.instagram.com/examplewatches');
  });
});
