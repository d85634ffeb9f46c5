import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import type { Credentials } from '#shared/auth/schemas.ts';
import { INVITATION_MESSAGES } from '#shared/team/schemas.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { consumeRateLimit } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { createAccessRequest } from './access-requests.ts';
import { hasOpenInvitation } from './invitations.ts';
import {
  accountExistsEmail,
  AuthError,
  createUser,
  findUserByEmail,
  hashPassword,
  newPasswordProblem,
  SIGN_UP_IP_RULE,
  UserExistsError,
  verificationEmail,
} from '../auth/entry.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Open sign-up (docs/spec/admin.md §6): creates a user without any role, e-mails a verification
 * link and files an access request the Owner approves with a role or dismisses on the Team page
 * (decision 047). An address already on file gets a "you already have an account" e-mail instead,
 * and the caller sees exactly the same outcome, so sign-up cannot be used to learn who has an
 * account. An address with an open invitation is refused with a pointer to the invitation: an
 * account made here would stand in the invitation's way.
 */
export async function signUp(
  services: Pick<AppServices, 'db' | 'config' | 'jobs'>,
  credentials: Credentials,
  client: { ip: string | null },
  now = new Date(),
): Promise<void> {
  const { db, config } = services;
  const limit = await consumeRateLimit(db, `signup:ip:${client.ip ?? 'unknown'}`, SIGN_UP_IP_RULE, now);
  if (!limit.allowed)
    throw new AuthError('throttled', AUTH_MESSAGES.signUpThrottled, limit.retryAfterSeconds);
  if (await hasOpenInvitation(db, credentials.email))
    throw new AuthError('invited', INVITATION_MESSAGES.signUpInvited);
  const problem = await newPasswordProblem(credentials.password, credentials.email, config.site.name);
  if (problem) throw new AuthError('weak_password', problem);

  const created = await db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, credentials.email)) return null;
    try {
      const user = await createUser(trx, { email: credentials.email, password: credentials.password });
      await createAccessRequest(trx, user.id, now);
      await enqueueEmail(
        services,
        verificationEmail(config, { userId: user.id, email: user.email }, now),
        `email-verification:${user.id}`,
        { trx },
      );
      return user;
    } catch (error) {
      // Two sign-ups of one address at once: the loser is treated as "already on file".
      if (error instanceof UserExistsError) return null;
      throw error;
    }
  });
  if (created) return;

  const existing = await findUserByEmail(db, credentials.email);
  // Same argon2id work as creating an account, so the answer takes as long either way.
  await hashPassword(credentials.password);
  if (!existing) return;
  // One notice per account per day however often someone retries (the key dedupes the send).
  const day = Math.floor(now.getTime() / DAY_MS);
  await enqueueEmail(
    services,
    accountExistsEmail(
      config,
      { userId: existing.id, email: existing.email, verified: existing.email_verified_at !== null },
      now,
    ),
    `account-exists:${existing.id}:${day}`,
  );
}
