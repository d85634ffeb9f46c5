import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type FullConfig } from '@playwright/test';
import pg from 'pg';
import { runAdminCommand } from '../../server/cli/admin-commands.ts';
import { createDatabase } from '../../server/db/database.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrateToLatest } from '../../server/db/migrator.ts';
import { databaseUrlFor } from '#test/support/database-url.ts';
import { startFakeDns } from '#test/support/fake-dns.ts';
import { startFakeResend } from '#test/support/fake-resend.ts';
import { ROLES } from '#shared/auth/permissions.ts';
import { authStatePath, submitSignIn } from './admin.ts';
import {
  E2E_ADMIN,
  E2E_APP_SECRET,
  E2E_INBOUND_DOMAIN,
  E2E_MEMBERS,
  E2E_WEBHOOK_SECRET,
} from './constants.ts';
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
 * Signs each role's member in once through the login form and keeps the browser's state in
 * e2e/.auth/<role>.json (decision 080): specs start from it instead of typing the form again.
 */
async function signInEachRole(config: FullConfig, appUrl: string): Promise<void> {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    for (const role of ROLES) {
      const context = await browser.newContext({ baseURL: appUrl });
      const page = await context.newPage();
      const member = E2E_MEMBERS[role];
      await submitSignIn(page, member.email, member.password);
      // Signed in once the app leaves the login page for the member's home.
      await page.waitForURL((url) => url.pathname.startsWith('/admin/') && url.pathname !== '/admin/login', {
        timeout: 60_000,
      });
      await context.storageState({ path: authStatePath(role) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** Login form submissions the run made, from the audit log: a sign-in, a refusal, a 2FA step. */
async function countSignIns(databaseUrl: string): Promise<string> {
  const db = createDatabase({ connectionString: databaseUrl, max: 1 });
  try {
    const rows = await db
      .selectFrom('audit_log')
      .select(['action', (eb) => eb.fn.countAll<string>().as('count')])
      .where('action', 'in', ['auth.signIn', 'auth.signInFailed', 'auth.signInPasswordAccepted'])
      .groupBy('action')
      .execute();
    return rows.map((row) => `${row.action} ${row.count}`).join(', ') || 'none';
  } finally {
    await db.destroy();
  }
}

/**
 * The real app (server + worker, `npm start`'s entry point) on a fresh database, with a member
 * of each role, each signed in once. Tests reach the database through E2E_DATABASE_URL to check
 * side effects.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
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
  for (const role of ['marketer', 'buyer', 'viewer'] as const) {
    const member = E2E_MEMBERS[role];
    await runAdminCommand(
      db,
      ['create', member.email, '--password', member.password, '--role', role],
      () => undefined,
    );
  }
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
  const teardown = async () => {
    // How often the run typed the login form (decision 080): printed, never asserted.
    console.log(`e2e sign-ins this run: ${await countSignIns(databaseUrl).catch(String)}`);
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
  // A setup that fails leaves no app, fake server or database behind.
  try {
    await waitForReady(appUrl, app, 300_000);
    process.env.E2E_DATABASE_URL = databaseUrl;
    process.env.E2E_FAKE_RESEND_URL = fakeResend.url;
    await signInEachRole(config, appUrl);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
