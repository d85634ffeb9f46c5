import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinition } from '#shared/automations/flows.ts';
import { engineSettings, seedSubscribers } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { enterFlow } from '../automations/enter.ts';
import { createFlow, setFlowState } from '../automations/flows.ts';

/*
 * The exactly-once guarantee of flow e-mail through worker kills (decisions 006, 061, 065): real
 * tick processes are SIGKILLed at random moments while they advance runs and send batches, and
 * restarted; the clock is moved in the database between the two sends. The fake provider dedupes
 * by idempotency key like Resend, so "each contact got each e-mail once" is counted where it
 * matters: at the provider.
 */

const script = path.resolve(import.meta.dirname, '../../test/support/flow-process.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CONTACTS = 1000;

describe('flow sending under SIGKILL', { timeout: 300_000 }, () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  const running = new Set<ChildProcess>();

  beforeAll(async () => {
    fake = await startFakeResend({ keepBodies: false });
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await fake.close();
  });

  function start() {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, DATABASE_URL: t.url, RESEND_BASE_URL: fake.url, LEASE_MS: '1500' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
      (resolve) => {
        child.on('exit', (code, signal) => {
          running.delete(child);
          resolve({ code, signal, output });
        });
      },
    );
    return { child, exited, output: () => output };
  }

  /** Kills `kills` processes at random moments once each is at work, then lets one finish. */
  async function wave(kills: number): Promise<number> {
    let done = 0;
    while (done < kills) {
      const proc = start();
      while (!proc.output().includes('started')) {
        const finished = await Promise.race([proc.exited.then(() => true), sleep(10).then(() => false)]);
        if (finished) break;
      }
      if (done % 2 === 0) {
        // Early: most likely while it advances runs (their steps and queued sends roll back).
        await sleep(Math.floor(Math.random() * 600));
      } else {
        // Once it is sending, at a random moment: often with a batch request in flight.
        const before = fake.requests.length;
        while (fake.requests.length === before && proc.child.exitCode === null) await sleep(5);
        await sleep(Math.floor(Math.random() * 60));
      }
      if (proc.child.exitCode !== null) break;
      proc.child.kill('SIGKILL');
      const { signal } = await proc.exited;
      expect(signal).toBe('SIGKILL');
      done += 1;
    }
    const last = start();
    const { code, output } = await last.exited;
    expect(code).toBe(0);
    expect(output).toContain('"outcome":"done"');
    return done;
  }

  it('a 3-step flow on 1,000 contacts: each e-mail exactly once through repeated kills', async () => {
    fake.reset();
    fake.advertiseRate(1000);
    // Each request takes 20 ms at the provider, so kills land while batches are in flight.
    fake.setChaos({ delayed: 1, delayMs: 20 });
    await seedSubscribers(t.db, CONTACTS);
    await engineSettings(t.db, { batchSize: 50 });
    const template = (name: string) =>
      t.db
        .insertInto('email_templates')
        .values({ template_name: name, subject: `${name} for {{first_name}}`, html_content: '<p>Hi</p>' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await template('First');
    const second = await template('Second');
    const definition: FlowDefinition = {
      name: 'Welcome under fire',
      description: '',
      trigger: { type: 'consent_confirmed' },
      reentry: 'once',
      respectQuietHours: false,
      steps: [
        { id: 'one', type: 'send', templateId: first.id, template: 'marketing' },
        { id: 'wait', type: 'wait', days: 2, hours: 0, minutes: 0 },
        { id: 'two', type: 'send', templateId: second.id, template: 'marketing' },
      ],
    };
    const flowId = await t.db.transaction().execute((trx) => createFlow(trx, definition, null));
    await setFlowState(t.db, flowId, 'live');
    const contacts = await t.db.selectFrom('leads').select('id').execute();
    for (const contact of contacts) await enterFlow(t.db, { flowId, contactId: contact.id, occurrence: '' });

    const firstKills = await wave(8);
    await sql`UPDATE automation_runs SET due_at = now() - interval '1 second' WHERE state = 'waiting'`.execute(
      t.db,
    );
    const secondKills = await wave(8);
    expect(firstKills + secondKills).toBeGreaterThanOrEqual(12);

    // At the provider: every contact got each e-mail once, by recipient and by key.
    for (const name of ['First', 'Second']) {
      const delivered = fake.emails.filter((e) => e.subject.startsWith(name)).flatMap((e) => e.to);
      expect(delivered).toHaveLength(CONTACTS);
      expect(new Set(delivered).size).toBe(CONTACTS);
    }
    // The fake keeps a batch's e-mails as `<batch key>#<index>`: one e-mail per key and index.
    const messageKeys = fake.emails.map((e) => e.idempotencyKey ?? '');
    expect(new Set(messageKeys).size).toBe(2 * CONTACTS);
    const batchKeys = messageKeys.map((key) => key.replace(/#\d+$/, ''));
    const acceptedBatches = await t.db
      .selectFrom('automation_send_batches')
      .select(['idempotency_key', 'size', 'attempts'])
      .execute();
    expect(new Set(batchKeys)).toEqual(new Set(acceptedBatches.map((b) => b.idempotency_key)));
    expect(acceptedBatches.reduce((sum, b) => sum + b.size, 0)).toBe(2 * CONTACTS);
    // The kills did leave batches in flight, re-sent under their keys by the next process.
    const takenOver = acceptedBatches.filter((b) => b.attempts > 1).length;
    expect(takenOver).toBeGreaterThan(0);

    // In the database: one row per run and step, every send confirmed with the provider's id.
    const steps = await t.db
      .selectFrom('automation_run_steps')
      .select(['step_id', 'send_status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['step_id', 'send_status'])
      .orderBy('step_id')
      .execute();
    expect(steps.map((s) => [s.step_id, s.send_status, Number(s.n)])).toEqual([
      ['one', 'sent', CONTACTS],
      ['two', 'sent', CONTACTS],
      ['wait', null, CONTACTS],
    ]);
    const ids = await t.db
      .selectFrom('automation_run_steps')
      .select((eb) => eb.fn.count<number>('provider_message_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(ids.n)).toBe(2 * CONTACTS);
    const finished = await t.db
      .selectFrom('automation_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'finished')
      .executeTakeFirstOrThrow();
    expect(Number(finished.n)).toBe(CONTACTS);
  });
});
