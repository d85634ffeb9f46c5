import { userInfo } from 'node:os';
import { ROLES, type Role, roleSchema } from '#shared/auth/permissions.ts';
import { emailSchema, signUpInputSchema } from '#shared/auth/schemas.ts';
import { buildSiteConfig } from '#shared/site/config.ts';
import { generatePassword } from '../auth/bootstrap-admin.ts';
import { newPasswordProblem } from '../auth/password-policy.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import { createUser, findUserByEmail, grantAdmin, listUsers, UnknownUserError } from '../auth/users.ts';
import { inActionTransaction } from '../audit/action-transaction.ts';
import { type AuditActor, type AuditEntry, recordAudit } from '../audit/audit.ts';
import { s3SettingsOf } from '../config/app-config.ts';
import { backupEnvSchema, baseEnvSchema, EnvError, parseEnv, resolveDataDir } from '../config/env.ts';
import { readAppSecret } from '../config/secrets.ts';
import { connectionStringOf, type Database, type DbTransaction } from '../db/database.ts';
import { createUploadStorage, type MoveCounts, moveStoredFiles } from '../uploads/entry.ts';
import {
  BackupFileExistsError,
  BackupFormatError,
  createBackup,
  restoreBackup,
  RestoreRefusedError,
} from '../backup/entry.ts';
import { type RekeyCounts, rekeyKeysFromEnv, rekeyRegister, RekeyRefusedError } from '../register/rekey.ts';
import { changeRole, LastOwnerError, removeMember } from '../team/team.ts';

