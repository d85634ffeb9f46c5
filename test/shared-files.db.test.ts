import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, generateSessionToken } from '#server/auth/session.ts';
import { createUser, grantAdmin } from '#server/auth/users.ts';
import { createS3Storage } from '#server/uploads/storage.ts';
import { createFlow } from '#server/automations/flows.ts';
import { createJobQueue } from '#server/jobs/queue.ts';
import { useBoss } from './support/boss.ts';
import { engineSettings, seedSubscribers, sendNow } from './support/campaign-fixtures.ts';
import { useTestDatabase } from './support/db.ts';
import { type FakeResend, startFakeResend } from './support/fake-resend.ts';
import { type FakeS3, startFakeS3 } from './support/fake-s3.ts';
import { leadSubmission } from './support/lead-form.ts';
import { testServices } from './support/services.ts';

// Decision 083: two servers and a worker, each with its own DATA_DIR (its own disk), on one
// PostgreSQL, with each shared store. A photo taken by one is served by the other, erased through
// the other, and an unattached one is cleaned up by the worker, its bytes gone from the store.
// The same processes send e-mail through the real Resend SDK to the fake provider: a 2,000-recipient
// campaign and a two-step flow (switched on through one server, entered by a sell form submitted
// through the other, decision 098) reach each recipient exactly once.

const t = useTestDatabase();
const boss = useBoss(t);
const APP_SECRET = 'shared-files-test-secret-0123456789abcdef';

interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

function run(script: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves when the process prints `pattern` (on its output events), rejects if it exits first. */
function started(process: Running, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(process.output())) return;
      process.child.stdout?.off('data', check);
      resolve();
    };
    process.child.stdout?.on('data', check);
    void process.exited.then(() => reject(new Error(`exited before ${pattern}:\n${process.output()}`)));
    check();
  });
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } })
    .jpeg()
    .toBuffer();

