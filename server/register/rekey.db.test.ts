import { randomBytes, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { clearRegisterEntries } from '#test/support/register.ts';
import { runAdminCommand, UsageError } from '../cli/admin-commands.ts';
import { open, registerKeyFrom, seal } from './crypto.ts';

// Rotating the register's key (decision 058): entries sealed under key A, the configuration
// switched to key B, and `register-rekey` with the old key in the environment.

const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('base64');
const WRONG = randomBytes(32).toString('hex');
const actor = { id: null, email: 'cli (test)', ip: null };

describe('npm run admin -- register-rekey', () => {
  const t = useTestDatabase();
  beforeEach(async () => {
    await clearRegisterEntries(t.db);
  });

  async function insertEntries(keyMaterial: { registerKey?: string; appSecret?: string }, count: number) {
    const key = registerKeyFrom({ appSecret: keyMaterial.appSecret ?? '', ...keyMaterial });
    const numbers = new Map<string, string>();
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const number = `DL ${1000 + i}`;
      const sealed = seal(key, number, id);
      numbers.set(id, number);
      await t.db
        .insertInto('purchase_records')
        .values({
          id,
          price_cents: 100_000,
          payment_method: 'bank_transfer',
          seller_name: `Seller ${i}`,
          seller_address: '1 Example Street, Brisbane QLD 4000',
          watch_description: 'Omega Speedmaster',
          id_document: 'driver_licence',
          id_number_ciphertext: sealed.ciphertext,
          id_number_iv: sealed.iv,
          id_number_tag: sealed.tag,
          id_number_key_id: sealed.keyId,
          id_number_last4: number.slice(-4),
          id_expiry: '2030-01-01',
          id_checked_by_email: 'buyer@example.com',
          id_check_method: 'in_person',
          serial_number: `SN${i}`,
          reference_number: '311.30',
          identifying_marks: 'none',
          declaration_method: 'signed_in_person',
          received_by_email: 'buyer@example.com',
          register_state: 'QLD',
        })
        .execute();
    }
    return numbers;
  }

  const rows = () =>
    t.db
      .selectFrom('purchase_records')
      .select(['id', 'id_number_ciphertext', 'id_number_iv', 'id_number_tag', 'id_number_key_id'])
      .execute();

  async function run(env: Record<string, string>, ...args: string[]): Promise<string[]> {
    const lines: string[] = [];
    await runAdminCommand(t.db, ['register-rekey', ...args], (line) => lines.push(line), undefined, actor, {
      DATA_DIR: '/nonexistent-data-dir',
      ...env,
    });
    return lines;
  }

  const auditRows = () =>
    t.db
      .selectFrom('audit_log')
      .select(['summary', 'actor_email'])
      .where('action', '=', 'cli.registerRekey')
      .execute();

  it('moves every entry from key A to key B in batches, refuses a wrong old key, and is idempotent', async () => {
    const keyA = registerKeyFrom({ appSecret: '', registerKey: KEY_A });
    const keyB = registerKeyFrom({ appSecret: '', registerKey: KEY_B });
    const numbers = await insertEntries({ registerKey: KEY_A }, 7);
    // One entry already under B (recorded after the switch) is skipped, not re-sealed.
    const [alreadyB] = [...(await insertEntries({ registerKey: KEY_B }, 1)).keys()];
    const beforeB = (await rows()).find((r) => r.id === alreadyB);

    // A wrong old key is refused and nothing changes.
    const snapshot = JSON.stringify(await rows());
    await expect(run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: WRONG })).rejects.toThrow(
      /opens none of the 7 entries not under the current key.*Nothing was changed/,
    );
    expect(JSON.stringify(await rows())).toBe(snapshot);
    expect(await auditRows()).toHaveLength(0);

    // The old key is refused on the command line and when it is the current one.
    await expect(run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_A }, KEY_A)).rejects.toThrow(
      /takes no key on the command line/,
    );
    await expect(run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_B })).rejects.toThrow(
      /The old key is the current key/,
    );
    await expect(run({ REGISTER_KEY: KEY_B })).rejects.toThrow(UsageError);
    expect(JSON.stringify(await rows())).toBe(snapshot);

    // The right old key moves all seven, three per transaction.
    expect(await run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_A }, '--batch-size', '3')).toEqual([
      'Re-encrypted 7 register entries in 3 batch(es).',
      'Already under the current key (skipped): 1.',
      'Identity copies: re-encrypted 0, sealed from clear 0, already under the current key 0.',
    ]);
    const after = await rows();
    expect(after.every((r) => r.id_number_key_id === keyB.id)).toBe(true);
    for (const row of after) {
      const sealed = {
        ciphertext: row.id_number_ciphertext,
        iv: row.id_number_iv,
        tag: row.id_number_tag,
        keyId: row.id_number_key_id,
      };
      if (numbers.has(row.id)) expect(open(keyB, sealed, row.id)).toBe(numbers.get(row.id));
      expect(() => open(keyA, sealed, row.id)).toThrow();
    }
    expect(after.find((r) => r.id === alreadyB)?.id_number_iv).toEqual(beforeB?.id_number_iv);
    const [audit] = await auditRows();
    expect(audit?.actor_email).toBe('cli (test)');
    expect(audit?.summary).toMatchObject({
      oldKeyId: keyA.id,
      currentKeyId: keyB.id,
      reencrypted: 7,
      alreadyCurrent: 1,
      batches: 3,
    });

    // A second run finds nothing left under A and changes nothing.
    const moved = JSON.stringify(await rows());
    expect(await run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_A })).toEqual([
      'Re-encrypted 0 register entries in 0 batch(es).',
      'Already under the current key (skipped): 8.',
      'Identity copies: re-encrypted 0, sealed from clear 0, already under the current key 0.',
    ]);
    expect(JSON.stringify(await rows())).toBe(moved);
  });

  it('moves entries sealed under the key derived from an old APP_SECRET', async () => {
    const oldSecret = 'the-old-app-secret-0123456789abcdefghijkl';
    const newSecret = 'the-new-app-secret-0123456789abcdefghijkl';
    await insertEntries({ appSecret: oldSecret }, 2);
    expect(await run({ APP_SECRET: newSecret, OLD_APP_SECRET: oldSecret })).toEqual([
      'Re-encrypted 2 register entries in 1 batch(es).',
      'Already under the current key (skipped): 0.',
      'Identity copies: re-encrypted 0, sealed from clear 0, already under the current key 0.',
    ]);
    const current = registerKeyFrom({ appSecret: newSecret });
    expect((await rows()).every((r) => r.id_number_key_id === current.id)).toBe(true);
  });

  it('refuses without changes when the old key fails the sample’s authentication tag', async () => {
    await insertEntries({ registerKey: KEY_A }, 2);
    // Corrupted tags under the right key id: the GCM check, not the key id, refuses them.
    await t.db
      .updateTable('purchase_records')
      .set({ id_number_tag: Buffer.alloc(16) })
      .execute();
    const audited = (await auditRows()).length;
    const snapshot = JSON.stringify(await rows());
    await expect(run({ REGISTER_KEY: KEY_B, OLD_REGISTER_KEY: KEY_A })).rejects.toThrow(
      /does not decrypt entry .*authentication tag fails\. Nothing was changed/,
    );
    expect(JSON.stringify(await rows())).toBe(snapshot);
    expect(await auditRows()).toHaveLength(audited);
  });

  it('refuses when the current key cannot be known (no REGISTER_KEY, APP_SECRET or kept secret)', async () => {
    await insertEntries({ registerKey: KEY_A }, 1);
    await expect(run({ OLD_REGISTER_KEY: KEY_A })).rejects.toThrow(/the current key is unknown/);
  });
});
