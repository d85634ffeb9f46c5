import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.ts';
import { databaseUrlFor } from './database-url.ts';

export interface TestDatabase {
  name: string;
  url: string;
  db: Database;
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('testDbAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the migrated template; only databases made here are ever dropped. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `wp_test_${randomBytes(6).toString('hex')}`;
  const template = inject('testDbTemplate');
  await withAdmin(async (client) => {
    // Two clones of one template at the same instant can collide ("source database is being
    // accessed by other users"); a short retry resolves it.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const url = databaseUrlFor(inject('testDbAdminUrl'), name);
  const db = createDatabase({ connectionString: url, max: 5, applicationName: 'watch-platform-test' });
  let dropped = false;
  return {
    name,
    url,
    db,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await db.destroy();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A database with nothing in it, not even the migrations: what a restore starts from (decision 085). */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const name = `wp_test_empty_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = databaseUrlFor(inject('testDbAdminUrl'), name);
  const db = createDatabase({ connectionString: url, max: 5, applicationName: 'watch-platform-test' });
  let dropped = false;
  return {
    name,
    url,
    db,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await db.destroy();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Registers a database for the current test file: created before its tests, dropped after. */
export function useTestDatabase(): { readonly db: Database; readonly url: string } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.drop();
  });
  return {
    get db() {
      if (!current)
        throw new Error('The test database is created in beforeAll; use it inside tests or hooks');
      return current.db;
    },
    get url() {
      if (!current)
        throw new Error('The test database is created in beforeAll; use it inside tests or hooks');
      return current.url;
    },
  };
}