export class UsageError extends Error {
  override name = 'UsageError';
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  create <email> [--password <pw>] [--role <role>]
                                     create a team member (password generated when omitted)
  grant <email> [--role <role>] [--force]
                                     give an existing user with a verified address a role, or change it
                                     (--force: grant it to an unverified address anyway)
  revoke <email>                     remove the user's role and end their sessions
  roles: ${ROLES.join(', ')} (default owner, for recovery)
  logout <email>                     end every session of the user (all devices), keeping their role
  list                               list users and their roles
  register-rekey [--batch-size <n>]  re-encrypt the dealer's register entries and identity copies
                                     still under the old key into the current one; the old key
                                     comes from the environment,
                                     OLD_REGISTER_KEY or OLD_APP_SECRET, never the command line
  files:move --to <postgres|s3> [--from <local|postgres|s3>]
                                     move the photos kept in one store (default: this host's
                                     DATA_DIR/uploads) into another; run it on every host that
                                     kept photos on its disk (decision 083)
  backup <file>                      write the database (job queue included), the files under
                                     DATA_DIR and the fingerprints of the secrets they need to <file>
  restore <file> [--replace]         restore a backup into an empty database (--replace: drop what
                                     the database holds first); refused under other secrets`;

const MOVABLE_STORES = ['local', 'postgres', 's3'] as const;
type MovableStore = (typeof MOVABLE_STORES)[number];

function storeFlag(rest: string[], flag: string, fallback?: MovableStore): MovableStore {
  const at = rest.indexOf(flag);
  const value = at >= 0 ? rest[at + 1] : fallback;
  const store = MOVABLE_STORES.find((name) => name === value);
  if (!store) throw new UsageError(`${flag} needs one of: ${MOVABLE_STORES.join(', ')}`);
  return store;
}

/** Commands that must not migrate first: restore installs the schema the backup's rows fit. */
export const UNMIGRATED_COMMANDS: ReadonlySet<string> = new Set(['backup', 'restore']);

/** The backup file argument and the environment's secrets and data folder, or a UsageError. */
async function backupContext(rest: string[], allowed: string[], env: Record<string, string | undefined>) {
  const file = rest[0];
  if (!file || file.startsWith('--')) throw new UsageError('A backup file name is required.');
  const unknown = rest.slice(1).filter((arg) => !allowed.includes(arg));
  if (unknown.length > 0) throw new UsageError(`Unknown option ${unknown[0]}.\n${ADMIN_USAGE}`);
  const parsed = backupEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  const dataDir = resolveDataDir(parsed.data);
  const appSecret = await readAppSecret(parsed.data.APP_SECRET, dataDir);
  return {
    file,
    dataDir,
    secrets: appSecret ? { appSecret, registerKey: parsed.data.REGISTER_KEY } : null,
  };
}

/** Runs a role change, turning the last-Owner refusal into a message saying what to do instead. */
async function lastOwnerKept<T>(address: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof LastOwnerError)
      throw new UsageError(
        `${address} is the last Owner: grant Owner to another admin first ("grant <email> --role owner").`,
      );
    throw error;
  }
}

/**
 * Who the audit log names for a CLI command (decision 043): no member signed in, so the shell's
 * user, as "cli (name)"; the member filter finds CLI changes by "cli".
 */
export function cliActor(): AuditActor {
  let name = process.env['USER'] ?? 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // No passwd entry for this uid (some containers): the environment's name is all there is.
  }
  return { id: null, email: `cli (${name})`, ip: null };
}

/**
 * Runs a CLI change and its audit row in one transaction (decision 030): the functions the change
 * calls are handed that transaction and join it, as for the Team page's actions.
 */
function audited<T>(
  db: Database,
  actor: AuditActor,
  change: (trx: DbTransaction) => Promise<{ value: T; entry: AuditEntry }>,
): Promise<T> {
  return inActionTransaction(db, async (trx) => {
    const { value, entry } = await change(trx);
    await recordAudit(trx, actor, entry);
    return value;
  });
}

/** The admin CLI as a function of (db, argv) so tests can run it against a test database. */
export async function runAdminCommand(
  db: Database,
  argv: string[],
  out: (line: string) => void,
  promptPassword?: () => Promise<string>,
  actor: AuditActor = cliActor(),
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const [command, ...rest] = argv;
  const email = () => {
    const parsed = emailSchema.safeParse(rest[0] ?? '');
    if (!parsed.success)
      throw new UsageError(parsed.error.issues[0]?.message ?? 'An e-mail address is required');
    return parsed.data;
  };
  // The CLI is the way back in when no Owner can sign in, so it grants Owner unless told otherwise.
  const role = (): Role => {
    const flag = rest.indexOf('--role');
    if (flag < 0) return 'owner';
    const parsed = roleSchema.safeParse(rest[flag + 1]);
    if (!parsed.success) throw new UsageError(`--role needs one of: ${ROLES.join(', ')}`);
    return parsed.data;
  };
  switch (command) {
    case 'create': {
      const address = email();
      const flag = rest.indexOf('--password');
      let password = flag >= 0 ? rest[flag + 1] : undefined;
      let generated = false;
      if (flag >= 0 && !password) throw new UsageError('--password needs a value');
      if (!password && promptPassword) password = await promptPassword();
      if (!password) {
        password = generatePassword();
        generated = true;
      }
      const credentials = signUpInputSchema.safeParse({ email: address, password });
      if (!credentials.success) throw new UsageError(credentials.error.issues[0]?.message ?? 'Invalid input');
      const problem = generated
        ? null
        : await newPasswordProblem(
            password,
            address,
            buildSiteConfig({ SITE_NAME: process.env.SITE_NAME }).name,
          );
      if (problem) throw new UsageError(problem);
      const granted = role();
      await audited(db, actor, async (trx) => {
        const user = await createUser(trx, { email: address, password, verified: true });
        await grantAdmin(trx, address, granted);
        return {
          value: user,
          entry: {
            action: 'cli.create',
            entityType: 'user',
            entityId: user.id,
            summary: { email: user.email, role: granted, passwordGenerated: generated },
          },
        };
      });
      out(`Created admin ${address} (${granted}).`);
      if (generated) out(`Password (shown once): ${password}`);
      return;
    }
    case 'grant': {
      const address = email();
      const granted = role();
      const user = await findUserByEmail(db, address);
      if (!user) throw new UnknownUserError(address);
      const force = rest.includes('--force');
      // An unverified address may belong to anyone who typed it at sign-up: admin access would go
      // to whoever holds the password, not to the mailbox's owner.
      if (!user.email_verified_at && !force)
        throw new UsageError(
          `${address} has not verified its e-mail address, so admin access is not granted: ask them to open the link in the verification e-mail first, or run "grant ${address} --force" if you are sure the account is theirs.`,
        );
      // A member's new role goes through the Team page's rule: the last Owner is never demoted.
      await lastOwnerKept(address, () =>
        audited(db, actor, async (trx) => {
          const current = await trx
            .selectFrom('user_roles')
            .select('role')
            .where('user_id', '=', user.id)
            .executeTakeFirst();
          if (current) await changeRole(trx, user.id, granted);
          else await grantAdmin(trx, address, granted);
          return {
            value: null,
            entry: {
              action: 'cli.grant',
              entityType: 'user',
              entityId: user.id,
              summary: {
                email: user.email,
                changes: { role: { before: current?.role ?? null, after: granted } },
                ...(force ? { force: true } : {}),
              },
            },
          };
        }),
      );
      out(`${address} is now an admin (${granted}).`);
      if (!user.email_verified_at)
        out(
          'Note: granted with --force to an unverified address; it cannot sign in until the address is verified.',
        );
      return;
    }
    case 'revoke': {
      const address = email();
      const user = await findUserByEmail(db, address);
      if (!user) throw new UnknownUserError(address);
      const sessionsEnded = await lastOwnerKept(address, () =>
        audited(db, actor, async (trx) => {
          const member = await trx
            .selectFrom('user_roles')
            .select('role')
            .where('user_id', '=', user.id)
            .executeTakeFirst();
          const ended = member
            ? (await removeMember(trx, user.id)).sessionsEnded
            : await invalidateUserSessions(trx, user.id);
          return {
            value: ended,
            entry: {
              action: 'cli.revoke',
              entityType: 'user',
              entityId: user.id,
              summary: {
                email: user.email,
                changes: { role: { before: member?.role ?? null, after: null } },
                sessionsEnded: ended,
              },
            },
          };
        }),
      );
      out(`${address} is no longer an admin; ${sessionsEnded} session(s) ended.`);
      return;
    }
    case 'logout': {
      const address = email();
      const user = await findUserByEmail(db, address);
      if (!user) throw new UnknownUserError(address);
      const ended = await audited(db, actor, async (trx) => {
        const count = await invalidateUserSessions(trx, user.id);
        return {
          value: count,
          entry: {
            action: 'cli.logout',
            entityType: 'user',
            entityId: user.id,
            summary: { email: user.email, sessionsEnded: count },
          },
        };
      });
      out(`${ended} session(s) of ${address} ended.`);
      return;
    }
    case 'list': {
      const users = await listUsers(db);
      if (users.length === 0) out('No users.');
      for (const u of users) {
        out(
          `${u.email}\t${u.role ?? 'user'}\t${u.emailVerified ? 'verified' : 'unverified'}\t${u.createdAt.toISOString()}`,
        );
      }
      return;
    }
    case 'files:move': {
      const to = storeFlag(rest, '--to');
      const from = storeFlag(rest, '--from', 'local');
      if (from === to) throw new UsageError('--from and --to name the same store');
      let vars;
      try {
        vars = parseEnv(baseEnvSchema, env);
      } catch (error) {
        if (error instanceof EnvError) throw new UsageError(error.message);
        throw error;
      }
      const s3 = s3SettingsOf(vars);
      if ((to === 's3' || from === 's3') && !s3)
        throw new UsageError(
          'The s3 store needs S3_BUCKET (and the other S3_ variables) in the environment.',
        );
      const storage = createUploadStorage(
        { dataDir: resolveDataDir(vars), uploadthingToken: null, fileStore: to, s3 },
        db,
      );
      const counts: MoveCounts = await moveStoredFiles(db, storage, from, to);
      await audited(db, actor, () =>
        Promise.resolve({
          value: null,
          entry: {
            action: 'cli.filesMove',
            entityType: 'uploads',
            entityId: null,
            summary: { from, to, ...counts },
          },
        }),
      );
      out(`Moved ${counts.moved} photo(s) from ${from} to ${to}.`);
      if (counts.missing > 0)
        out(
          `Not in the ${from} store here: ${counts.missing}; run the command on the host that kept them (another DATA_DIR).`,
        );
      return;
    }
    case 'register-rekey': {
      // The old key is never an argument (decision 058): it would stay in shell history and ps.
      const flag = rest.indexOf('--batch-size');
      const batchSize = flag >= 0 ? Number(rest[flag + 1]) : undefined;
      const unknown = rest.filter((arg, i) => !(flag >= 0 && (i === flag || i === flag + 1)));
      if (unknown.length > 0)
        throw new UsageError(
          'register-rekey takes no key on the command line: set OLD_REGISTER_KEY or OLD_APP_SECRET in the environment.',
        );
      if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 10_000))
        throw new UsageError('--batch-size needs a whole number from 1 to 10000');
      let counts: RekeyCounts;
      try {
        const keys = await rekeyKeysFromEnv(env);
        counts = await rekeyRegister(db, keys, batchSize === undefined ? {} : { batchSize });
        await audited(db, actor, () =>
          Promise.resolve({
            value: null,
            entry: {
              action: 'cli.registerRekey',
              entityType: 'register',
              entityId: null,
              summary: { oldKeyId: keys.oldKey.id, currentKeyId: keys.currentKey.id, ...counts },
            },
          }),
        );
      } catch (error) {
        if (error instanceof RekeyRefusedError) throw new UsageError(error.message);
        throw error;
      }
      out(`Re-encrypted ${counts.reencrypted} register entries in ${counts.batches} batch(es).`);
      out(`Already under the current key (skipped): ${counts.alreadyCurrent}.`);
      out(
        `Identity copies: re-encrypted ${counts.copiesReencrypted}, sealed from clear ${counts.copiesSealed}, already under the current key ${counts.copiesAlreadyCurrent}.`,
      );
      if (counts.otherKeys + counts.copiesOtherKeys > 0)
        out(
          `Still under another key (neither old nor current): ${counts.otherKeys + counts.copiesOtherKeys}; run again with that key as OLD_REGISTER_KEY or OLD_APP_SECRET.`,
        );
      return;
    }
    case 'backup': {
      const { file, dataDir, secrets } = await backupContext(rest, [], env);
      // Backing up under a secret nobody has would make a file no restore accepts.
      if (!secrets)
        throw new UsageError(
          "APP_SECRET is not set and DATA_DIR holds no app-secret: run backup with the server's environment.",
        );
      const counts = await createBackup(db, { file, dataDir, secrets }).catch((error: unknown) => {
        if (error instanceof BackupFileExistsError) throw new UsageError(error.message);
        throw error;
      });
      await audited(db, actor, () =>
        Promise.resolve({
          value: null,
          entry: {
            action: 'cli.backup',
            entityType: 'database',
            entityId: null,
            summary: { file, ...counts },
          },
        }),
      );
      out(
        `Backed up ${counts.rows} rows of ${counts.tables} tables and ${counts.files} files (${counts.fileBytes} bytes) to ${file}.`,
      );
      out('Keep APP_SECRET and REGISTER_KEY with it, apart from it: a restore needs the same ones.');
      return;
    }
    case 'restore': {
      const { file, dataDir, secrets } = await backupContext(rest, ['--replace'], env);
      let counts;
      try {
        counts = await restoreBackup(db, {
          file,
          dataDir,
          secrets,
          connectionString: connectionStringOf(db),
          replace: rest.includes('--replace'),
        });
      } catch (error) {
        if (error instanceof RestoreRefusedError || error instanceof BackupFormatError)
          throw new UsageError(error.message);
        throw error;
      }
      await audited(db, actor, () =>
        Promise.resolve({
          value: null,
          entry: {
            action: 'cli.restore',
            entityType: 'database',
            entityId: null,
            summary: { file, ...counts },
          },
        }),
      );
      out(`Restored ${counts.rows} rows of ${counts.tables} tables and ${counts.files} files from ${file}.`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".\n${ADMIN_USAGE}` : ADMIN_USAGE);
  }
}
