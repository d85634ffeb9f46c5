import { randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_COPY_UPLOAD_PATH, identityCopyPath, REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { columnsHolding } from '#test/support/personal-data-scan.ts';
import { clearRegisterEntries, purchaseRecord } from '#test/support/register.ts';
import { callerFor, silentLogger, TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { runAdminCommand } from '../cli/admin-commands.ts';
import { baseEnvSchema } from '../config/env.ts';
import { createRuntime } from '../runtime.ts';
import { openBytes, registerKeyFrom } from './crypto.ts';
import { sealClearIdentityCopies } from './identity-copies.ts';

// Decision 069: an identity copy is sealed under the register key like the identity number
// (decision 058). The scan reads every bytea, text, JSON and array column of every table for a
// marker written into the uploaded image; the Owner's download opens it; another key is refused;
// copies kept in clear before are sealed once; register-rekey moves the copies to a new key.

/** A PNG whose tEXt chunk (a comment, as an editor writes one) carries `marker`. */
function pngWithComment(marker: string): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`Comment\0${marker}`, 'latin1')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('hex');
const WRONG = randomBytes(32).toString('hex');

describe('identity copies sealed under the register key', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let ownerCookie: string;
  let server: AppServer;
  let otherKeyServer: AppServer;
  const services = () => testServices(t.db, { config: { registerKey: KEY_A } });

  async function member(email: string): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
    await grantAdmin(t.db, email, 'owner');
    return { id: user.id, email: user.email, role: 'owner' };
  }

  beforeAll(async () => {
    owner = await member('sealing-owner@example.com');
    const token = generateSessionToken();
    await createSession(t.db, token, owner.id, { ip: null, userAgent: null });
    ownerCookie = `session=${token}`;
    server = await createServer({ services: services(), clientDir: null, logLevel: 'silent' });
    otherKeyServer = await createServer({
      services: testServices(t.db, { config: { registerKey: KEY_B } }),
      clientDir: null,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await server.stop();
    await otherKeyServer.stop();
  });

  const upload = (body: Buffer) =>
    server.app.inject({
      method: 'POST',
      url: `${IDENTITY_COPY_UPLOAD_PATH}?name=licence.png`,
      headers: {
        cookie: ownerCookie,
        'content-type': 'image/png',
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
      },
      payload: body,
    });
  const download = (purchaseId: string, on = server) =>
    on.app.inject({ method: 'GET', url: identityCopyPath(purchaseId), headers: { cookie: ownerCookie } });

  /** A purchase recorded with the copy, as the purchase form does; answers the register entry's id. */
  async function purchaseWith(copyId: string): Promise<string> {
    const lead = await t.db
      .insertInto('leads')
      .values({ email: `seller.${randomUUID()}@example.com`, full_name: 'Olivia Nguyen' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({ lead_id: lead.id, watch_brand: 'Rolex', watch_condition: 'Excellent', status: 'accepted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await callerFor(services(), owner).admin.enquiries.setStatus({
      id: enquiry.id,
      to: 'purchased',
      purchase: purchaseRecord(owner.id, { idCheckMethod: 'uploaded', idUploadId: copyId }),
    });
    const entry = await t.db
      .selectFrom('purchase_records')
      .select('id')
      .where('id_upload_id', '=', copyId)
      .executeTakeFirstOrThrow();
    return entry.id;
  }

  const copyRow = (id: string) =>
    t.db
      .selectFrom('identity_copies')
      .select(['id', 'data', 'data_iv', 'data_tag', 'data_key_id', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('stores no byte of the upload in clear anywhere; the Owner downloads the original', async () => {
    const marker = `MARKER-${randomUUID()}`;
    const png = pngWithComment(marker);
    const uploaded = await upload(png);
    expect(uploaded.statusCode).toBe(201);
    const { id: copyId } = uploaded.json<{ id: string }>();
    const purchaseId = await purchaseWith(copyId);

    const scan = await columnsHolding(t.db, [marker], { bytes: true });
    expect(scan.columns).toBeGreaterThan(50);
    expect(scan.found).toEqual([]);
    const row = await copyRow(copyId);
    expect(row.data_key_id).toBe(registerKeyFrom({ appSecret: '', registerKey: KEY_A }).id);
    expect(row.data.includes(png.subarray(8))).toBe(false);
    expect(row.bytes).toBe(png.length);

    const seen = await download(purchaseId);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(png)).toBe(true);
    expect(seen.headers['content-type']).toBe('image/png');

    // Under another key the copy is refused, said so, audited nowhere, and no byte leaves.
    const audits = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('action', '=', 'downloads.identityCopy')
          .executeTakeFirstOrThrow()
      ).n;
    const before = await audits();
    const refused = await download(purchaseId, otherKeyServer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: REGISTER_MESSAGES.idCopyUndecryptable });
    expect(await audits()).toBe(before);
  });

  it('seals a copy kept in clear before, once; the download still gives the original', async () => {
    const marker = `LEGACY-${randomUUID()}`;
    const png = pngWithComment(marker);
    const legacy = await t.db
      .insertInto('identity_copies')
      .values({ filename: 'old.png', content_type: 'image/png', bytes: png.length, data: png })
      .returning('id')
      .executeTakeFirstOrThrow();
    const purchaseId = await purchaseWith(legacy.id);
    expect((await columnsHolding(t.db, [marker], { bytes: true })).found).toEqual([
      `public.identity_copies.data: ${marker} (1 row(s))`,
    ]);
    // Served as stored until sealed (the start-up's pass has not run yet).
    expect((await download(purchaseId)).rawPayload.equals(png)).toBe(true);

    const keyA = registerKeyFrom({ appSecret: '', registerKey: KEY_A });
    expect(await sealClearIdentityCopies(t.db, keyA, { batchSize: 1 })).toBe(1);
    expect((await columnsHolding(t.db, [marker], { bytes: true })).found).toEqual([]);
    const sealed = await copyRow(legacy.id);
    expect(sealed.data_key_id).toBe(keyA.id);
    // Run again (a restart, a second process): nothing is sealed twice.
    expect(await sealClearIdentityCopies(t.db, keyA)).toBe(0);
    expect((await copyRow(legacy.id)).data.equals(sealed.data)).toBe(true);
    expect((await download(purchaseId)).rawPayload.equals(png)).toBe(true);
  });

  it('is sealed when a server or worker starts, under the key it runs with', async () => {
    const png = pngWithComment(`STARTUP-${randomUUID()}`);
    const row = await t.db
      .insertInto('identity_copies')
      .values({ filename: 'old.png', content_type: 'image/png', bytes: png.length, data: png })
      .returning('id')
      .executeTakeFirstOrThrow();
    const runtime = await createRuntime(
      baseEnvSchema.parse({ APP_SECRET: 'startup-secret-0123456789abcdefghijklmnop', REGISTER_KEY: KEY_A }),
      { role: 'worker', logger: silentLogger, databaseUrl: t.url, bossPoolMax: 1 },
    );
    await runtime.close();
    const keyA = registerKeyFrom({ appSecret: '', registerKey: KEY_A });
    const sealed = await copyRow(row.id);
    expect(sealed.data_key_id).toBe(keyA.id);
    expect(
      openBytes(
        keyA,
        { ciphertext: sealed.data, iv: sealed.data_iv!, tag: sealed.data_tag!, keyId: keyA.id },
        row.id,
      ).equals(png),
    ).toBe(true);
  });

  it('register-rekey re-seals the copies under the new key and refuses a wrong old key', async () => {
    const keyA = registerKeyFrom({ appSecret: '', registerKey: KEY_A });
    const keyB = registerKeyFrom({ appSecret: '', registerKey: KEY_B });
    const run = async (env: Record<string, string>) => {
      const lines: string[] = [];
      await runAdminCommand(
        t.db,
        ['register-rekey'],
        (line) => lines.push(line),
        undefined,
        { id: null, email: 'cli (test)', ip: null },
        { DATA_DIR: '/nonexistent-data-dir', ...env },
      );
      return lines;
    };
    // Only copies here: no register entry to carry the key check.
    await clearRegisterEntries(t.db);
    const copies = (
      await t.db
        .selectFrom('identity_copies')
        .select('id')
        .where('data_key_id', '=', keyA.id)
        .orderBy('id')
        .execute()
    ).map((c) => c.id);
    expect(copies).toHaveLength(3);
    const originals = new Map<string, Buffer>();
    for (const id of copies) {
      const row = await copyRow(id);
      originals.set(
        id,
        openBytes(keyA, { ciphertext: row.data, iv: row.data_iv!, tag: row.data_tag!, keyId: keyA.id }, id),
      );
    }
    // One more copy kept in clear: the rotation seals it under the current key too.
    const clear = await t.db
      .insertInto('identity_copies')
      .values({
        filename: 'c.pdf',
        content_type: 'application/pdf',
        bytes: 9,
        data: Buffer.from('%PDF-copy'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const keyIds = async () =>
      (await t.db.selectFrom('identity_copies').select(['id', 'data_key_id']).orderBy('id').execute()).map(
        (r) => `${r.id}:${r.data_key_id ?? 'clear'}`,
      );
    const before = await keyIds();
    await expect(run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: WRONG })).rejects.toThrow(
      /opens none of the 3 identity copies not under the current key.*Nothing was changed/,
    );
    expect(await keyIds()).toEqual(before);
    // The first copy (the sample) failing its tag under the right key id is refused before any change.
    const good = await copyRow(copies[0]!);
    await t.db
      .updateTable('identity_copies')
      .set({ data_tag: Buffer.alloc(16) })
      .where('id', '=', good.id)
      .execute();
    await expect(run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_A })).rejects.toThrow(
      /does not decrypt identity copy .*Nothing was changed/,
    );
    expect(await keyIds()).toEqual(before);
    await t.db
      .updateTable('identity_copies')
      .set({ data_tag: good.data_tag })
      .where('id', '=', good.id)
      .execute();

    expect(await run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_A })).toEqual([
      'Re-encrypted 0 register entries in 0 batch(es).',
      'Already under the current key (skipped): 0.',
      'Identity copies: re-encrypted 3, sealed from clear 1, already under the current key 0.',
    ]);
    for (const id of copies) {
      const row = await copyRow(id);
      expect(row.data_key_id).toBe(keyB.id);
      const sealed = { ciphertext: row.data, iv: row.data_iv!, tag: row.data_tag!, keyId: keyB.id };
      expect(openBytes(keyB, sealed, id).equals(originals.get(id)!)).toBe(true);
      expect(() => openBytes(keyA, { ...sealed, keyId: keyA.id }, id)).toThrow();
    }
    const nowSealed = await copyRow(clear.id);
    expect(nowSealed.data_key_id).toBe(keyB.id);
    expect(
      openBytes(
        keyB,
        { ciphertext: nowSealed.data, iv: nowSealed.data_iv!, tag: nowSealed.data_tag!, keyId: keyB.id },
        clear.id,
      ).toString('latin1'),
    ).toBe('%PDF-copy');
    // A second run moves nothing.
    expect(await run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_A })).toEqual([
      'Re-encrypted 0 register entries in 0 batch(es).',
      'Already under the current key (skipped): 0.',
      'Identity copies: re-encrypted 0, sealed from clear 0, already under the current key 4.',
    ]);
  });
});
