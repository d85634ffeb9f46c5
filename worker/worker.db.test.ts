import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss, ensureQueues } from '#server/jobs/queue.ts';
import { createUploadStorage } from '#server/uploads/storage.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { type RunningWorker, startWorker } from './worker.ts';

describe('worker schedules', () => {
  const t = useTestDatabase();
  let boss: PgBoss;
  let worker: RunningWorker;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'worker-test-'));
    boss = createBoss({ connectionString: t.url, max: 2, role: 'worker' });
    await boss.start();
    await ensureQueues(boss);
    worker = await startWorker(boss, testServices(t.db, { config: { dataDir } }), {
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
    });
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await boss.stop({ graceful: false });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('registers the cron of every job that declares one', async () => {
    const schedules = await boss.getSchedules('uploads.cleanup');
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ name: 'uploads.cleanup', cron: '17 * * * *' });
    // The pruning of rate-limit windows and expired sessions is scheduled too.
    const prune = await boss.getSchedules('housekeeping.prune');
    expect(prune).toMatchObject([{ name: 'housekeeping.prune', cron: '7 * * * *' }]);
    // The minute tick that sends the flows' runs as they fall due (the e2e welcome series sends
    // its tick itself rather than wait up to a minute for this schedule).
    const tick = await boss.getSchedules('automations.tick');
    expect(tick).toMatchObject([{ name: 'automations.tick', cron: '* * * * *' }]);
  });

  it('runs the clean-up job: a stale unattached photo and its file are deleted', async () => {
    const storage = createUploadStorage({ dataDir, uploadthingToken: null });
    const key = '0b7d7a1e-5f67-4c8e-9a55-3d2f0e6c1a11.jpg';
    await storage.current.put(key, Buffer.from('x'), 'image/jpeg');
    const row = await t.db
      .insertInto('uploads')
      .values({
        driver: 'local',
        storage_key: key,
        content_type: 'image/jpeg',
        bytes: 1,
        sha256: 'x'.repeat(64),
        created_at: new Date(Date.now() - 25 * 60 * 60 * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const jobId = await boss.send('uploads.cleanup', {});
    if (!jobId) throw new Error('job not created');
    const deadline = Date.now() + 15_000;
    let state: string | undefined;
    while (Date.now() < deadline) {
      state = (await boss.getJobById('uploads.cleanup', jobId))?.state;
      if (state === 'completed' || state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(state).toBe('completed');
    expect(
      await t.db.selectFrom('uploads').select('id').where('id', '=', row.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await storage.current.get(key)).toBeNull();
  });
});
