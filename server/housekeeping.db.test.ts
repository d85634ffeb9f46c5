import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../worker/registry.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { createSession, generateSessionToken } from './auth/session.ts';
import { createUser } from './auth/users.ts';
import { consumeRateLimit } from './security/rate-limit.ts';

// Why: rate_limits once grew by a row per IP per window forever, as nothing ran the prune.
describe('housekeeping.prune job', () => {
  const t = useTestDatabase();

  it('deletes expired rate-limit windows and sessions, keeping current ones', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    for (let i = 0; i < 50; i++)
      await consumeRateLimit(
        t.db,
        `lead-submit:ip:198.51.100.${i}`,
        { limit: 10, windowSeconds: 60 },
        hourAgo,
      );
    await consumeRateLimit(t.db, 'lead-submit:ip:203.0.113.1', { limit: 10, windowSeconds: 600 });

    const user = await createUser(t.db, { email: 'prune@example.com', password: 'prune password 1' });
    const live = await createSession(t.db, generateSessionToken(), user.id, { ip: null, userAgent: null });
    const dead = await createSession(t.db, generateSessionToken(), user.id, { ip: null, userAgent: null });
    await t.db.updateTable('sessions').set({ expires_at: hourAgo }).where('id', '=', dead.id).execute();

    const result = await jobHandlers['housekeeping.prune'](
      testServices(t.db),
      {},
      { jobId: 'test', retryCount: 0, signal: new AbortController().signal },
    );
    expect(result).toEqual({
      rateLimits: 50,
      sessions: 1,
      consentRequests: 0,
      contactImports: 0,
      registerEntries: 0,
    });
    expect(await t.db.selectFrom('rate_limits').select('key').execute()).toEqual([
      { key: 'lead-submit:ip:203.0.113.1' },
    ]);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toEqual([{ id: live.id }]);
  });

  it('ends consent requests whose confirmation link has expired, keeping live ones', async () => {
    const day = 24 * 60 * 60_000;
    await t.db
      .insertInto('leads')
      .values([
        {
          email: 'stale@example.com',
          email_consent_pending: true,
          consent_requested_at: new Date(Date.now() - 8 * day),
        },
        {
          email: 'live@example.com',
          sms_consent_pending: true,
          consent_requested_at: new Date(Date.now() - 6 * day),
        },
      ])
      .execute();
    const result = await jobHandlers['housekeeping.prune'](
      testServices(t.db),
      {},
      { jobId: 'test', retryCount: 0, signal: new AbortController().signal },
    );
    expect(result).toMatchObject({ consentRequests: 1 });
    const rows = await t.db
      .selectFrom('leads')
      .select(['email', 'email_consent_pending', 'sms_consent_pending'])
      .where('email', 'in', ['stale@example.com', 'live@example.com'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'live@example.com', email_consent_pending: false, sms_consent_pending: true },
      { email: 'stale@example.com', email_consent_pending: false, sms_consent_pending: false },
    ]);
  });
});
