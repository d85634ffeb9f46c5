import { type RawBuilder, sql } from 'kysely';
import type { JobName } from './definitions.ts';
import { PGBOSS_SCHEMA } from './queue.ts';

// A pg-boss job written by SQL inside another statement, for a hot path whose job must be created
// by the very statement that stores what the job is about (one round trip, atomic without an
// explicit transaction). It writes the row pg-boss 12's send(name, data) writes (plans.insertJobs):
// the queue's own retry, expiry and retention settings, available now. sql-enqueue.db.test.ts
// compares it column by column with a row written by boss.send(), so a pg-boss upgrade that
// changes the job table fails there rather than in production.
// The queue row is joined with LEFT JOIN: if the queue does not exist, `name` is null and the
// whole statement fails (NOT NULL) instead of storing what the job was for without its job.

const schema = sql.id(PGBOSS_SCHEMA);

/**
 * `INSERT INTO pgboss.job … SELECT … FROM <from>`: one job per row of `from` (a CTE name),
 * `data` a jsonb expression over that row. Use as a data-modifying CTE; it returns the job ids. As
 * with send(), a job a queue's policy refuses (one already waiting) is not written.
 */
export function insertJobsSql(
  name: JobName,
  from: string,
  data: RawBuilder<unknown>,
): RawBuilder<{ id: string }> {
  return sql<{ id: string }>`
    INSERT INTO ${schema}.job (id, name, data, priority, start_after, created_on, expire_seconds,
      deletion_seconds, keep_until, retry_limit, retry_delay, retry_backoff, retry_delay_max, policy,
      dead_letter, heartbeat_seconds, blocked, blocking, pending_dependencies)
    SELECT gen_random_uuid(), q.name, ${data}, 0, ${schema}.job_now(), ${schema}.job_now(),
      q.expire_seconds, q.deletion_seconds, ${schema}.job_now() + q.retention_seconds * interval '1 second',
      q.retry_limit, q.retry_delay, coalesce(q.retry_backoff, false), q.retry_delay_max, q.policy,
      q.dead_letter, q.heartbeat_seconds, false, false, 0
    FROM ${sql.table(from)} LEFT JOIN ${schema}.queue q ON q.name = ${sql.lit(name)}
    ON CONFLICT DO NOTHING
    RETURNING id`;
}
