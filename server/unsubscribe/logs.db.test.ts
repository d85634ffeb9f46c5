import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { UnsubscribeAction, UnsubscribeMethod } from '../db/types.ts';
import { unsubscribeStats } from './logs.ts';

interface Seed {
  email: string;
  action: UnsubscribeAction;
  method: UnsubscribeMethod;
  at: string;
  ip?: string | null;
  ua?: string | null;
}

// Sydney is UTC+11 in November (daylight time): local midnight of 21 Nov is 2026-11-20T13:00Z.
const NOW = new Date('2026-11-21T05:00:00Z'); // 16:00 in Sydney, 13:00 in Perth (UTC+8)
const seeds: Seed[] = [
  {
    email: 'today1@example.com',
    action: 'email_unsubscribe',
    method: 'one_click',
    at: '2026-11-21T04:00:00Z',
  },
  { email: 'today2@example.com', action: 'sms_unsubscribe', method: 'manual', at: '2026-11-20T13:30:00Z' },
  // 23:30 on 20 Nov in Sydney: yesterday there.
  {
    email: 'yesterday@example.com',
    action: 'email_unsubscribe',
    method: 'manual',
    at: '2026-11-20T12:30:00Z',
  },
  {
    email: 'perth-yesterday@example.com',
    action: 'email_unsubscribe',
    method: 'one_click',
    at: '2026-11-20T10:00:00Z',
  },
  { email: 'week@example.com', action: 'email_unsubscribe', method: 'one_click', at: '2026-11-15T00:00:00Z' },
  // 7 days and 1 minute before NOW: outside "this week".
  { email: 'old@example.com', action: 'sms_unsubscribe', method: 'manual', at: '2026-11-14T04:59:00Z' },
  { email: 'resub@example.com', action: 'email_resubscribe', method: 'manual', at: '2026-11-21T03:00:00Z' },
  // In the future relative to NOW (a controlled clock): not counted.
  { email: 'future@example.com', action: 'email_unsubscribe', method: 'manual', at: '2026-11-21T06:00:00Z' },
];

describe('unsubscribe activity', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const caller = () => callerFor(testServices(t.db), admin);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'logs-admin@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    await t.db
      .insertInto('unsubscribe_logs')
      .values(
        seeds.map((s) => ({
          email: s.email,
          action: s.action,
          method: s.method,
          created_at: s.at,
          ip_address: s.ip === undefined ? '203.0.113.9' : s.ip,
          user_agent: s.ua === undefined ? 'Mozilla/5.0' : s.ua,
        })),
      )
      .execute();
  });

  it('counts today from local midnight in the settings timezone and the week as the last 7 days', async () => {
    expect(await unsubscribeStats(t.db, { now: NOW, timezone: 'Australia/Sydney' })).toEqual({
      total: 7,
      email: 5,
      sms: 2,
      oneClick: 3,
      manual: 4,
      today: 2,
      thisWeek: 5,
      resubscribes: 1,
      timezone: 'Australia/Sydney',
    });
    // Perth's midnight of 21 Nov is 2026-11-20T16:00Z: only the 04:00Z entry is "today" there.
    const perth = await unsubscribeStats(t.db, { now: NOW, timezone: 'Australia/Perth' });
    expect(perth.today).toBe(1);
    expect(perth.thisWeek).toBe(5);
  });

  it('reads the settings timezone for the stats procedure', async () => {
    await t.db.updateTable('settings').set({ timezone: 'Australia/Perth' }).execute();
    expect((await caller().admin.unsubscribe.stats()).timezone).toBe('Australia/Perth');
    await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
  });

  it('lists unsubscribes newest first, without resubscribes unless asked', async () => {
    const list = await caller().admin.unsubscribe.list({});
    expect(list.totalCount).toBe(7);
    expect(list.rows.map((r) => r.email)).toEqual([
      'future@example.com',
      'today1@example.com',
      'today2@example.com',
      'yesterday@example.com',
      'perth-yesterday@example.com',
      'week@example.com',
      'old@example.com',
    ]);
    expect(list.rows[1]).toEqual({
      id: expect.any(String) as string,
      email: 'today1@example.com',
      action: 'email_unsubscribe',
      method: 'one_click',
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      createdAt: '2026-11-21T04:00:00.000Z',
    });
    const withResubscribes = await caller().admin.unsubscribe.list({ includeResubscribes: true });
    expect(withResubscribes.totalCount).toBe(8);
    expect(withResubscribes.rows.map((r) => r.action)).toContain('email_resubscribe');
  });

  it('filters by action and method and searches e-mail', async () => {
    const sms = await caller().admin.unsubscribe.list({ action: 'sms_unsubscribe' });
    expect(sms.rows.map((r) => r.email)).toEqual(['today2@example.com', 'old@example.com']);
    const oneClickEmail = await caller().admin.unsubscribe.list({
      action: 'email_unsubscribe',
      method: 'one_click',
    });
    expect(oneClickEmail.totalCount).toBe(3);
    expect(
      oneClickEmail.rows.every((r) => r.method === 'one_click' && r.action === 'email_unsubscribe'),
    ).toBe(true);
    const manualResub = await caller().admin.unsubscribe.list({
      action: 'email_unsubscribe',
      method: 'manual',
      includeResubscribes: true,
    });
    expect(manualResub.rows.map((r) => r.email)).toEqual([
      'future@example.com',
      'resub@example.com',
      'yesterday@example.com',
    ]);
    const search = await caller().admin.unsubscribe.list({ search: 'YESTERDAY' });
    expect(search.rows.map((r) => r.email)).toEqual(['yesterday@example.com', 'perth-yesterday@example.com']);
    const none = await caller().admin.unsubscribe.list({ search: 'nobody', method: 'manual' });
    expect(none).toMatchObject({ rows: [], totalCount: 0, totalPages: 0 });
  });

  it('pages 20 at a time, from either end, with and without anchors', async () => {
    await sql`
      INSERT INTO unsubscribe_logs (email, action, method, created_at)
      SELECT 'bulk' || g || '@example.org', 'email_unsubscribe', 'manual', timestamptz '2026-01-01' + g * interval '1 hour'
      FROM generate_series(1, 50) g`.execute(t.db);
    const all = await t.db
      .selectFrom('unsubscribe_logs')
      .select('email')
      .where('action', 'in', ['email_unsubscribe', 'sms_unsubscribe'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const pages = await Promise.all([1, 2, 3].map((page) => caller().admin.unsubscribe.list({ page })));
    expect(pages.map((p) => p.totalPages)).toEqual([3, 3, 3]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.email))).toEqual(all.map((r) => r.email));
    const lastOfFirst = pages[0]?.rows.at(-1);
    if (!lastOfFirst) throw new Error('empty page');
    const anchored = await caller().admin.unsubscribe.list({
      page: 2,
      anchor: { id: lastOfFirst.id, direction: 'after' },
    });
    expect(anchored.rows).toEqual(pages[1]?.rows);
  });
});