describe.each(['postgres', 's3'] as const)('two servers and a worker on the %s store', (store) => {
  let s3: FakeS3 | null = null;
  let resend: FakeResend;
  const dirs: string[] = [];
  const processes: Running[] = [];
  let serverA = '';
  let serverB = '';
  let cookie = '';

  beforeAll(async () => {
    if (store === 's3') s3 = await startFakeS3();
    resend = await startFakeResend({ keepBodies: false });
    resend.advertiseRate(1000);
    const shared = {
      DATABASE_URL: t.url,
      APP_SECRET,
      FILE_STORE: store,
      UPLOAD_RATE_LIMIT: 'off',
      LEAD_SUBMIT_RATE_LIMIT: 'off',
      RESEND_API_KEY: 're_test',
      RESEND_BASE_URL: resend.url,
      ...s3?.env,
    };
    const ownDisk = async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'shared-files-'));
      dirs.push(dir);
      return dir;
    };
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const server = run('test/support/api-server-process.ts', {
          ...shared,
          DATA_DIR: await ownDisk(),
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: url,
        });
        processes.push(server);
        return { server, url };
      }),
    );
    const worker = run('worker/main.ts', { ...shared, DATA_DIR: await ownDisk() });
    processes.push(worker);
    await Promise.all([
      ...servers.map((s) => started(s.server, /server listening/)),
      started(worker, /worker started/),
    ]);
    [serverA, serverB] = servers.map((s) => s.url) as [string, string];

    const email = `owner-${store}@example.com`;
    const user = await createUser(t.db, { email, password: 'A-long-enough-passphrase-2026' });
    await grantAdmin(t.db, email);
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    cookie = `session=${token}`;
    // Three processes starting at once on two shared cores can take more than a minute.
  }, 180_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    await s3?.close();
    await resend.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** Uploads one photo through `base`, as the sell form does; its id and stored key. */
  async function uploadThrough(base: string) {
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'watch.jpg');
    const res = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      body: form,
      headers: { origin: base, 'x-csrf-protection': '1' },
    });
    expect(res.status).toBe(201);
    const { uploads } = (await res.json()) as { uploads: Array<{ id: string }> };
    const id = uploads[0]?.id ?? '';
    const row = await t.db
      .selectFrom('uploads')
      .select(['driver', 'storage_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.driver).toBe(store);
    return { id, key: row.storage_key };
  }

  /** The bytes the store holds under `key`, read straight from it (not through a server). */
  async function inStore(key: string): Promise<Buffer | null> {
    if (s3) return createS3Storage(s3.settings).get(key);
    const row = await t.db
      .selectFrom('stored_files')
      .select('data')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.data ?? null;
  }

  it('serves through one server a photo uploaded through the other, and keeps no file on either disk', async () => {
    const photo = await uploadThrough(serverA);
    const res = await fetch(`${serverB}/api/uploads/${photo.id}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.equals((await inStore(photo.key)) ?? Buffer.alloc(0))).toBe(true);
    expect((await sharp(served).metadata()).width).toBe(64);
    for (const dir of dirs) expect(await readdir(path.join(dir, 'uploads')).catch(() => [])).toEqual([]);
    // The first request to each freshly started process loads its upload modules.
  }, 60_000);

  it('erasure through the other server removes the photo’s bytes from the store', async () => {
    const photo = await uploadThrough(serverA);
    const email = `seller-${store}@example.com`;
    const contact = await t.db
      .insertInto('leads')
      .values({ email })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        watch_brand: 'Omega',
        watch_model: null,
        watch_year: null,
        watch_condition: 'Good - Moderate wear',
        additional_details: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_content: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('uploads').set({ enquiry_id: enquiry.id }).where('id', '=', photo.id).execute();

    const res = await fetch(`${serverB}/trpc/admin.contacts.erase`, {
      method: 'POST',
      headers: { cookie, origin: serverB, 'x-csrf-protection': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ id: contact.id, confirmation: email }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: { data: { photosDeleted: 1 } } });
    expect(
      await t.db.selectFrom('uploads').select('id').where('id', '=', photo.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await inStore(photo.key)).toBeNull();
  });

  it('the worker’s uploads.cleanup removes an unattached upload’s bytes from the store', async () => {
    const photo = await uploadThrough(serverB);
    expect(await inStore(photo.key)).not.toBeNull();
    await t.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('id', '=', photo.id)
      .execute();
    await boss().send('uploads.cleanup', {});
    // The row goes first and the bytes right after its commit, in the same job: wait for both.
    await expect
      .poll(
        async () => ({
          row:
            (await t.db.selectFrom('uploads').select('id').where('id', '=', photo.id).executeTakeFirst()) ??
            null,
          bytes: await inStore(photo.key),
        }),
        { timeout: 30_000, interval: 200 },
      )
      .toEqual({ row: null, bytes: null });
  });
  it('a 2,000-recipient campaign goes out through the worker exactly once', async () => {
    // Only this campaign's contacts consent: the other store's run left its own behind.
    await t.db.updateTable('leads').set({ email_marketing_consent: false }).execute();
    await seedSubscribers(t.db, 2000, `campaign-${store}`);
    await engineSettings(t.db, { batchSize: 100 });
    const campaign = await sendNow(testServices(t.db, { jobs: createJobQueue(boss()) }), {
      subject: `Market update ${store}`,
    });
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('email_campaigns')
              .select('status')
              .where('id', '=', campaign.id)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 90_000, interval: 250 },
      )
      .toBe('completed');
    const recipients = resend.emails
      .filter((e) => e.subject === `Market update ${store}`)
      .flatMap((e) => e.to)
      .sort();
    const expected = Array.from({ length: 2000 }, (_, i) => `campaign-${store}-${i + 1}@example.com`).sort();
    expect(recipients).toEqual(expected);
  }, 120_000);

  it('a two-step flow switched on through one server, entered through the other, sends each step once', async () => {
    const template = async (name: string, subject: string) =>
      (
        await t.db
          .insertInto('email_templates')
          .values({
            template_name: name,
            template_type: 'reply',
            subject,
            html_content: '<p>Hello {{first_name}}.</p>',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const first = await template(`Thanks ${store}`, `Thank you for your enquiry (${store})`);
    const second = await template(`Follow-up ${store}`, `Still thinking of selling? (${store})`);
    const flowId = await t.db.transaction().execute((trx) =>
      createFlow(
        trx,
        {
          name: `New sellers ${store}`,
          description: '',
          trigger: { type: 'enquiry_status', status: 'new', brands: [] },
          reentry: 'once',
          respectQuietHours: false,
          steps: [
            { id: 'thanks', type: 'send', templateId: first, template: 'reply' },
            { id: 'pause', type: 'wait', days: 1, hours: 0, minutes: 0 },
            { id: 'again', type: 'send', templateId: second, template: 'reply' },
          ],
        },
        null,
      ),
    );
    const trpc = (base: string, procedure: string, body: unknown, withCookie: boolean) =>
      fetch(`${base}/trpc/${procedure}`, {
        method: 'POST',
        headers: {
          ...(withCookie ? { cookie } : {}),
          origin: base,
          'x-csrf-protection': '1',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    // Reply templates: the seller gave no marketing consent, and a flow about their enquiry needs none.
    // Server B has submitted a sell form before, so it holds the flows (none live) in its cache.
    expect((await trpc(serverB, 'lead.submit', leadSubmission(), false)).status).toBe(200);
    expect(
      (await trpc(serverA, 'admin.automations.setState', { id: flowId, state: 'live' }, true)).status,
    ).toBe(200);
    const seller = `seller-flow-${store}@example.com`;
    expect((await trpc(serverB, 'lead.submit', leadSubmission({ email: seller }), false)).status).toBe(200);

    const subjectsTo = (address: string) =>
      resend.emails
        .filter((e) => e.to.includes(address) && e.subject.endsWith(`(${store})`))
        .map((e) => e.subject);
    // The entry wakes the worker (automation_runs_due): the first step goes out at once.
    await expect
      .poll(() => subjectsTo(seller), { timeout: 30_000, interval: 200 })
      .toEqual([`Thank you for your enquiry (${store})`]);
    // A day later: the wait is over when its due time has passed, and the worker's tick sends the second.
    await t.db
      .updateTable('automation_runs')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('flow_id', '=', flowId)
      .where('state', '=', 'waiting')
      .execute();
    await boss().send('automations.tick', {});
    // The run finishes when the second step is recorded; its e-mail is delivered right after.
    await expect
      .poll(() => subjectsTo(seller), { timeout: 30_000, interval: 200 })
      .toEqual([`Thank you for your enquiry (${store})`, `Still thinking of selling? (${store})`]);
    await expect
      .poll(
        async () =>
          (
            await t.db.selectFrom('automation_runs').select('state').where('flow_id', '=', flowId).execute()
          ).map((r) => r.state),
        { timeout: 30_000, interval: 200 },
      )
      .toEqual(['finished']);
    expect(subjectsTo(seller)).toEqual([
      `Thank you for your enquiry (${store})`,
      `Still thinking of selling? (${store})`,
    ]);
  }, 90_000);
});
