import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { useTestDatabase } from '#test/support/db.ts';
import {
  callerAt,
  type RecordedJob,
  type RecordingJobQueue,
  recordingJobQueue,
  testServices,
} from '#test/support/services.ts';
import { statementCounter } from '#test/support/statement-counter.ts';
import { createPasswordResetToken, runPasswordResetJob } from '../auth/password-reset.ts';
import type { AppServices } from '../services.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

// Decision 008: "Forgot password?" and "Change password".

function resetLinks(jobs: RecordedJob[]): string[] {
  return jobs
    .filter((job) => job.name === 'email.send')
    .map((job) => (job.payload as { message: { text?: string } }).message.text ?? '')
    .map((text) => /http:\/\/localhost:3999\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1])
    .filter((token): token is string => token !== undefined);
}

const PASSWORD = 'the old password 1';

/** What the worker does with the queued reset requests (each once). */
const ran = new WeakSet<RecordedJob>();
async function runResetRequests(services: AppServices, jobs: RecordingJobQueue): Promise<void> {
  for (const job of jobs.jobs.filter((j) => j.name === 'auth.password-reset' && !ran.has(j))) {
    ran.add(job);
    await runPasswordResetJob(services, job.payload as { email: string });
  }
}

describe('password reset and change', () => {
  const t = useTestDatabase();

  async function adminWithSessions(email: string, sessions: number) {
    const user = await createUser(t.db, { email, password: PASSWORD, verified: true });
    await grantAdmin(t.db, email);
    const ids: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const created = await createSession(t.db, generateSessionToken(), user.id, {
        ip: null,
        userAgent: null,
      });
      ids.push(created.id);
    }
    return { user, sessionIds: ids };
  }

  const sessionsOf = async (userId: string) =>
    (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((s) => s.id);

  it('answers the same for a known and an unknown address, and e-mails only the known one', async () => {
    await adminWithSessions('reset-known@example.com', 0);
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    const known = await callerAt(services, '198.51.100.10').auth.requestPasswordReset({
      email: 'Reset-Known@Example.com',
    });
    const unknown = await callerAt(services, '198.51.100.10').auth.requestPasswordReset({
      email: 'nobody-here@example.com',
    });
    expect(known).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(unknown).toEqual(known);
    await runResetRequests(services, jobs);
    expect(resetLinks(jobs.jobs)).toHaveLength(1);
    const [mail] = jobs.jobs
      .filter((job) => job.name === 'email.send')
      .map((job) => job.payload as { message: { to: string[]; subject: string } });
    expect(mail?.message.to).toEqual(['reset-known@example.com']);
  });

  it('resets once with a signed link, ends every session, and refuses the link afterwards', async () => {
    const { user } = await adminWithSessions('reset-once@example.com', 2);
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    await callerAt(services, '198.51.100.11').auth.requestPasswordReset({ email: user.email });
    await runResetRequests(services, jobs);
    const [token] = resetLinks(jobs.jobs);
    if (!token) throw new Error('no reset link');

    const caller = callerAt(services, '198.51.100.11');
    // The new password meets the same policy as a sign-up.
    await expect(caller.auth.resetPassword({ token, password: 'password1234' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: AUTH_MESSAGES.weakPassword,
    });
    expect(await caller.auth.resetPassword({ token, password: 'a brand new phrase' })).toEqual({
      message: AUTH_MESSAGES.passwordReset,
    });
    expect(await sessionsOf(user.id)).toEqual([]);
    await expect(caller.auth.signIn({ email: user.email, password: PASSWORD })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      caller.auth.signIn({ email: user.email, password: 'a brand new phrase' }),
    ).resolves.toMatchObject({
      role: 'owner',
    });
    // Single use: the password it was made for has changed.
    await expect(caller.auth.resetPassword({ token, password: 'yet another phrase' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: AUTH_MESSAGES.resetLinkInvalid,
    });
  });

  it('refuses a link older than an hour, a forged one and one signed with another secret', async () => {
    const { user } = await adminWithSessions('reset-expired@example.com', 0);
    const services = testServices(t.db);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const subject = { id: user.id, passwordHash: row.password_hash };
    const caller = callerAt(services, '198.51.100.12');
    const old = createPasswordResetToken(
      services.config.appSecret,
      subject,
      new Date(Date.now() - 61 * 60_000),
    );
    const foreign = createPasswordResetToken('another-secret-another-secret-xx', subject);
    const fresh = createPasswordResetToken(services.config.appSecret, subject);
    const forged = `${fresh.slice(0, -2)}${fresh.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [old, foreign, forged, 'not-a-token']) {
      await expect(
        caller.auth.resetPassword({ token, password: 'a brand new phrase' }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: AUTH_MESSAGES.resetLinkInvalid,
      });
    }
  });

  it('sends at most three links an hour per address, still answering the same', async () => {
    await adminWithSessions('reset-flood@example.com', 0);
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    for (let i = 0; i < 5; i++) {
      await expect(
        callerAt(services, `198.51.100.${20 + i}`).auth.requestPasswordReset({
          email: 'reset-flood@example.com',
        }),
      ).resolves.toEqual({ message: AUTH_MESSAGES.resetRequested });
    }
    await runResetRequests(services, jobs);
    expect(resetLinks(jobs.jobs)).toHaveLength(3);
  });

  it('does the same work for a request whatever the address: one throttle upsert, one queued job', async () => {
    await adminWithSessions('reset-same@example.com', 0);
    const work = async (email: string) => {
      const counter = statementCounter();
      const jobs = recordingJobQueue();
      const services = testServices(t.db.withPlugin(counter), { jobs });
      await callerAt(services, '198.51.100.40').auth.requestPasswordReset({ email });
      return { statements: counter.count, jobs: jobs.jobs.map((job) => job.name) };
    };
    const known = await work('reset-same@example.com');
    const unknown = await work('nobody-at-all@example.com');
    expect(known).toEqual({ statements: 1, jobs: ['auth.password-reset'] });
    expect(unknown).toEqual(known);
  });

  it('changes the password of a signed-in user with the current one, ending the other sessions', async () => {
    const { user, sessionIds } = await adminWithSessions('change@example.com', 3);
    const [current] = sessionIds;
    if (!current) throw new Error('no session');
    const me = { id: user.id, email: user.email, role: 'owner' as const };
    const caller = callerAt(testServices(t.db), '198.51.100.30', { user: me, sessionId: current });
    await expect(
      caller.auth.changePassword({ currentPassword: 'wrong password', newPassword: 'a brand new phrase' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.currentPasswordWrong });
    expect(await sessionsOf(user.id)).toHaveLength(3);
    expect(
      await caller.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'a brand new phrase' }),
    ).toEqual({ message: AUTH_MESSAGES.passwordChanged, sessionsEnded: 2 });
    expect(await sessionsOf(user.id)).toEqual([current]);
    await expect(
      callerAt(testServices(t.db), '198.51.100.31').auth.changePassword({
        currentPassword: 'x',
        newPassword: 'a brand new phrase',
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
