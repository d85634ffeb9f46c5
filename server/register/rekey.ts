import { access } from 'node:fs/promises';
import path from 'node:path';
import { registerRekeyEnvSchema, resolveDataDir } from '../config/env.ts';
import { resolveAppSecret } from '../config/secrets.ts';
import type { Database } from '../db/database.ts';
import {
  open,
  openBytes,
  type RegisterKey,
  RegisterKeyError,
  registerKeyFrom,
  seal,
  sealBytes,
} from './crypto.ts';
import { sealClearIdentityCopies, sealedCopyOf } from './identity-copies.ts';

// Re-encrypting the dealer's register after REGISTER_KEY or APP_SECRET changed (decision 058).
// Each entry names the key it was sealed under (`id_number_key_id`), so the entries still under
// the old key are found by that id and re-sealed under the current one, a batch per transaction:
// an interrupted run keeps the batches it committed, and running it again picks up the rest
// (entries already under the current key are never selected). Identity copies (`identity_copies`)
// are sealed under the same key (decision 069) and move the same way, after the entries; a copy
// still in clear (uploaded before they were sealed) is sealed under the current key.

const REKEY_BATCH_SIZE = 500;

export interface RekeyCounts {
  /** Entries re-sealed from the old key into the current one by this run. */
  reencrypted: number;
  /** Entries already under the current key before this run (skipped). */
  alreadyCurrent: number;
  /** Entries under some third key: neither the old one given nor the current one. */
  otherKeys: number;
  /** Batches (transactions) this run committed. */
  batches: number;
  /** Identity copies re-sealed from the old key into the current one (decision 069). */
  copiesReencrypted: number;
  /** Identity copies already under the current key (skipped). */
  copiesAlreadyCurrent: number;
  /** Identity copies under some third key. */
  copiesOtherKeys: number;
  /** Identity copies found in clear and sealed under the current key. */
  copiesSealed: number;
}

/** The old key cannot be used: nothing was changed. */
export class RekeyRefusedError extends Error {
  override name = 'RekeyRefusedError';
}

/**
 * The old key from OLD_REGISTER_KEY or OLD_APP_SECRET, and the current one as the server derives
 * it (REGISTER_KEY, else APP_SECRET, else the secret kept in DATA_DIR). Unlike the server, this
 * never generates a secret: a missing one means the CLI is not looking at the server's
 * configuration, and sealing under a key the server does not have would lose every number.
 */
export async function rekeyKeysFromEnv(
  env: Record<string, string | undefined>,
): Promise<{ oldKey: RegisterKey; currentKey: RegisterKey }> {
  const parsed = registerRekeyEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new RekeyRefusedError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  const vars = parsed.data;
  const oldKey = vars.OLD_REGISTER_KEY
    ? registerKeyFrom({ appSecret: '', registerKey: vars.OLD_REGISTER_KEY })
    : registerKeyFrom({ appSecret: vars.OLD_APP_SECRET ?? '' });
  if (vars.REGISTER_KEY)
    return { oldKey, currentKey: registerKeyFrom({ appSecret: '', registerKey: vars.REGISTER_KEY }) };
  const dataDir = resolveDataDir(vars);
  if (!vars.APP_SECRET) {
    try {
      await access(path.join(dataDir, 'app-secret'));
    } catch {
      throw new RekeyRefusedError(
        `Neither REGISTER_KEY nor APP_SECRET is set and ${dataDir} holds no app-secret, so the current key is unknown: run this with the server's environment. Nothing was changed.`,
      );
    }
  }
  return {
    oldKey,
    currentKey: registerKeyFrom({ appSecret: await resolveAppSecret(vars.APP_SECRET, dataDir) }),
  };
}

