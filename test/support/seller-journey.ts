import { Buffer } from 'node:buffer';
import type { AppServices } from '../../server/services.ts';
import type { Database } from '../../server/db/database.ts';
import { runEmailSendJob } from '../../server/email/send-job.ts';
import type { JobPayload } from '../../server/jobs/definitions.ts';
import type { AcceptedEmail, FakeResend } from './fake-resend.ts';
import { type IcsComponent, parseIcs } from './ics.ts';
import { callerAt, type callerFor, type RecordingJobQueue } from './services.ts';

// The seller's side of an enquiry as the DB tests of the seller page, visits and kits drive it
// (decisions 059, 062): offers e-mailed with the page's link, accepted on that page, every e-mail
// sent by the real Resend SDK to the fake provider.

const TOKEN_IN_LINK = /\/enquiry\/([A-Za-z0-9_-]{50})/;

type AdminCaller = ReturnType<typeof callerFor>['admin'];

/** The seller page's token in an e-mail's link. */
export function sellerTokenIn(html: string | undefined): string {
  const token = TOKEN_IN_LINK.exec(html ?? '')?.[1];
  if (!token) throw new Error('no seller link in the e-mail');
  return token;
}

/** The `.ics` attached to an e-mail, and its one event. */
export function calendarOf(mail: AcceptedEmail | undefined): {
  attachment: NonNullable<AcceptedEmail['attachments']>[number];
  calendar: IcsComponent;
  event: IcsComponent;
} {
  const attachment = mail?.attachments?.[0];
  if (!attachment?.content) throw new Error('no .ics attached');
  const calendar = parseIcs(Buffer.from(attachment.content, 'base64').toString('utf8'));
  const event = calendar.components.find((c) => c.type === 'VEVENT');
  if (!event) throw new Error('no VEVENT');
  return { attachment, calendar, event };
}

export interface EnquiryOptions {
  model?: string;
  amountCents?: number;
  /** Assigned before the seller answers, so the team's e-mails go to this member. */
  assigneeId?: string | null;
}

/**
 * One test file's seller journey. The getters are read at call time, since a file makes its
 * services in `beforeAll`.
 */
export function sellerJourney(context: {
  db: () => Database;
  services: () => AppServices;
  jobs: () => RecordingJobQueue;
  fake: () => FakeResend;
  admin: () => AdminCaller;
}) {
  let network = 0;
  // A fresh network per call keeps the page's per-network limit out of the tests.
  const seller = () => callerAt(context.services(), `198.51.100.${(network++ % 250) + 1}`).seller;

  /** Runs every queued e-mail job; returns what the fake provider accepted from them. */
  async function deliver(): Promise<AcceptedEmail[]> {
    const fake = context.fake();
    const before = fake.emails.length;
    const queued = context
      .jobs()
      .jobs.splice(0)
      .filter((j) => j.name === 'email.send');
    for (const job of queued) {
      await runEmailSendJob(context.services(), job.payload as JobPayload<'email.send'>);
    }
    return fake.emails.slice(before);
  }

  /** A sell-form enquiry with an offer recorded, and the token its offer e-mail links to. */
  async function offeredEnquiry(email: string, name: string, options: EnquiryOptions = {}) {
    const db = context.db();
    const lead = await db
      .insertInto('leads')
      .values({ email, full_name: name })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: name,
        watch_brand: 'Rolex',
        watch_model: options.model ?? 'Daytona',
        watch_condition: 'Excellent',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await context.admin().enquiries.recordOffer({
      id: row.id,
      amountCents: options.amountCents ?? 2_000_000,
      validUntil: '2099-01-31',
      conditions: null,
    });
    const mail = (await deliver()).find((e) => e.to.includes(email));
    return { id: row.id, token: sellerTokenIn(mail?.html) };
  }

  /** The same, with the offer accepted on the seller's page and its e-mails delivered. */
  async function acceptedEnquiry(email: string, name: string, options: EnquiryOptions = {}) {
    const made = await offeredEnquiry(email, name, options);
    if (options.assigneeId) {
      await context.admin().enquiries.assign({ id: made.id, assigneeId: options.assigneeId });
    }
    const page = await seller().get({ token: made.token });
    await seller().accept({
      token: made.token,
      offerId: page.offer?.id ?? '',
      typedName: name,
      declaration: true,
    });
    await deliver();
    return made;
  }

  return { seller, deliver, offeredEnquiry, acceptedEnquiry };
}
