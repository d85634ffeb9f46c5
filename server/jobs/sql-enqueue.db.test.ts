import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBoss } from '#test/support/boss.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { jobNames } from './definitions.ts';
import { ensureQueues } from './queue.ts';
import { insertJobsSql } from './sql-enqueue.ts';

// insertJobsSql writes pg-boss's job rows itself; this pins it to what pg-boss writes.
describe('insertJobsSql', () => {
  const t = useTestDatabase();
  const bossOf = useBoss(t);
  let boss: PgBoss;
  beforeAll(async () => {
    boss = bossOf();
    await ensureQueues(boss);
  });

  // Everything but the id, the payload and the moments (compared as offsets from start_after).
  async function jobRow(id: string) {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT to_jsonb(j) - 'id' - 'data' - 'start_after' - 'created_on' - 'keep_until' AS columns,
             extract(epoch FROM keep_until - start_after) AS kept_seconds,
             created_on = start_after AS available_at_creation,
             abs(extract(epoch FROM start_after - now())) < 60 AS starts_now
      FROM pgboss.job j WHERE id = ${id}::uuid`.execute(t.db);
    return rows[0];
  }

  it.each(jobNames)('writes the row boss.send() writes for %s', async (name) => {
    const payload = { marker: randomUUID() };
    const sentId = await boss.send(name, payload);
    const sent = await jobRow(sentId ?? '');
    // Policies such as stately allow one waiting job: make room for ours.
    await sql`DELETE FROM pgboss.job WHERE id = ${sentId}::uuid`.execute(t.db);
    const { rows } = await sql<{ id: string }>`
      WITH source AS (SELECT ${JSON.stringify(payload)}::jsonb AS payload),
      job AS (${insertJobsSql(name, 'source', sql`source.payload`)})
      SELECT id FROM job`.execute(t.db);
    const ours = rows[0]?.id;
    expect(sentId).toEqual(expect.any(String));
    expect(ours).toEqual(expect.any(String));
    expect(sent).toBeDefined();
    expect(await jobRow(ours ?? '')).toEqual(sent);
    // pg-boss would also NOTIFY for a notify-enabled queue; ours never are.
    const queue = await sql<{
      notify: boolean;
    }>`SELECT notify FROM pgboss.queue WHERE name = ${name}`.execute(t.db);
    expect(queue.rows[0]?.notify).toBe(false);
  });

  it('writes one job per source row and fails the statement when the queue is missing', async () => {
    const { rows } = await sql<{ id: string }>`
      WITH source AS (SELECT jsonb_build_object('n', n) AS payload FROM generate_series(1, 3) AS n),
      job AS (${insertJobsSql('enquiry.notify', 'source', sql`source.payload`)})
      SELECT id FROM job`.execute(t.db);
    expect(rows).toHaveLength(3);

    await boss.deleteQueue('enquiry.notify');
    try {
      await expect(
        sql`WITH source AS (SELECT '{}'::jsonb AS payload),
            job AS (${insertJobsSql('enquiry.notify', 'source', sql`source.payload`)})
            SELECT id FROM job`.execute(t.db),
      ).rejects.toThrow(/null value in column "name"/);
    } finally {
      await ensureQueues(boss);
    }
  });
});
