import { sql } from 'kysely';
import type { AbTest } from '#shared/campaigns/ab-test.ts';
import { sendCampaignNow } from '../../server/campaigns/actions.ts';
import type { Database } from '../../server/db/database.ts';
import { createEmailTransport } from '../../server/email/transport.ts';
import type { EmailCampaign } from '../../server/db/types.ts';
import type { AppServices } from '../../server/services.ts';
import type { FakeResend } from './fake-resend.ts';
import { recordingJobQueue, testServices } from './services.ts';

export const campaignHtml = `<html><body><p>Hello {{first_name}}, here is this month's watch market update for {{email}}.</p>
<p>Prices for the Submariner and Daytona held steady this month across Australia.</p></body></html>`;

/** `count` consenting contacts named "Contact N Surname" with addresses contact-N@example.com. */
export async function seedSubscribers(db: Database, count: number, prefix = 'contact'): Promise<void> {
  await sql`
    INSERT INTO leads (email, full_name, email_marketing_consent)
    SELECT ${prefix} || '-' || n || '@example.com', 'Contact' || n || ' Surname', true
    FROM generate_series(1, ${count}) AS n`.execute(db);
}

/** Settings for fast, deterministic runs: no delay between batches unless asked. */
export async function engineSettings(
  db: Database,
  values: { batchSize: number; delayMs?: number },
): Promise<void> {
  await db
    .updateTable('settings')
    .set({ batch_size: values.batchSize, batch_delay_ms: values.delayMs ?? 0 })
    .execute();
}

/**
 * A clean slate for one engine test: campaigns, templates, contacts and what hangs off them
 * emptied, the fake provider reset and advertising 1,000 requests/s, the batch size set, and
 * services that send through the real Resend SDK to the fake, with their jobs recorded.
 */
export async function freshEngine(db: Database, fake: FakeResend, batchSize: number) {
  fake.reset();
  fake.advertiseRate(1000);
  await sql`TRUNCATE email_campaigns, email_templates, leads, email_send_batches, provider_rate_limits,
    outbox_emails, email_events CASCADE`.execute(db);
  await engineSettings(db, { batchSize });
  const jobs = recordingJobQueue();
  const email = createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, db);
  return { jobs, services: testServices(db, { email, jobs }) };
}

/** Send Now as the admin screen does it, with a user that exists. */
export async function sendNow(
  services: Pick<AppServices, 'db' | 'jobs'>,
  fields: {
    name?: string;
    isTestMode?: boolean;
    testEmails?: string[];
    html?: string;
    /** The hand-written text part (decision 024); absent: generated from the HTML. */
    text?: string | null;
    templateId?: string | null;
    subject?: string;
    /** The inbox preview text (decision 011); absent: none. */
    preheader?: string;
    variables?: Record<string, string>;
    abTest?: AbTest;
    segmentId?: string | null;
    includeInactive?: boolean;
  } = {},
): Promise<EmailCampaign> {
  const user = await services.db
    .insertInto('users')
    .values({ email: `sender-${Math.random().toString(36).slice(2)}@example.com`, password_hash: 'unused' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return sendCampaignNow(
    services,
    {
      name: fields.name ?? 'Market update',
      subject: fields.subject ?? 'Watch market update for {{first_name}}',
      preheader: fields.preheader ?? '',
      htmlContent: fields.html ?? campaignHtml,
      blocks: null,
      textContent: fields.text ?? null,
      isTestMode: fields.isTestMode ?? false,
      testEmails: fields.testEmails ?? [],
      templateId: fields.templateId ?? null,
      variables: fields.variables ?? {},
      abTest: fields.abTest ?? null,
      includeInactive: fields.includeInactive ?? false,
      segmentId: fields.segmentId ?? null,
    },
    { userId: user.id },
  );
}
