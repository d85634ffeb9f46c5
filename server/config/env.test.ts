import { describe, expect, it } from 'vitest';
import { baseEnvSchema, EnvError, parseEnv, resolveAppUrl, serverEnvSchema, workerEnvSchema } from './env.ts';

describe('environment parsing', () => {
  it('applies the documented defaults to an empty environment', () => {
    const env = parseEnv(serverEnvSchema, {});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './.data',
      NODE_ENV: 'development',
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(resolveAppUrl(env)).toBe('http://localhost:3000');
    expect(resolveAppUrl({ APP_URL: 'https://watches.example.com.au/', PORT: 1 })).toBe(
      'https://watches.example.com.au',
    );
  });

  it('treats empty strings (as in .env.example) as unset', () => {
    const env = parseEnv(baseEnvSchema, {
      DATABASE_URL: '',
      RESEND_API_KEY: '',
      APP_SECRET: '',
      SITE_EMAIL: '',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.RESEND_API_KEY).toBeUndefined();
    expect(env.APP_SECRET).toBeUndefined();
  });

  it('names every bad variable in one readable message', () => {
    let error: unknown;
    try {
      parseEnv(workerEnvSchema, {
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        APP_SECRET: 'short',
        WORKER_CONCURRENCY: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid environment configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'WORKER_CONCURRENCY'])
      expect(message).toContain(`  ${name}:`);
    expect(message).toContain('APP_SECRET: must be at least 32 characters');
  });

  it('parses TRUST_PROXY as a hop count or proxy addresses, and refuses trusting every hop', () => {
    expect(parseEnv(serverEnvSchema, {}).TRUST_PROXY).toBe(false);
    expect(parseEnv(serverEnvSchema, { TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv(serverEnvSchema, { TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv(serverEnvSchema, { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => parseEnv(serverEnvSchema, { TRUST_PROXY: 'true' })).toThrow(
      /trust every X-Forwarded-For hop/,
    );
    expect(() => parseEnv(serverEnvSchema, { TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: not an address or CIDR: yes/,
    );
    expect(() => parseEnv(serverEnvSchema, { TRUST_PROXY: '99' })).toThrow(/between 1 and 10/);
  });
});
