import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedSubscribers } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { snapshotAudience } from './snapshot.ts';

// email_sends has no foreign keys (decision 039): the snapshot locks what it names, and triggers
// on the referenced tables do what ON DELETE CASCADE / SET NULL did. These pin each replacement.

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

  it('keeps the contacts it read locked until it commits, as the foreign-key check did', async () => {
    await seedSubscribers(t.db, 3);
    const target = await campaign();
    await t.db.transaction().execute(async (trx) => {
      expect(await snapshotAudience(trx, target)).toBe(3);
      const lead = await trx.selectFrom('leads').select('id').executeTakeFirstOrThrow();
      // Erasure starts with SELECT ... FOR UPDATE of the contact: it must wait for this snapshot.
      await expect(
        other.query('SELECT 1 FROM leads WHERE id = $1 FOR UPDATE NOWAIT', [lead.id]),
      ).rejects.toMatchObject({ code: '55P03' });
      await expect(
        other.query('SELECT 1 FROM email_campaigns WHERE id = $1 FOR UPDATE NOWAIT', [target.id]),
      ).rejects.toMatchObject({ code: '55P03' });
    });
    await expect(other.query('SELECT 1 FROM leads FOR UPDATE NOWAIT')).resolves.toMatchObject({
      rowCount: 3,
    });
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
