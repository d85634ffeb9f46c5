import { describe, expect, it } from 'vitest';
import {
  baseEnvSchema,
  EnvError,
  forgeableAddressWarning,
  parseEnv,
  resolveAppUrl,
  serverEnvSchema,
  workerEnvSchema,
} from './env.ts';
import { REAL_SITE_IDENTITY } from '#test/support/site-identity.ts';

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

  it('takes DNS_RESOLVER as an address with an optional port, and names a bad one (decision 073)', () => {
    expect(parseEnv(baseEnvSchema, { DNS_RESOLVER: '127.0.0.1:5353' }).DNS_RESOLVER).toBe('127.0.0.1:5353');
    expect(parseEnv(baseEnvSchema, { DNS_RESOLVER: '[::1]:53' }).DNS_RESOLVER).toBe('[::1]:53');
    expect(parseEnv(baseEnvSchema, { DNS_RESOLVER: '' }).DNS_RESOLVER).toBeUndefined();
    expect(() => parseEnv(baseEnvSchema, { DNS_RESOLVER: 'dns.example.com' })).toThrow(
      'DNS_RESOLVER: must be an IP address with an optional port, e.g. 127.0.0.1:5353',
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

  it('takes DNS_RESOLVER as an IP address with an optional port (decision 074)', () => {
    expect(parseEnv(workerEnvSchema, {}).DNS_RESOLVER).toBeUndefined();
    expect(parseEnv(workerEnvSchema, { DNS_RESOLVER: '' }).DNS_RESOLVER).toBeUndefined();
    expect(parseEnv(workerEnvSchema, { DNS_RESOLVER: '127.0.0.1:5353' }).DNS_RESOLVER).toBe('127.0.0.1:5353');
    expect(parseEnv(workerEnvSchema, { DNS_RESOLVER: '[::1]:53' }).DNS_RESOLVER).toBe('[::1]:53');
    expect(parseEnv(workerEnvSchema, { DNS_RESOLVER: '1.1.1.1' }).DNS_RESOLVER).toBe('1.1.1.1');
    expect(() => parseEnv(workerEnvSchema, { DNS_RESOLVER: 'dns.example.com' })).toThrow(/DNS_RESOLVER/);
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

  it('refuses an http:// APP_URL that is not this machine, naming APP_URL', () => {
    for (const schema of [serverEnvSchema, workerEnvSchema]) {
      for (const APP_URL of [
        'http://watches.example.com.au',
        'http://203.0.113.7:3000',
        'ftp://watches.example.com.au',
      ]) {
        let error: unknown;
        try {
          parseEnv(schema, { APP_URL, ...REAL_SITE_IDENTITY });
        } catch (e) {
          error = e;
        }
        expect(error, APP_URL).toBeInstanceOf(EnvError);
        expect((error as Error).message, APP_URL).toMatch(/^ {2}APP_URL: must /m);
      }
    }
    expect(() =>
      parseEnv(serverEnvSchema, { APP_URL: 'http://watches.example.com.au', ...REAL_SITE_IDENTITY }),
    ).toThrow(/APP_URL: must start with https:\/\/ \(one-click unsubscribe links need HTTPS, RFC 8058\)/);
    for (const APP_URL of [
      'https://watches.example.com.au',
      'http://localhost:3000',
      'http://127.0.0.1:4321',
      'http://[::1]:3000',
    ]) {
      expect(
        () => parseEnv(serverEnvSchema, { APP_URL, ...REAL_SITE_IDENTITY, APP_SECRET: 'k'.repeat(40) }),
        APP_URL,
      ).not.toThrow();
    }
  });

  it('warns when TRUST_PROXY is set and the server listens on every interface', () => {
    const warning = (env: Record<string, string>) => forgeableAddressWarning(parseEnv(serverEnvSchema, env));
    expect(warning({ TRUST_PROXY: '1' })).toMatch(
      /TRUST_PROXY is set and HOST is 0\.0\.0\.0.*HOST=127\.0\.0\.1/,
    );
    expect(warning({ TRUST_PROXY: '10.0.0.0/8', HOST: '::' })).toMatch(/HOST is ::/);
    expect(warning({ TRUST_PROXY: '1', HOST: '127.0.0.1' })).toBeNull();
    expect(warning({ TRUST_PROXY: 'false' })).toBeNull();
    expect(warning({})).toBeNull();
  });
});