const keyCounts = (db: Database) =>
  db
    .selectFrom('purchase_records')
    .select(['id_number_key_id as keyId', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('id_number_key_id')
    .execute();

const copyKeyCounts = (db: Database) =>
  db
    .selectFrom('identity_copies')
    .select(['data_key_id as keyId', (eb) => eb.fn.countAll<string>().as('n')])
    .where('data_key_id', 'is not', null)
    .groupBy('data_key_id')
    .execute();

/**
 * Re-seals every register entry and identity copy under `oldKey` with `currentKey`. Before changing anything it opens
 * one entry under the old key (the GCM tag authenticates the key): a key that opens none is
 * refused with RekeyRefusedError and the table is left as it was.
 */
export async function rekeyRegister(
  db: Database,
  keys: { oldKey: RegisterKey; currentKey: RegisterKey },
  { batchSize = REKEY_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<RekeyCounts> {
  const { oldKey, currentKey } = keys;
  if (oldKey.id === currentKey.id)
    throw new RekeyRefusedError(
      `The old key is the current key (key id ${currentKey.id}): set OLD_REGISTER_KEY or OLD_APP_SECRET to the key the entries were written with. Nothing was changed.`,
    );
  const before = await keyCounts(db);
  const countOf = (id: string) => Number(before.find((k) => k.keyId === id)?.n ?? 0);
  const pending = countOf(oldKey.id);
  const alreadyCurrent = countOf(currentKey.id);
  const copiesBefore = await copyKeyCounts(db);
  const copiesOf = (id: string | null) => Number(copiesBefore.find((k) => k.keyId === id)?.n ?? 0);
  const copiesPending = copiesOf(oldKey.id);
  const isOther = (id: string | null): id is string =>
    id !== null && id !== oldKey.id && id !== currentKey.id;
  const otherKeyIds = [...new Set([...before, ...copiesBefore].map((k) => k.keyId).filter(isOther))];
  const otherKeys = otherKeyIds.reduce((sum, id) => sum + countOf(id), 0);
  const copiesOtherKeys = otherKeyIds.reduce((sum, id) => sum + copiesOf(id), 0);
  const unreadable = [
    otherKeys > 0 ? `${otherKeys} entries` : null,
    copiesOtherKeys > 0 ? `${copiesOtherKeys} identity copies` : null,
  ]
    .filter(Boolean)
    .join(' and ');
  if (pending + copiesPending === 0 && otherKeys + copiesOtherKeys > 0)
    // A wrong old key has another fingerprint, so it names none of the unreadable entries.
    throw new RekeyRefusedError(
      `The old key (key id ${oldKey.id}) opens none of the ${unreadable} not under the current key (they are under key id ${otherKeyIds.join(', ')}). Nothing was changed.`,
    );
  if (copiesPending > 0) {
    const sample = await db
      .selectFrom('identity_copies')
      .select(['id', 'data', 'data_iv', 'data_tag', 'data_key_id'])
      .where('data_key_id', '=', oldKey.id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const sealed = sealedCopyOf(sample);
    try {
      if (sealed) openBytes(oldKey, sealed, sample.id);
    } catch (error) {
      if (!(error instanceof RegisterKeyError)) throw error;
      throw new RekeyRefusedError(
        `The old key (key id ${oldKey.id}) does not decrypt identity copy ${sample.id}: its authentication tag fails. Nothing was changed.`,
      );
    }
  }
  if (pending > 0) {
    const sample = await db
      .selectFrom('purchase_records')
      .select(['id', 'id_number_ciphertext', 'id_number_iv', 'id_number_tag', 'id_number_key_id'])
      .where('id_number_key_id', '=', oldKey.id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    try {
      open(oldKey, sealedOf(sample), sample.id);
    } catch (error) {
      if (!(error instanceof RegisterKeyError)) throw error;
      throw new RekeyRefusedError(
        `The old key (key id ${oldKey.id}) does not decrypt entry ${sample.id}: its authentication tag fails. Nothing was changed.`,
      );
    }
  }
  let reencrypted = 0;
  let batches = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const moved = await db.transaction().execute(async (trx) => {
      // Rows are locked so a second run at the same time waits rather than sealing a row twice.
      const rows = await trx
        .selectFrom('purchase_records')
        .select(['id', 'id_number_ciphertext', 'id_number_iv', 'id_number_tag', 'id_number_key_id'])
        .where('id_number_key_id', '=', oldKey.id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .execute();
      for (const row of rows) {
        // A row the sample's key cannot open (tampered) throws and rolls this batch back.
        const plain = open(oldKey, sealedOf(row), row.id);
        const sealed = seal(currentKey, plain, row.id);
        await trx
          .updateTable('purchase_records')
          .set({
            id_number_ciphertext: sealed.ciphertext,
            id_number_iv: sealed.iv,
            id_number_tag: sealed.tag,
            id_number_key_id: sealed.keyId,
          })
          .where('id', '=', row.id)
          .where('id_number_key_id', '=', oldKey.id)
          .execute();
      }
      return rows;
    });
    if (moved.length === 0) break;
    reencrypted += moved.length;
    batches += 1;
    after = moved.at(-1)?.id ?? after;
    if (moved.length < batchSize) break;
  }
  const copiesReencrypted = await rekeyIdentityCopies(db, keys, batchSize);
  const copiesSealed = await sealClearIdentityCopies(db, currentKey, { batchSize });
  return {
    reencrypted,
    alreadyCurrent,
    otherKeys,
    batches,
    copiesReencrypted,
    copiesAlreadyCurrent: copiesOf(currentKey.id),
    copiesOtherKeys,
    copiesSealed,
  };
}

/** The identity copies under the old key, re-sealed as the entries are (decision 069). */
async function rekeyIdentityCopies(
  db: Database,
  { oldKey, currentKey }: { oldKey: RegisterKey; currentKey: RegisterKey },
  batchSize: number,
): Promise<number> {
  let moved = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db.transaction().execute(async (trx) => {
      const batch = await trx
        .selectFrom('identity_copies')
        .select(['id', 'data', 'data_iv', 'data_tag', 'data_key_id'])
        .where('data_key_id', '=', oldKey.id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .execute();
      for (const row of batch) {
        const sealed = sealedCopyOf(row);
        if (!sealed) continue;
        const resealed = sealBytes(currentKey, openBytes(oldKey, sealed, row.id), row.id);
        await trx
          .updateTable('identity_copies')
          .set({
            data: resealed.ciphertext,
            data_iv: resealed.iv,
            data_tag: resealed.tag,
            data_key_id: resealed.keyId,
          })
          .where('id', '=', row.id)
          .where('data_key_id', '=', oldKey.id)
          .execute();
      }
      return batch;
    });
    moved += rows.length;
    after = rows.at(-1)?.id ?? after;
    if (rows.length < batchSize) return moved;
  }
}

function sealedOf(row: {
  id_number_ciphertext: Buffer;
  id_number_iv: Buffer;
  id_number_tag: Buffer;
  id_number_key_id: string;
}) {
  return {
    ciphertext: row.id_number_ciphertext,
    iv: row.id_number_iv,
    tag: row.id_number_tag,
    keyId: row.id_number_key_id,
  };
}
