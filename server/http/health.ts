import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { migrationsAreCurrent } from '../db/migrator.ts';
import type { Database } from '../db/database.ts';

export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  // Liveness: the process answers. Never touches the database, so a DB outage doesn't get us killed.
  app.get('/healthz', async (_req, reply) => {
    await reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  // Readiness: the database answers and its schema is the one this code expects.
  app.get('/readyz', async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await sql`SELECT 1`.execute(db);
      if (!(await migrationsAreCurrent(db))) {
        return reply.code(503).send({ status: 'not_ready', reason: 'pending migrations' });
      }
      return reply.send({ status: 'ready' });
    } catch (error) {
      // The reason goes to the log; the answer (public) says only what failed.
      req.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'not_ready', reason: 'database unavailable' });
    }
  });
}
