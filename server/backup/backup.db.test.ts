import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from '#test/support/db.ts';
import { runAdminCommand, UsageError } from '../cli/admin-commands.ts';
import { createUser } from '../auth/users.ts';
import type { Database } from '../db/database.ts';
import { enquiryForSellerToken, issueSellerLink } from '../seller-link/entry.ts';
import { createBoss } from '../jobs/queue.ts';
import { openBytes, registerKeyFrom } from '../register/crypto.ts';
import { sealedCopyOf, storeIdentityCopy } from '../register/identity-copies.ts';
import { signToken, verifyToken } from '../unsubscribe/signed-token.ts';
import { createLocalStorage } from '../uploads/storage.ts';
import { createBackup } from './backup.ts';
import { restoreBackup, RestoreRefusedError } from './restore.ts';

const APP_SECRET = 'backup-test-secret-0123456789abcdefghijklmnop';
const OTHER_SECRET = 'another-installation-secret-0123456789abcdefg';
const REGISTER_KEY = 'a'.repeat(64);
const secrets = { appSecret: APP_SECRET, registerKey: REGISTER_KEY };
const PHOTO_KEY = '0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const ID_COPY = Buffer.from('%PDF-1.7 a driver licence, front and back');

/** Rows of every table of the two schemas a backup covers, by "schema.table". */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await sql<{ schema: string; name: string }>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('kysely_migration', 'kysely_migration_lock', 'version')`.execute(db);
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables.rows) {
    const result = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(`${schema}.${name}`)}`.execute(db);
    counts[`${schema}.${name}`] = result.rows[0]?.n ?? -1;
  }
  return counts;
}

async function sequenceValues(db: Database): Promise<Record<string, string | null>> {
  const result = await sql<{ name: string; value: string | null }>`
    SELECT schemaname || '.' || sequencename AS name, last_value::text AS value FROM pg_sequences
     WHERE schemaname IN ('public', 'pgboss')`.execute(db);
  return Object.fromEntries(result.rows.map((r) => [r.name, r.value]));
}

