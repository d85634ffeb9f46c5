import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailTransport } from '#server/email/transport.ts';
import { createBoss, createJobQueue, ensureQueues } from '#server/jobs/queue.ts';
import { bundleWorker } from '#server/cli/worker-bundle.ts';
import { engineSettings, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { testServices } from '#test/support/services.ts';
import { REAL_SITE_IDENTITY } from '#test/support/site-identity.ts';

// Production runs the worker from its bundle (server/cli/worker-bundle.ts). This builds it and
// runs it as docker-compose.yml does, so a dependency that does not survive bundling fails here.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the bundled worker (dist/worker/main.mjs)', { timeout: 90_000 }, () => {
  const t = useTestDatabase();
  // Inside the project so that the packages left external resolve from node_modules.
  const dir = path.join(
    process.cwd(),
    'node_modules',
    '.cache',
    `worker-bundle-${randomBytes(4).toString('hex')}`,
  );
  const bundle = path.join(dir, 'main.mjs');
  let fake: FakeResend;
  let boss: PgBoss;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    await bundleWorker(process.cwd(), bundle);
    fake = await startFakeResend({ keepBodies: false });
    fake.advertiseRate(1000);
    boss = createBoss({ connectionString: t.url, max: 2, role: 'server' });
    await boss.start();
    await ensureQueues(boss);
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await boss.stop({ graceful: false });
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function waitFor(check: () => Promise<boolean> | boolean, what: string) {
    for (let i = 0; i < 600; i += 1) {
      if (await check()) return;
      if (child?.exitCode !== null) throw new Error(`worker exited while waiting for ${what}:\n${output}`);
      await sleep(50);
    }
    throw new Error(`never saw ${what}:\n${output}`);
  }

  it('is one self-contained module that sends a campaign end to end and stops on SIGTERM', async () => {
    const source = await readFile(bundle, 'utf8');
    // Our own modules and the pure-JS libraries (kysely, zod, pg-boss, pg, resend) are inside: the
    // module imports nothing but Node's built-ins (so no type stripping at run time).
    const imported = [...source.matchAll(/^import\b[^\n]*?from\s*"([^"]+)"/gm)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((specifier) => !specifier?.startsWith('node:'))).toEqual([]);

    await seedSubscribers(t.db, 120);
    await engineSettings(t.db, { batchSize: 25 });
    const services = testServices(t.db, {
      jobs: createJobQueue(boss),
      email: createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db),
    });

    child = spawn(process.execPath, ['--max-semi-space-size=8', bundle], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATABASE_URL: t.url,
        DATA_DIR: dir,
        APP_URL: 'https://watches.example.com',
        ...REAL_SITE_IDENTITY,
        APP_SECRET: randomBytes(32).toString('hex'),
        RESEND_API_KEY: 're_test',
        RESEND_BASE_URL: fake.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    await waitFor(() => output.includes('worker started'), 'worker started');
    // It created the starter flows before starting (decision 064), their block templates rendered
    // by the bundled e-mail layout.
    const starters = await t.db
      .selectFrom('automation_flows')
      .select(['starter_key', 'state'])
      .where('starter_key', 'is not', null)
      .orderBy('starter_key')
      .execute();
    expect(starters).toEqual(
      ['offer-reminder', 're-permission', 'selling-another', 'thank-you-review', 'welcome-series'].map(
        (key) => ({
          starter_key: key,
          state: 'off',
        }),
      ),
    );

    const campaign = await sendNow(services);
    await waitFor(async () => {
      const row = await t.db
        .selectFrom('email_campaigns')
        .select('status')
        .where('id', '=', campaign.id)
        .executeTakeFirstOrThrow();
      return row.status === 'completed';
    }, 'the campaign completed');

    const recipients = fake.emails.flatMap((e) => e.to);
    expect(recipients).toHaveLength(120);
    expect(new Set(recipients).size).toBe(120);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/finishing active jobs/);
  });
});
