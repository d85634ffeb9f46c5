import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { recordingJobQueue, testServices } from '#test/support/services.ts';
import { CAMPAIGN_CHANGED_CHANNEL } from '../../db/campaign-changed.ts';
import { type ClaimOptions, claimBatch, markBatchSent } from './batches.ts';

/*
 * The claim and the confirmation are single statements (one round trip, one commit each): the
 * key is computed in SQL and the live notification rides along. These pin both to what the
 * TypeScript side defines.
 */
describe('batch claim and confirmation statements', () => {
  const t = useTestDatabase();
  let listener: pg.Client;
  const heard: string[] = [];

  beforeAll(async () => {
    listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${CAMPAIGN_CHANGED_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
  });
  beforeEach(async () => {
    await sql`TRUNCATE email_campaigns, leads, email_send_batches CASCADE`.execute(t.db);
    heard.length = 0;
  });

  /** Notifications are delivered asynchronously: a round trip on the listener flushes them. */
  async function notifications(): Promise<string[]> {
    await listener.query('SELECT 1');
    const got = [...heard];
    heard.length = 0;
    return got;
  }

  async function campaignWith(subscribers: number) {
    await seedSubscribers(t.db, subscribers);
    const services = testServices(t.db, { jobs: recordingJobQueue() });
    return sendNow(services);
  }

  function options(campaignId: string, batchSize: number): ClaimOptions {
    return {
      campaignId,
      isTestMode: false,
      batchSize,
      leaseMs: 60_000,
      sender: { from: 'Sterling <a@example.com>', replyTo: null },
      orphans: false,
    };
  }

  /** The key's definition, written independently of the claim statement that computes it. */
  function membersKey(campaignId: string, sendIds: readonly string[]): string {
    const digest = createHash('sha256')
      .update([...sendIds].sort().join(','))
      .digest('base64url');
    return `campaign-${campaignId}-batch-${digest}`;
  }

  it('stores the key derived from the members, and only the members', async () => {
    const campaign = await campaignWith(250);
    await t.db
      .updateTable('leads')
      .set({ email_unsubscribed_at: new Date() })
      .where('email', 'in', ['contact-3@example.com', 'contact-140@example.com'])
      .execute();
    await notifications();
    const keys: string[] = [];
    for (;;) {
      const claim = await claimBatch(t.db, options(campaign.id, 100));
      if (claim.kind === 'drained' || claim.kind === 'wait') break;
      if (claim.kind !== 'batch') continue;
      const members = await t.db
        .selectFrom('email_sends')
        .select('id')
        .where('batch_id', '=', claim.batch.id)
        .execute();
      const expected = membersKey(
        campaign.id,
        members.map((m) => m.id),
      );
      expect(claim.batch.idempotencyKey).toBe(expected);
      expect(claim.batch.recipients.map((r) => r.sendId).sort()).toEqual(members.map((m) => m.id).sort());
      const row = await t.db
        .selectFrom('email_send_batches')
        .select(['idempotency_key', 'size', 'from_address'])
        .where('id', '=', claim.batch.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        idempotency_key: expected,
        size: members.length,
        from_address: 'Sterling <a@example.com>',
      });
      keys.push(expected);
    }
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    const counts = await t.db
      .selectFrom('email_campaigns')
      .select('skipped_count')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(counts.skipped_count).toBe(2);
  });

  it('a claim whose rows are all ineligible skips them without a batch row', async () => {
    const campaign = await campaignWith(3);
    await t.db.updateTable('leads').set({ email_marketing_consent: false }).execute();
    await notifications();
    expect(await claimBatch(t.db, options(campaign.id, 10))).toEqual({ kind: 'skipped' });
    const batches = await t.db.selectFrom('email_send_batches').select('id').execute();
    expect(batches).toEqual([]);
    const row = await t.db
      .selectFrom('email_campaigns')
      .select('skipped_count')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row.skipped_count).toBe(3);
    expect(await notifications()).toEqual([campaign.id]);
    expect(await claimBatch(t.db, options(campaign.id, 10))).toEqual({ kind: 'drained' });
    expect(await notifications()).toEqual([]);
  });

  it('the claim and the confirmation each announce the change once, when they commit', async () => {
    const campaign = await campaignWith(5);
    await notifications();
    const claim = await claimBatch(t.db, options(campaign.id, 10));
    if (claim.kind !== 'batch') throw new Error('expected a batch');
    expect(await notifications()).toEqual([campaign.id]);

    const accepted = claim.batch.recipients.map((r, i) => ({ sendId: r.sendId, providerId: `msg-${i}` }));
    expect(await markBatchSent(t.db, claim.batch, accepted)).toBe(5);
    expect(await notifications()).toEqual([campaign.id]);
    // Confirming again (a second worker with the same answer) counts nothing twice.
    expect(await markBatchSent(t.db, claim.batch, accepted)).toBe(0);
    expect(await notifications()).toEqual([campaign.id]);
    const row = await t.db
      .selectFrom('email_campaigns')
      .select('sent_count')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row.sent_count).toBe(5);

    // Rolled back with its transaction: no announcement.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await markBatchSent(trx, claim.batch, accepted);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await notifications()).toEqual([]);
  });
});