describe('backup and restore (decision 085)', () => {
  let work: string;
  let source: TestDatabase | null = null;
  const targets: TestDatabase[] = [];
  let file: string;
  let countsBefore: Record<string, number>;
  let sequencesBefore: Record<string, string | null>;
  let sellerToken: string;
  let enquiryId: string;
  let copyId: string;
  const unsubscribeToken = signToken(APP_SECRET, { contactId: '6c7a1f3e-0d5c-4d38-9d0b-1f2e3d4c5b6a' });

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'wp-backup-'));
    source = await createTestDatabase();
    const db = source.db;
    const member = await createUser(db, {
      email: 'owner@example.com',
      password: 'x-password-1',
      verified: true,
    });
    const lead = await db
      .insertInto('leads')
      .values({ email: 'olivia@example.com', full_name: 'Olivia Nguyen', phone: '0400 000 123' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: 'Olivia Nguyen',
        watch_brand: 'Rolex',
        watch_model: 'Daytona',
        watch_condition: 'Excellent',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    enquiryId = enquiry.id;
    const link = await issueSellerLink(
      db,
      { appUrl: 'https://example.com', appSecret: APP_SECRET },
      enquiryId,
    );
    sellerToken = link.url.split('/').at(-1) ?? '';
    copyId = await storeIdentityCopy(
      db,
      registerKeyFrom(secrets),
      {
        filename: 'licence.pdf',
        contentType: 'application/pdf',
        bytes: ID_COPY.length,
        uploadedBy: member.id,
      },
      ID_COPY,
    );
    // A queued send and a cron schedule in pg-boss's own schema.
    const boss = createBoss({ connectionString: source.url, max: 1, role: 'server' });
    await boss.start();
    await boss.send('email.send', { queued: 'before the backup' });
    await boss.schedule('email.send', '0 3 * * *', { scheduled: true });
    await boss.stop({ graceful: false });
    await createLocalStorage(path.join(work, 'data', 'uploads')).put(
      PHOTO_KEY,
      Buffer.from('jpeg bytes'),
      'image/jpeg',
    );
    await writeFile(path.join(work, 'data', 'app-secret'), 'never copied into a backup\n');

    countsBefore = await rowCounts(db);
    sequencesBefore = await sequenceValues(db);
    expect(Object.values(sequencesBefore).some((v) => v !== null)).toBe(true);
    file = path.join(work, 'site.backup');
    await createBackup(db, { file, dataDir: path.join(work, 'data'), secrets });
    // The source is gone: everything below comes from the file.
    await source.drop();
    source = null;
  });

  afterAll(async () => {
    await source?.drop();
    for (const target of targets) await target.drop();
    await rm(work, { recursive: true, force: true });
  });

  async function emptyTarget(): Promise<TestDatabase> {
    const target = await createEmptyTestDatabase();
    targets.push(target);
    return target;
  }

  it('writes a file only its owner can read, without the secrets', async () => {
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const bytes = await readFile(file);
    expect(bytes.includes(Buffer.from(APP_SECRET))).toBe(false);
  });

  it('restores every row, the job queue, a signed link, a sealed identity copy and a photo', async () => {
    const target = await emptyTarget();
    const dataDir = path.join(work, 'restored');
    const counts = await restoreBackup(target.db, { file, dataDir, secrets, connectionString: target.url });
    expect(counts.files).toBe(1);

    const after = await rowCounts(target.db);
    expect(after).toEqual(countsBefore);
    expect(after['public.enquiries']).toBe(1);
    expect(after['pgboss.schedule']).toBe(1);

    const queued = await sql<{ data: unknown }>`
      SELECT data FROM pgboss.job WHERE name = 'email.send' AND state = 'created'`.execute(target.db);
    expect(queued.rows.map((r) => r.data)).toContainEqual({ queued: 'before the backup' });

    expect(await enquiryForSellerToken(target.db, APP_SECRET, sellerToken)).toBe(enquiryId);
    expect(verifyToken(APP_SECRET, unsubscribeToken)).not.toBeNull();

    const copy = await target.db
      .selectFrom('identity_copies')
      .select(['id', 'data', 'data_iv', 'data_tag', 'data_key_id'])
      .where('id', '=', copyId)
      .executeTakeFirstOrThrow();
    const sealed = sealedCopyOf(copy);
    expect(sealed).not.toBeNull();
    expect(openBytes(registerKeyFrom(secrets), sealed!, copy.id).equals(ID_COPY)).toBe(true);

    expect(await readFile(path.join(dataDir, 'uploads', PHOTO_KEY), 'utf8')).toBe('jpeg bytes');
    await expect(stat(path.join(dataDir, 'app-secret'))).rejects.toMatchObject({ code: 'ENOENT' });

    // The sequences carry on where they were, so a new row never takes a restored row's id.
    expect(await sequenceValues(target.db)).toEqual(sequencesBefore);
  });

  it('refuses another APP_SECRET or register key, saying what would break, and changes nothing', async () => {
    const target = await emptyTarget();
    const restore = (s: { appSecret: string; registerKey?: string }) =>
      restoreBackup(target.db, {
        file,
        dataDir: path.join(work, 'refused'),
        secrets: s,
        connectionString: target.url,
      });
    const wrongSecret = await restore({ appSecret: OTHER_SECRET, registerKey: REGISTER_KEY }).catch(
      (e: unknown) => e,
    );
    expect(wrongSecret).toBeInstanceOf(RestoreRefusedError);
    expect((wrongSecret as Error).message).toMatch(
      /another APP_SECRET.*unsubscribe, consent and seller link/,
    );
    const wrongKey = await restore({ appSecret: APP_SECRET, registerKey: 'b'.repeat(64) }).catch(
      (e: unknown) => e,
    );
    expect((wrongKey as Error).message).toMatch(/identity number and identity copy .* unreadable/);
    expect((wrongKey as Error).message).toMatch(/Set REGISTER_KEY/);
    const tables = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema IN ('public', 'pgboss')`.execute(
      target.db,
    );
    expect(tables.rows[0]?.n).toBe(0);
  });

  it('refuses a database with tables unless told --replace, through the admin CLI', async () => {
    const target = await emptyTarget();
    const env = { APP_SECRET, REGISTER_KEY, DATA_DIR: path.join(work, 'cli') };
    const lines: string[] = [];
    await runAdminCommand(target.db, ['restore', file], (l) => lines.push(l), undefined, undefined, env);
    expect(lines.join('\n')).toMatch(/^Restored \d+ rows of \d+ tables and 1 files from /);
    const again = await runAdminCommand(
      target.db,
      ['restore', file],
      () => undefined,
      undefined,
      undefined,
      env,
    ).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(UsageError);
    expect((again as Error).message).toMatch(/already holds tables.*--replace/);
    await runAdminCommand(
      target.db,
      ['restore', file, '--replace'],
      () => undefined,
      undefined,
      undefined,
      env,
    );
    const after = await rowCounts(target.db);
    // The restore's own audit row is the one row more than the backup held.
    expect(after['public.audit_log']).toBe((countsBefore['public.audit_log'] ?? 0) + 1);
    expect({ ...after, 'public.audit_log': 0 }).toEqual({ ...countsBefore, 'public.audit_log': 0 });
  });

  it('refuses a truncated backup and restores no row of it', async () => {
    const target = await emptyTarget();
    const cut = path.join(work, 'cut.backup');
    const whole = await readFile(file);
    // The tail cut off: the manifest and the first tables read, the last frames missing.
    await writeFile(cut, whole.subarray(0, whole.length - 40));
    const error: unknown = await restoreBackup(target.db, {
      file: cut,
      dataDir: path.join(work, 'cut'),
      secrets,
      connectionString: target.url,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/damaged or truncated.*No rows were restored.*--replace/s);
    const leads = await target.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(leads?.n).toBe(0);
  });

  it('refuses a file that is not a backup', async () => {
    const target = await emptyTarget();
    const junk = path.join(work, `junk-${randomBytes(3).toString('hex')}`);
    await writeFile(junk, 'not a backup');
    await expect(
      restoreBackup(target.db, { file: junk, dataDir: work, secrets, connectionString: target.url }),
    ).rejects.toThrow(/not a backup/);
  });
});
