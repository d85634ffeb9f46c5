import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Database } from '#server/db/database.ts';
import { createJobQueue } from '#server/jobs/queue.ts';
import type { AppServices } from '#server/services.ts';
import type { Context } from '#server/trpc/context.ts';
import { createCaller } from '#server/trpc/router.ts';
import type { PgBoss } from 'pg-boss';
import { testServices } from './services.ts';

// What the lead.submit tests share (server/enquiries/submit*.db.test.ts): services on a real
// pg-boss, a caller per IP, upload rows and the counts a submission changes.

export function leadSubmitKit(t: { readonly db: Database }, bossOf: () => PgBoss) {
  /** Services whose job queue is pg-boss's, as the server's is. */
  function leadServices(overrides: Parameters<typeof testServices>[1] = {}): AppServices {
    return testServices(t.db, { jobs: createJobQueue(bossOf()), ...overrides });
  }

  let ipCounter = 0;
  /** A public caller from its own IP, so one test's submissions never count against another's limit. */
  function visitor(services: AppServices, ip = `198.51.100.${(ipCounter += 1)}`) {
    const ctx: Context = {
      ...services,
      request: { ip, userAgent: 'Mozilla/5.0 (vitest)' },
      session: null,
      user: null,
      http: null,
    };
    return createCaller(ctx);
  }

  /** Upload rows as POST /api/uploads leaves them (the files themselves are not needed here). */
  async function uploads(db: Database, count: number): Promise<string[]> {
    if (count === 0) return [];
    const rows = await db
      .insertInto('uploads')
      .values(
        Array.from({ length: count }, () => ({
          driver: 'local' as const,
          storage_key: `${randomUUID()}.jpg`,
          content_type: 'image/jpeg',
          bytes: 1000,
          width: 10,
          height: 10,
          sha256: 'x'.repeat(64),
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async function counts(db: Database) {
    const row = await sql<{ contacts: number; enquiries: number; attached: number; jobs: number }>`
      SELECT (SELECT count(*) FROM leads)::int AS contacts,
             (SELECT count(*) FROM enquiries)::int AS enquiries,
             (SELECT count(*) FROM uploads WHERE enquiry_id IS NOT NULL)::int AS attached,
             (SELECT count(*) FROM pgboss.job WHERE name = 'enquiry.notify')::int AS jobs`.execute(db);
    return row.rows[0];
  }

  /** The `enquiry.notify` jobs queued for an enquiry (pg-boss's table, as the worker reads it). */
  async function notifyJobs(db: Database, enquiryId: string) {
    const result = await sql<{ id: string; data: unknown; state: string }>`
      SELECT id, data, state FROM pgboss.job
      WHERE name = 'enquiry.notify' AND data->>'enquiryId' = ${enquiryId}`.execute(db);
    return result.rows;
  }

  async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
    const error: unknown = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
    return error;
  }

  return { leadServices, visitor, uploads, counts, notifyJobs, trpcError };
}
