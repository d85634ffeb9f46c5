import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerAt, codeOf, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

async function auditRows(db: ReturnType<typeof useTestDatabase>['db']): Promise<number> {
  const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(db);
  return row.rows[0]?.n ?? 0;
}

/** Runs `n` calls one after the other; answers how many ended with each tRPC code. */
async function tally(n: number, call: (i: number) => Promise<unknown>): Promise<Record<string, number>> {
  const codes: Record<string, number> = {};
  for (let i = 0; i < n; i += 1) {
    const code = await codeOf(call(i));
    codes[code] = (codes[code] ?? 0) + 1;
  }
  return codes;
}

describe('refusals of a throttled caller grow the audit log by one row per window (decision 028)', () => {
  const t = useTestDatabase();

  /** The aggregate rows an action left: one per caller and window (decision 028). */
  const aggregates = (action: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'ip', 'refusals', 'created_at', 'last_at', 'summary'])
      .where('action', '=', action)
      .where('refusal_key', 'is not', null)
      .execute();

  // Measured on main before this change: 1,000 rows for each 1,000 failures below.
  it('1,000 anonymous failed 2FA codes add 10 rows and one counted row', async () => {
    const before = await auditRows(t.db);
    const visitor = callerAt(testServices(t.db), '203.0.113.140');
    const codes = await tally(1000, (i) =>
      visitor.auth.verifyTwoFactor({ pendingToken: `forged-token-${i}`, code: '123456' }),
    );
    // 10 allowed per 15-minute window: twice that when the run straddles a window's end.
    expect(codes.BAD_REQUEST).toBeLessThanOrEqual(20);
    expect((await auditRows(t.db)) - before).toBeLessThanOrEqual(24);
    const [row, ...more] = await aggregates('auth.twoFactorFailed');
    expect(more.length).toBeLessThanOrEqual(1);
    expect(row).toMatchObject({ actor_id: null, ip: '203.0.113.140', summary: { reason: 'throttled' } });
    expect(row?.refusals).toBeGreaterThan(0);
    expect(row!.last_at!.getTime()).toBeGreaterThanOrEqual(row!.created_at.getTime());
  });

  it('1,000 failed sign-ins on one address add 5 rows and one counted row', async () => {
    const before = await auditRows(t.db);
    const visitor = callerAt(testServices(t.db), '203.0.113.141');
    const codes = await tally(1000, () =>
      visitor.auth.signIn({ email: 'somebody@example.com', password: 'not the password' }),
    );
    // 5 guesses per 15-minute window (twice that when the run straddles a window's end).
    expect(codes.UNAUTHORIZED).toBeLessThanOrEqual(10);
    expect((await auditRows(t.db)) - before).toBeLessThanOrEqual(14);
    const counted = await aggregates('auth.signInFailed');
    expect(counted.reduce((sum, r) => sum + (r.refusals ?? 0), 0)).toBe(codes.TOO_MANY_REQUESTS);
  });

  it('1,000 sign-ins sprayed over addresses from one network: its 50 guesses and one counted row', async () => {
    const before = await auditRows(t.db);
    const visitor = callerAt(testServices(t.db), '203.0.113.142');
    const codes = await tally(1000, (i) =>
      visitor.auth.signIn({ email: `sprayed-${i}@example.com`, password: 'not the password' }),
    );
    expect(codes.UNAUTHORIZED).toBeLessThanOrEqual(100);
    expect((await auditRows(t.db)) - before).toBeLessThanOrEqual((codes.UNAUTHORIZED ?? 0) + 2);
  });

  /** A signed-in Viewer's caller, from its own address. */
  async function signedInViewer(email: string, ip: string) {
    const created = await createUser(t.db, { email, password: `${email} password`, verified: true });
    await grantAdmin(t.db, created.email, 'viewer');
    const user: SessionUser = { id: created.id, email: created.email, role: 'viewer' };
    return { user, caller: callerAt(testServices(t.db), ip, { user, sessionId: email }) };
  }

  /**
   * The rows `action` left for `tally`'s answers: one per refused guess, the throttled refusals
   * counted into rows of their own, all under the member, none holding the guess.
   */
  async function expectOneRowPerGuess(action: string, codes: Record<string, number>, userId: string) {
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'refusals', 'summary'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
    expect(rows.filter((r) => r.refusals === null)).toHaveLength(codes.UNAUTHORIZED ?? 0);
    expect(rows.every((r) => r.actor_id === userId)).toBe(true);
    expect(rows.filter((r) => r.refusals !== null).reduce((sum, r) => sum + (r.refusals ?? 0), 0)).toBe(
      codes.TOO_MANY_REQUESTS,
    );
    expect(JSON.stringify(rows)).not.toContain('a wrong guess');
    return rows;
  }

  it('throttles and audits wrong current passwords at "Change password"', async () => {
    const { user, caller } = await signedInViewer('changer@example.com', '203.0.113.143');
    // Measured on main before this change: 12 of 12 answered UNAUTHORIZED and wrote no row.
    const codes = await tally(12, () =>
      caller.auth.changePassword({
        currentPassword: 'a wrong guess',
        newPassword: 'Brass-Kettle-Horizon-42',
      }),
    );
    expect(codes.TOO_MANY_REQUESTS).toBeGreaterThanOrEqual(2);
    await expectOneRowPerGuess('auth.changePasswordFailed', codes, user.id);
  });

  it('audits wrong proofs at "confirm it is you" before a 2FA change, counted once throttled', async () => {
    const { user, caller } = await signedInViewer('reauth@example.com', '203.0.113.145');
    // Before: every wrong proof was refused (then throttled) and none left a row.
    const codes = await tally(12, (i) =>
      i % 2
        ? caller.auth.regenerateRecoveryCodes({ password: 'a wrong guess' })
        : caller.auth.disableTwoFactor({ code: '000000' }),
    );
    expect(codes.UNAUTHORIZED).toBeGreaterThanOrEqual(1);
    expect(codes.TOO_MANY_REQUESTS).toBeGreaterThanOrEqual(2);
    const rows = await expectOneRowPerGuess('auth.reauthenticationFailed', codes, user.id);
    expect(rows[0]?.summary).toMatchObject({
      purpose: 'turnOff',
      proof: 'code',
      reason: 'invalid_credentials',
    });
  });

  it('lets a counted row be raised only while its window is open, and nothing else change', async () => {
    await codeOf(
      callerAt(testServices(t.db), '203.0.113.144').auth.verifyTwoFactor({
        pendingToken: 'made-up',
        code: '000000',
      }),
    );
    const refused = (query: Promise<unknown>) =>
      query.then(
        () => 'updated',
        (error: unknown) => String(error),
      );
    await sql`
      INSERT INTO audit_log (action, refusal_key, window_start, window_end, refusals, last_at)
      VALUES ('test.closed', 'x|-', now() - interval '1 hour', now() - interval '45 minutes', 3,
        now() - interval '50 minutes'),
        ('test.open', 'y|-', now() - interval '1 minute', now() + interval '14 minutes', 3, now())`.execute(
      t.db,
    );
    expect(
      await refused(
        sql`UPDATE audit_log SET refusals = refusals + 1, last_at = now() WHERE action = 'test.open'`.execute(
          t.db,
        ),
      ),
    ).toBe('updated');
    expect(
      await refused(
        sql`UPDATE audit_log SET refusals = refusals + 1, last_at = now() WHERE action = 'test.closed'`.execute(
          t.db,
        ),
      ),
    ).toContain('append-only');
    expect(
      await refused(sql`UPDATE audit_log SET summary = '{}' WHERE action = 'test.open'`.execute(t.db)),
    ).toContain('append-only');
    expect(
      await refused(sql`UPDATE audit_log SET refusals = 1 WHERE action = 'test.open'`.execute(t.db)),
    ).toContain('append-only');
    expect(
      await refused(
        sql`UPDATE audit_log SET refusals = 1 WHERE action = 'auth.twoFactorFailed' AND refusal_key IS NULL`.execute(
          t.db,
        ),
      ),
    ).toContain('append-only');
    expect(await refused(sql`DELETE FROM audit_log WHERE action = 'test.open'`.execute(t.db))).toContain(
      'append-only',
    );
  });
});
