import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import type { Database } from '../db/database.ts';
import { compactStatDeltas, LEAD_METRICS, readSeries, readTotals, SERIES_METRICS } from './stat-deltas.ts';

/** The live counts the trigger-kept totals must always equal. */
async function liveContactCounts(db: Database) {
  const { rows } = await sql<Record<string, number>>`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE email_marketing_consent AND email_unsubscribed_at IS NULL) AS subscribed,
           count(*) FILTER (WHERE email_unsubscribed_at IS NOT NULL) AS unsubscribed,
           count(*) FILTER (WHERE email_marketing_consent AND email_unsubscribed_at IS NULL
                              AND suppressed_at IS NULL) AS active
    FROM leads`.execute(db);
  return rows[0];
}

async function keptContactCounts(db: Database) {
  const totals = await readTotals(db, Object.values(LEAD_METRICS));
  return {
    total: totals[LEAD_METRICS.total],
    subscribed: totals[LEAD_METRICS.emailSubscribed],
    unsubscribed: totals[LEAD_METRICS.emailUnsubscribed],
    active: totals[LEAD_METRICS.emailActive],
  };
}

describe('trigger-kept counts', () => {
  const t = useTestDatabase();

  beforeEach(async () => {
    await sql`TRUNCATE leads, email_campaigns, unsubscribe_logs CASCADE`.execute(t.db);
  });

  it('follow inserts, upserts, updates and deletes of leads exactly', async () => {
    await t.db
      .insertInto('leads')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          email: `lead${i}@example.com`,
          email_marketing_consent: i % 3 !== 0,
          email_unsubscribed_at: i % 5 === 0 ? new Date() : null,
          suppressed_at: i % 7 === 0 ? new Date() : null,
        })),
      )
      .execute();
    expect(await keptContactCounts(t.db)).toEqual(await liveContactCounts(t.db));

    // The sell form's upsert: ON CONFLICT DO UPDATE fires the UPDATE trigger for existing rows.
    await t.db
      .insertInto('leads')
      .values([
        { email: 'LEAD0@example.com', email_marketing_consent: true },
        { email: 'new@example.com', email_marketing_consent: true },
      ])
      .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet({ email_marketing_consent: true }))
      .execute();
    await t.db
      .updateTable('leads')
      .set({ email_unsubscribed_at: new Date(), email_marketing_consent: false })
      .where('email', 'like', 'lead1%')
      .execute();
    await t.db
      .updateTable('leads')
      .set({ suppressed_at: new Date() })
      .where('email', 'like', 'lead2%')
      .execute();
    await t.db.deleteFrom('leads').where('email', 'like', 'lead3%').execute();
    expect(await keptContactCounts(t.db)).toEqual(await liveContactCounts(t.db));
  });

  it('roll back with the transaction that wrote them', async () => {
    await t.db.insertInto('leads').values({ email: 'kept@example.com' }).execute();
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('leads').values({ email: 'gone@example.com' }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await keptContactCounts(t.db)).total).toBe(1);
  });

  it('count unsubscribe logs per action and method and keep a 15-minute series of unsubscribes', async () => {
    const at = new Date('2026-11-20T10:07:00Z');
    await t.db
      .insertInto('unsubscribe_logs')
      .values([
        { email: 'a@example.com', action: 'email_unsubscribe', method: 'one_click', created_at: at },
        { email: 'b@example.com', action: 'email_unsubscribe', method: 'manual', created_at: at },
        { email: 'c@example.com', action: 'sms_unsubscribe', method: 'manual', created_at: at },
        { email: 'd@example.com', action: 'email_resubscribe', method: 'manual', created_at: at },
      ])
      .execute();
    const totals = await readTotals(t.db, [
      'unsubscribe_logs.email_unsubscribe.one_click',
      'unsubscribe_logs.email_unsubscribe.manual',
      'unsubscribe_logs.sms_unsubscribe.manual',
      'unsubscribe_logs.email_resubscribe.manual',
      'unsubscribe_logs.sms_unsubscribe.one_click',
    ]);
    expect(Object.values(totals)).toEqual([1, 1, 1, 1, 0]);
    const series = await readSeries(t.db, [SERIES_METRICS.unsubscribed], new Date(0), new Date('2100-01-01'));
    // Resubscribes are not unsubscribes; the bucket starts at the quarter hour.
    expect(series).toEqual([
      { metric: SERIES_METRICS.unsubscribed, bucket: new Date('2026-11-20T10:00:00Z'), count: 3 },
    ]);
  });

  it('keep sends, opens and clicks per bucket as sends change state, and forget deleted sends', async () => {
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'c', subject: 's' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('email_sends')
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          campaign_id: campaign.id,
          recipient_email: `r${i}@example.com`,
        })),
      )
      .execute();
    const sentAt = new Date('2026-11-20T23:50:00Z');
    await t.db
      .updateTable('email_sends')
      .set((eb) => ({ status: 'sent', sent_at: sentAt, provider_message_id: sql`'m-' || ${eb.ref('id')}` }))
      .execute();
    await t.db
      .updateTable('email_sends')
      .set({ opened_at: new Date('2026-11-21T00:20:00Z') })
      .where('recipient_email', 'in', ['r0@example.com', 'r1@example.com'])
      .execute();
    // A second open of the same send changes nothing (opened_at keeps its first value elsewhere).
    await t.db.updateTable('email_sends').set({ status: 'delivered' }).execute();
    const all = async () =>
      Object.fromEntries(
        (await readSeries(t.db, Object.values(SERIES_METRICS), new Date(0), new Date('2100-01-01'))).map(
          (p) => [`${p.metric}@${p.bucket.toISOString()}`, p.count],
        ),
      );
    expect(await all()).toEqual({
      'email_sends.sent@2026-11-20T23:45:00.000Z': 4,
      'email_sends.opened@2026-11-21T00:15:00.000Z': 2,
    });
    await t.db.deleteFrom('email_campaigns').where('id', '=', campaign.id).execute();
    expect(await all()).toEqual({});
  });

  it('are cleared by TRUNCATE', async () => {
    await t.db.insertInto('leads').values({ email: 'x@example.com' }).execute();
    await sql`TRUNCATE leads CASCADE`.execute(t.db);
    expect((await keptContactCounts(t.db)).total).toBe(0);
  });

  it('compact into one row per metric and bucket without changing any sum', async () => {
    for (let i = 0; i < 5; i += 1)
      await t.db
        .insertInto('leads')
        .values({ email: `c${i}@example.com`, email_marketing_consent: true })
        .execute();
    await t.db
      .updateTable('leads')
      .set({ email_unsubscribed_at: new Date() })
      .where('email', '=', 'c0@example.com')
      .execute();
    const before = await keptContactCounts(t.db);
    const result = await compactStatDeltas(t.db);
    expect(result?.folded).toBeGreaterThan(0);
    expect(await keptContactCounts(t.db)).toEqual(before);
    const rows = await sql<{ metric: string; n: number }>`
      SELECT metric, count(*) AS n FROM stat_deltas GROUP BY metric, bucket HAVING count(*) > 1`.execute(
      t.db,
    );
    expect(rows.rows).toEqual([]);
    // Nothing left to fold.
    expect(await compactStatDeltas(t.db)).toEqual({ folded: 0 });
  });

  it('lets only one compaction run at a time', async () => {
    await t.db
      .insertInto('leads')
      .values([{ email: 'p@example.com' }])
      .execute();
    await t.db
      .insertInto('leads')
      .values([{ email: 'q@example.com' }])
      .execute();
    const results = await t.db.transaction().execute(async (trx) => {
      const first = await compactStatDeltas(trx);
      // A second compaction from another connection finds the lock taken and returns at once.
      const second = await compactStatDeltas(t.db);
      return [first, second];
    });
    expect(results[0]).not.toBeNull();
    expect(results[1]).toBeNull();
    expect((await keptContactCounts(t.db)).total).toBe(2);
  });
});
