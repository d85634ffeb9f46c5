import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSubscribers } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { eraseContact } from '../../contacts/erase.ts';
import { uploadStorageFor } from '../../uploads/storage.ts';
import { snapshotAudience } from './snapshot.ts';

// email_sends has no foreign keys (decision 039): the snapshot locks the campaign, holds the
// snapshot lock against contact deletes and erasures (decision 044), and triggers on the
// referenced tables do what ON DELETE CASCADE / SET NULL did. These pin each replacement.

describe('sends without foreign keys (decision 039)', () => {
  const t = useTestDatabase();
  let other: pg.Client;

  beforeEach(async () => {
    await sql`TRUNCATE email_campaigns, leads CASCADE`.execute(t.db);
    other = new pg.Client({ connectionString: t.url });
    await other.connect();
  });
  afterEach(async () => {
    await other.end();
  });

  async function campaign(name = 'Snapshot') {
    return t.db
      .insertInto('email_campaigns')
      .values({ name, subject: 'Hello', status: 'sending' })
      .returning(['id', 'is_test_mode', 'test_emails'])
      .executeTakeFirstOrThrow();
  }

  async function sends(campaignId: string) {
    return t.db
      .selectFrom('email_sends')
      .select(['id', 'lead_id', 'recipient_email'])
      .where('campaign_id', '=', campaignId)
      .orderBy('recipient_email')
      .execute();
  }

  /** Resolves once a connection to this test's database waits for an advisory lock. */
  async function someoneWaitsForSnapshotLock(): Promise<void> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(t.db);
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('nobody waited for the snapshot lock');
  }

  it('makes a contact deleted during a snapshot wait for it, then unlink the new send', async () => {
    await seedSubscribers(t.db, 3);
    const target = await campaign();
    let deleted: Promise<pg.QueryResult> | undefined;
    await t.db.transaction().execute(async (trx) => {
      expect(await snapshotAudience(trx, target)).toBe(3);
      deleted = other.query(`DELETE FROM leads WHERE email = 'contact-1@example.com'`);
      await someoneWaitsForSnapshotLock();
      // The campaign is held as a foreign-key check would hold it.
      await expect(
        t.db.transaction().execute(async (probe) => {
          await sql`SET LOCAL lock_timeout = '50ms'`.execute(probe);
          await sql`SELECT 1 FROM email_campaigns WHERE id = ${target.id} FOR UPDATE`.execute(probe);
        }),
      ).rejects.toMatchObject({ code: '55P03' });
    });
    expect((await deleted)?.rowCount).toBe(1);
    expect((await sends(target.id)).map((s) => [s.recipient_email, s.lead_id === null])).toEqual([
      ['contact-1@example.com', true],
      ['contact-2@example.com', false],
      ['contact-3@example.com', false],
    ]);
  });

  it('does not read a contact whose delete went first, once that delete commits', async () => {
    await seedSubscribers(t.db, 3);
    const target = await campaign();
    await other.query('BEGIN');
    await other.query(`DELETE FROM leads WHERE email = 'contact-1@example.com'`);
    const snapshot = t.db.transaction().execute((trx) => snapshotAudience(trx, target));
    await someoneWaitsForSnapshotLock();
    await other.query('COMMIT');
    expect(await snapshot).toBe(2);
    expect((await sends(target.id)).map((s) => s.recipient_email)).toEqual([
      'contact-2@example.com',
      'contact-3@example.com',
    ]);
  });

  it('makes an erasure during a snapshot wait for it, then anonymise the new send', async () => {
    await seedSubscribers(t.db, 2);
    const target = await campaign();
    const contact = await t.db
      .selectFrom('leads')
      .select('id')
      .where('email', '=', 'contact-1@example.com')
      .executeTakeFirstOrThrow();
    const storage = uploadStorageFor(testServices(t.db));
    let erased: ReturnType<typeof eraseContact> | undefined;
    await t.db.transaction().execute(async (trx) => {
      expect(await snapshotAudience(trx, target)).toBe(2);
      erased = eraseContact({ db: t.db }, storage, {
        id: contact.id,
        confirmation: 'contact-1@example.com',
        actorEmail: 'owner@example.com',
      });
      await someoneWaitsForSnapshotLock();
    });
    expect(await erased).toMatchObject({ status: 'ok', photos: 0, registerEntries: 0 });
    const after = await sends(target.id);
    expect(after.map((s) => s.recipient_email.startsWith('erased:') || s.recipient_email)).toEqual([
      'contact-2@example.com',
      true,
    ]);
    expect(after.filter((s) => s.lead_id === contact.id)).toEqual([]);
  });

  it('lets snapshots of different campaigns run side by side', async () => {
    await seedSubscribers(t.db, 3);
    const first = await campaign('First');
    const second = await campaign('Second');
    await t.db.transaction().execute(async (trx) => {
      expect(await snapshotAudience(trx, first)).toBe(3);
      // Another connection, while the first snapshot is open: it must not wait.
      await expect(t.db.transaction().execute((trx2) => snapshotAudience(trx2, second))).resolves.toBe(3);
    });
  });

  it('refuses a second snapshot of one campaign instead of merging it', async () => {
    await seedSubscribers(t.db, 2);
    const target = await campaign();
    await t.db.transaction().execute((trx) => snapshotAudience(trx, target));
    await expect(t.db.transaction().execute((trx) => snapshotAudience(trx, target))).rejects.toMatchObject({
      code: '23505',
    });
    expect(await sends(target.id)).toHaveLength(2);
  });

  it('keeps a contact’s address, by which its queued sends are found; its case may change', async () => {
    await seedSubscribers(t.db, 1);
    await expect(
      t.db.updateTable('leads').set({ email: 'someone-else@example.com' }).execute(),
    ).rejects.toThrow(/keeps its e-mail address/);
    await t.db.updateTable('leads').set({ email: 'Contact-1@Example.com' }).execute();
    expect(await t.db.selectFrom('leads').select('email').execute()).toEqual([
      { email: 'Contact-1@Example.com' },
    ]);
  });

  it('gives time-ordered keys', async () => {
    await seedSubscribers(t.db, 50);
    const target = await campaign();
    await t.db.transaction().execute((trx) => snapshotAudience(trx, target));
    const { rows } = await sql<{ id: string; version: string }>`
      SELECT id::text AS id, substr(id::text, 15, 1) AS version FROM email_sends ORDER BY created_at, id`.execute(
      t.db,
    );
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.version))).toEqual(new Set(['7']));
    const prefixes = rows.map((r) => r.id.slice(0, 13));
    expect([...prefixes].sort()).toEqual(prefixes);
  });

  it('deletes a campaign’s sends with it and unlinks a deleted contact’s', async () => {
    await seedSubscribers(t.db, 2);
    const kept = await campaign('Kept');
    const dropped = await campaign('Dropped');
    for (const c of [kept, dropped]) await t.db.transaction().execute((trx) => snapshotAudience(trx, c));

    await t.db.deleteFrom('email_campaigns').where('id', '=', dropped.id).execute();
    expect(await sends(dropped.id)).toEqual([]);
    expect(await sends(kept.id)).toHaveLength(2);

    const gone = await t.db
      .deleteFrom('leads')
      .where('email', '=', 'contact-1@example.com')
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await sends(kept.id);
    expect(after.map((s) => [s.recipient_email, s.lead_id === null])).toEqual([
      ['contact-1@example.com', true],
      ['contact-2@example.com', false],
    ]);
    expect(after.some((s) => s.lead_id === gone.id)).toBe(false);
  });

  it('refuses to move a send to another campaign or contact, but lets lead_id become NULL', async () => {
    await seedSubscribers(t.db, 2);
    const first = await campaign('First');
    const second = await campaign('Second');
    await t.db.transaction().execute((trx) => snapshotAudience(trx, first));
    const [one, two] = await sends(first.id);
    if (!one || !two) throw new Error('two sends');

    await expect(
      t.db.updateTable('email_sends').set({ campaign_id: second.id }).where('id', '=', one.id).execute(),
    ).rejects.toThrow(/keeps its campaign and contact/);
    await expect(
      t.db.updateTable('email_sends').set({ lead_id: two.lead_id }).where('id', '=', one.id).execute(),
    ).rejects.toThrow(/keeps its campaign and contact/);
    await t.db.updateTable('email_sends').set({ lead_id: null }).where('id', '=', one.id).execute();
    expect((await sends(first.id)).map((s) => s.lead_id === null)).toEqual([true, false]);
  });

  it('empties the sends when campaigns or contacts are truncated, as TRUNCATE ... CASCADE did', async () => {
    await seedSubscribers(t.db, 2);
    const target = await campaign();
    await t.db.transaction().execute((trx) => snapshotAudience(trx, target));
    await sql`TRUNCATE leads CASCADE`.execute(t.db);
    expect(await t.db.selectFrom('email_sends').select('id').execute()).toEqual([]);
  });

  it('refuses a snapshot for a campaign that does not exist', async () => {
    await seedSubscribers(t.db, 1);
    const target = await campaign();
    await t.db.deleteFrom('email_campaigns').where('id', '=', target.id).execute();
    await expect(t.db.transaction().execute((trx) => snapshotAudience(trx, target))).rejects.toThrow(
      /does not exist/,
    );
    expect(await t.db.selectFrom('email_sends').select('id').execute()).toEqual([]);
  });
});
