import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createConfirmationToken } from '../server/consent/confirmation.ts';
import { createBoss, createJobQueue } from '../server/jobs/queue.ts';
import { signInAsAdmin } from './support/admin.ts';
import { E2E_APP_SECRET } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

// The welcome series, end to end (decisions 061, 064–066): the Owner switches the starter flow on,
// a seller confirms marketing consent through the double opt-in link, the first e-mail is sent at
// once by the worker (woken by the new run, not by the minute schedule), and the second after the
// three-day wait, the clock moved in the database rather than slept and the minute's tick sent.

const WELCOME_SUBJECT = 'Welcome, and what to expect from us';
const SECOND_SUBJECT = 'How we arrive at a fair price for your watch';

/** The job pg-boss's clock sends the worker every minute, sent now through the app's own queue. */
async function sendMinuteTick(): Promise<void> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is set by e2e/support/global-setup.ts');
  const boss = createBoss({ connectionString, max: 1, role: 'server' });
  await boss.start();
  try {
    await createJobQueue(boss).send('automations.tick', {});
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** What the series sent this address; flows other specs leave on are not this test's concern. */
async function outboxSubjects(to: string): Promise<string[]> {
  const rows = await e2eDatabase()
    .selectFrom('outbox_emails')
    .select('subject')
    .where(sql<boolean>`${to} = ANY(to_addresses)`)
    .where('subject', 'in', [WELCOME_SUBJECT, SECOND_SUBJECT])
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.subject);
}

test('switched on, the welcome series sends its first e-mail at once and the second after the wait', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const db = e2eDatabase();
  const tag = randomUUID().slice(0, 8);
  const email = `welcome.${tag}@example.com`;

  const flow = await db
    .selectFrom('automation_flows')
    .select(['id', 'current_version'])
    .where('name', '=', 'Welcome series')
    .executeTakeFirstOrThrow();
  try {
    // The Owner lets it send at any hour (CI runs round the clock; quiet hours have their own DB
    // test), which saves a new version, then switches it on from the list. A retry finds that
    // version already saved.
    await signInAsAdmin(page, { at: `/admin/automations/${flow.id}` });
    const quietHours = page.getByRole('switch', { name: /^Quiet hours/ });
    await expect(quietHours).toBeVisible();
    if (await quietHours.isChecked()) {
      await quietHours.uncheck();
      await page.getByRole('button', { name: 'Save as a new version' }).click();
      await expect(
        page
          .locator('.mantine-Notification-root')
          .filter({ hasText: `Version ${flow.current_version + 1} saved` }),
      ).toBeVisible();
    }

    await page.goto('/admin/automations');
    // The switch asks first (decision 066), so it is clicked rather than checked.
    await page.getByRole('switch', { name: 'Welcome series: switch on' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Switch on' }).click();
    await expect(page.getByRole('switch', { name: 'Welcome series: switch off' })).toBeChecked();

    // A seller who asked for marketing e-mail on the sell form, still to confirm it.
    const lead = await db
      .insertInto('leads')
      .values({ email, full_name: `Wendy Welcome ${tag}`, email_consent_pending: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: `Wendy Welcome ${tag}`,
        watch_brand: 'Rolex',
        watch_condition: 'Good',
        email_consent_requested: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = createConfirmationToken(E2E_APP_SECRET, {
      contactId: lead.id,
      enquiryId: enquiry.id,
      email,
      submittedAt: new Date(),
    });

    await page.context().clearCookies();
    await page.goto(`/confirm-subscription?token=${token}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you: your subscription is confirmed.');

    // The first e-mail at once: well inside the minute the schedule would take.
    await expect.poll(() => outboxSubjects(email), { timeout: 30_000 }).toEqual([WELCOME_SUBJECT]);
    const run = await db
      .selectFrom('automation_runs')
      .select(['id', 'state', 'next_step', 'due_at'])
      .where('flow_id', '=', flow.id)
      .where('contact_id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ state: 'waiting', next_step: 'how-we-value' });
    expect(run.due_at.getTime() - Date.now()).toBeGreaterThan(2 * 24 * 3_600_000);

    // Three days later: the run falls due, and the job the worker's minute schedule sends
    // (automations.tick, registered as worker.db.test.ts checks) sends the second e-mail. The spec
    // sends that job itself rather than idle up to a minute for the clock.
    await db
      .updateTable('automation_runs')
      .set({ due_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', run.id)
      .execute();
    await sendMinuteTick();
    await expect
      .poll(async () => (await outboxSubjects(email)).length, { timeout: 90_000, intervals: [1_000] })
      .toBe(2);
    expect(await outboxSubjects(email)).toEqual([WELCOME_SUBJECT, SECOND_SUBJECT]);
    const finished = await db
      .selectFrom('automation_runs')
      .select('state')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(finished.state).toBe('finished');
  } finally {
    // Later specs confirm consent too: they should not start the series.
    await db.updateTable('automation_flows').set({ state: 'off' }).where('id', '=', flow.id).execute();
  }
});
