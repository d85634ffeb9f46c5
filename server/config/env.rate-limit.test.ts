import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, serverEnvSchema } from './env.ts';

describe('sell-form rate limit settings', () => {
  it('default to 10 submissions and 40 photos per IP per 10 minutes', () => {
    const env = parseEnv(serverEnvSchema, {});
    expect(env.LEAD_SUBMIT_RATE_LIMIT).toEqual({ limit: 10, windowSeconds: 600 });
    expect(env.UPLOAD_RATE_LIMIT).toEqual({ limit: 40, windowSeconds: 600 });
  });

  it('accept "<count>/<seconds>" and "off"', () => {
    const env = parseEnv(serverEnvSchema, { LEAD_SUBMIT_RATE_LIMIT: 'off', UPLOAD_RATE_LIMIT: '5/60' });
    expect(env.LEAD_SUBMIT_RATE_LIMIT).toBeNull();
    expect(env.UPLOAD_RATE_LIMIT).toEqual({ limit: 5, windowSeconds: 60 });
  });

  it('refuse anything else with a clear message', () => {
    for (const bad of ['10', '0/600', 'ten/600', '10/0', 'none']) {
      expect(() => parseEnv(serverEnvSchema, { LEAD_SUBMIT_RATE_LIMIT: bad })).toThrow(EnvError);
    }
    expect(() => parseEnv(serverEnvSchema, { UPLOAD_RATE_LIMIT: '10' })).toThrow(
      /UPLOAD_RATE_LIMIT: must be "off" or "<count>\/<seconds>"/,
    );
  });
});
