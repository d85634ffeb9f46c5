import pino from 'pino';
import { runAutomationsTick } from '../../server/flow-runner/tick.ts';
import { createDatabase } from '../../server/db/database.ts';
import { createEmailTransport } from '../../server/email/transport.ts';
import type { AppServices } from '../../server/services.ts';
import { recordingJobQueue, testConfig } from './services.ts';

/**
 * A worker's `automations.tick` as a process of its own, for fault tests (decision 065): advances
 * due runs and sends the flow e-mail they queue until nothing is due or queued, then exits. Tests
 * SIGKILL it at random moments. Env: DATABASE_URL, RESEND_BASE_URL, LEASE_MS.
 */
const env = process.env;
const db = createDatabase({
  connectionString: env.DATABASE_URL ?? '',
  max: 3,
  applicationName: 'flow-process',
});
const services: AppServices = {
  db,
  config: testConfig(),
  email: createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: env.RESEND_BASE_URL }, db),
  jobs: recordingJobQueue(),
  logger: pino({ level: 'silent' }),
};
const options = {
  leaseMs: Number(env.LEASE_MS ?? 1500),
  batchDelayMs: 0,
  requestTimeoutMs: 5000,
  backoffBaseMs: 20,
  backoffMaxMs: 200,
  maxAttempts: 20,
};
process.stdout.write('started\n');
let result = await runAutomationsTick(services, options);
// A batch another (killed) process holds is taken over once its lease runs out: wait for it.
for (;;) {
  const open = await db
    .selectFrom('automation_send_batches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('completed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const queued = await db
    .selectFrom('automation_run_steps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('send_status', '=', 'queued')
    .executeTakeFirstOrThrow();
  if (Number(open.n) === 0 && Number(queued.n) === 0 && !result.more) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
  result = await runAutomationsTick(services, options);
}
await db.destroy();
process.stdout.write(`${JSON.stringify({ outcome: 'done' })}\n`);
