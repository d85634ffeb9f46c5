import pino from 'pino';
import { sql } from 'kysely';
import { chooseWinner } from '../../server/campaigns/engine/ab-test.ts';
import { runCampaignSend } from '../../server/campaigns/engine/run.ts';
import { createDatabase } from '../../server/db/database.ts';
import { createEmailTransport } from '../../server/email/transport.ts';
import type { AppServices } from '../../server/services.ts';
import { recordingJobQueue, testConfig } from './services.ts';

/**
 * A sending process for fault tests: runs the real engine on one campaign until it is finished
 * or paused, then exits. Tests start several at once or SIGKILL them at random moments.
 * Env: DATABASE_URL, RESEND_BASE_URL, CAMPAIGN_ID, LEASE_MS. An A/B test campaign (decision 037)
 * does not wait for its winner here: at the end of the test phase the wait is cut short and this
 * process plays the winner job, holding its transaction open AB_HOLD_MS (after printing
 * `choosing`) so a test can kill it mid-choice.
 */
const env = process.env;
const db = createDatabase({
  connectionString: env.DATABASE_URL ?? '',
  max: 3,
  applicationName: 'engine-process',
});
const services: AppServices = {
  db,
  config: testConfig(),
  email: createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: env.RESEND_BASE_URL }, db),
  jobs: recordingJobQueue(),
  logger: pino({ level: 'silent' }),
};
const campaignId = env.CAMPAIGN_ID ?? '';
const run = () =>
  runCampaignSend(services, campaignId, {
    leaseMs: Number(env.LEASE_MS ?? 2000),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 5000),
    backoffBaseMs: 20,
    backoffMaxMs: 200,
    maxAttempts: 20,
  });
let outcome = await run();
// A run that hands over (budget) would be continued by a new job; here the same process goes on.
while (outcome === 'handed-over' || outcome === 'waiting') {
  if (outcome === 'waiting') {
    await sql`UPDATE email_campaigns SET ab_winner_due_at = now() WHERE id = ${campaignId}`.execute(db);
    process.stdout.write('choosing\n');
    const holdMs = Number(env.AB_HOLD_MS ?? 0);
    await chooseWinner(services, campaignId, {
      beforeCommit: () => new Promise((resolve) => setTimeout(resolve, holdMs)),
    });
  }
  outcome = await run();
}
await db.destroy();
process.stdout.write(`${JSON.stringify({ outcome })}\n`);
