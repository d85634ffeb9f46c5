import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runAdminCommand } from '../../server/cli/admin-commands.ts';
import { createDatabase } from '../../server/db/database.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrateToLatest } from '../../server/db/migrator.ts';
import { databaseUrlFor } from '#test/support/database-url.ts';
import { startFakeDns } from '#test/support/fake-dns.ts';
import { startFakeResend } from '#test/support/fake-resend.ts';
import { E2E_ADMIN, E2E_APP_SECRET, E2E_INBOUND_DOMAIN, E2E_WEBHOOK_SECRET } from './constants.ts';
import { E2E_DNS_ZONE } from './dns-zone.ts';

async function waitForReady(url: string, app: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`The app exited early with code ${app.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become ready at ${url} within ${timeoutMs} ms`);
}

/**
 * The real app (server + worker, `npm start`'s entry point) on a fresh database, with a known
 * admin account. Tests reach the database through E2E_DATABASE_URL to check side effects.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT);
  const appUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'watch-platform-e2e-'));
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      persistent: false,
      settings: { fsync: 'off', synchronous_commit: 'off' },
    });
    adminUrl = embedded.url('postgres');
    stopEmbedded = () => embedded.stop();
  }
  const database = `wp_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = databaseUrlFor(adminUrl, database);

  const db = createDatabase({ connectionString: databaseUrl, max: 2 });
  await migrateToLatest(db);
  await runAdminCommand(db, ['create', E2E_ADMIN.email, '--password', E2E_ADMIN.password], () => undefined);
  await db.destroy();

  // Replies e-mailed by sellers (decision 060) are read from the fake provider's Receiving API
  // with a key of their own; sending stays in outbox mode (no RESEND_API_KEY), so the specs that
  // read the outbox still do. Specs hold an inbound e-mail through the fake's /_test/receive.
  const fakeResend = await startFakeResend();
  // The sending-domain checks ask this DNS server, never the real one (decision 073).
  const fakeDns = await startFakeDns(E2E_DNS_ZONE);
  const app = spawn(process.execPath, ['server/cli/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      APP_SECRET: E2E_APP_SECRET,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RESEND_API_KEY: '',
      RESEND_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      RESEND_BASE_URL: fakeResend.url,
      RESEND_INBOUND_API_KEY: 're_e2e_inbound_full_access',
      INBOUND_DOMAIN: E2E_INBOUND_DOMAIN,
      DNS_RESOLVER: fakeDns.address,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A clean clone builds the client first (server/cli/start.ts); on a loaded 2-core machine that
  // build alone took 100–171 s, so the wait leaves room for it.
  await waitForReady(appUrl, app, 300_000);
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_FAKE_RESEND_URL = fakeResend.url;

  return async () => {
    if (app.exitCode === null) {
      const exited = new Promise((resolve) => app.once('exit', resolve));
      app.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (app.exitCode === null) app.kill('SIGKILL');
    }
    await fakeResend.close();
    await fakeDns.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await stopEmbedded?.();
    await rm(dataDir, { recursive: true, force: true });
  };
}
