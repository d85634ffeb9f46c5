import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { WatchBrandChoice } from '#shared/content/choices.ts';
import { LEAD_MESSAGES, leadSubmitInputSchema } from '#shared/leads/schema.ts';
import { useBoss } from '#test/support/boss.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { recordingJobQueue, TEST_APP_URL, testServices } from '#test/support/services.ts';
import { createServer } from '../app.ts';
import { createFlow, setFlowState } from '../automations/flows.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { createJobQueue, ensureQueues } from '../jobs/queue.ts';
import type { AppServices } from '../services.ts';
import type { Context } from '../trpc/context.ts';
import { createCaller } from '../trpc/router.ts';
import { LEAD_RATE_LIMITED_MESSAGE } from '../trpc/routers/lead.ts';
import { getContact } from '../contacts/contacts.ts';
import { getEnquiry } from './detail.ts';
import { enquirySummaries } from './inbox.ts';
import { loadEnquiryNotice, runEnquiryNotifyJob } from './notifications.ts';
import { sellerPageView } from '../seller-page/seller-page.ts';
import { PhotosUnavailableError, submitLead } from './submit.ts';

const t = useTestDatabase();
// A real pg-boss: lead.submit sends its job with pg-boss's send() inside its transaction.
const bossOf = useBoss(t);

/** Services whose job queue is pg-boss's, as the server's is. */
function leadServices(overrides: Parameters<typeof testServices>[1] = {}): AppServices {
  return testServices(t.db, { jobs: createJobQueue(bossOf()), ...overrides });
}

let ipCounter = 0;
/** A public caller from its own IP, so one test's submissions never count against another's limit. */
function visitor(services: AppServices, ip = `198.51.100.${(ipCounter += 1)}`) {
  const ctx: Context = {
    ...services,
    request: { ip, userAgent: 'Mozilla/5.0 (vitest)' },
    session: null,
    user: null,
    http: null,
  };
  return createCaller(ctx);
}

const form = leadSubmission;

/** Upload rows as POST /api/uploads leaves them (the files themselves are not needed here). */
async function uploads(db: Database, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = await db
    .insertInto('uploads')
    .values(
      Array.from({ length: count }, () => ({
        driver: 'local' as const,
        storage_key: `${randomUUID()}.jpg`,
        content_type: 'image/jpeg',
        bytes: 1000,
        width: 10,
        height: 10,
        sha256: 'x'.repeat(64),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

async function counts(db: Database) {
  const row = await sql<{ contacts: number; enquiries: number; attached: number; jobs: number }>`
    SELECT (SELECT count(*) FROM leads)::int AS contacts,
           (SELECT count(*) FROM enquiries)::int AS enquiries,
           (SELECT count(*) FROM uploads WHERE enquiry_id IS NOT NULL)::int AS attached,
           (SELECT count(*) FROM pgboss.job WHERE name = 'enquiry.notify')::int AS jobs`.execute(db);
  return row.rows[0];
}

/** The `enquiry.notify` jobs queued for an enquiry (pg-boss's table, as the worker reads it). */
async function notifyJobs(db: Database, enquiryId: string) {
  const result = await sql<{ id: string; data: unknown; state: string }>`
    SELECT id, data, state FROM pgboss.job
    WHERE name = 'enquiry.notify' AND data->>'enquiryId' = ${enquiryId}`.execute(db);
  return result.rows;
}

async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

describe('lead.submit', () => {
  it('stores the contact, the enquiry and its photos, and queues the notification in one transaction', async () => {
    const services = leadServices();
    const photoIds = await uploads(t.db, 2);
    const input = form({ photo_upload_ids: photoIds, emailMarketingConsent: true });

    const result = await visitor(services, '203.0.113.10').lead.submit(input);
    expect(result).toEqual({
      success: true,
      enquiryId: expect.any(String) as string,
      confirmationRequested: true,
    });

    const enquiry = await t.db
      .selectFrom('enquiries')
      .selectAll()
      .where('id', '=', result.enquiryId)
      .executeTakeFirstOrThrow();
    expect(enquiry).toMatchObject({
      watch_brand: 'Rolex',
      watch_model: 'Submariner',
      watch_year: 2019,
      watch_condition: 'Very Good - Minor wear',
      has_box: true,
      has_papers: false,
      additional_details: 'Serviced in 2023.',
      source: 'website',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'brand',
      utm_content: null,
      utm_term: 'sell rolex',
      meta_event_id: input.meta_event_id,
      ip: '203.0.113.10',
      user_agent: 'Mozilla/5.0 (vitest)',
      email_consent_requested: true,
      sms_consent_requested: false,
    });
    const contact = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', enquiry.lead_id)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      email: input.email,
      full_name: 'Jane Citizen',
      phone: '0412 345 678',
      // A ticked box is a request until the address confirms it (decision 016).
      email_marketing_consent: false,
      email_consent_pending: true,
      sms_marketing_consent: false,
      sms_consent_pending: false,
      consent_at: null,
      consent_source: null,
      consent_ip: null,
      email_unsubscribed_at: null,
    });
    expect(contact.consent_requested_at).toBeInstanceOf(Date);

    const attached = await t.db
      .selectFrom('uploads')
      .select(['id', 'enquiry_id'])
      .where('id', 'in', photoIds)
      .execute();
    expect(attached.every((u) => u.enquiry_id === result.enquiryId)).toBe(true);

    // One small job, sent in the transaction that stored the enquiry: both exist or neither.
    expect(await notifyJobs(t.db, result.enquiryId)).toEqual([
      { id: expect.any(String) as string, data: { enquiryId: result.enquiryId }, state: 'created' },
    ]);

    // The worker's handler then queues both e-mails with keys derived from the enquiry.
    const emailJobs = recordingJobQueue();
    await runEnquiryNotifyJob({ ...services, jobs: emailJobs }, { enquiryId: result.enquiryId });
    const payloads = emailJobs.jobs.map(
      (j) => j.payload as { idempotencyKey: string; message: { to: string[]; text: string } },
    );
    expect(emailJobs.jobs.map((j) => j.name)).toEqual(['email.send', 'email.send']);
    expect(payloads.map((p) => p.idempotencyKey)).toEqual([
      `enquiry-${result.enquiryId}-business`,
      `enquiry-${result.enquiryId}-seller`,
    ]);
    const [business, seller] = payloads;
    expect(business?.message.to).toEqual([services.config.site.email]);
    for (const id of photoIds) expect(business?.message.text).toContain(`${TEST_APP_URL}/api/uploads/${id}`);
    expect(business?.message.text).toContain(`${TEST_APP_URL}/admin/contacts/${contact.id}`);
    expect(business?.message.text).toContain('UTM source: google');
    expect(business?.message.text).toContain('Model: Submariner');
    expect(seller?.message.to).toEqual([input.email]);
    expect(seller?.message.text).toContain('within 24 hours');
    expect(seller?.message.text).toContain(`${TEST_APP_URL}/confirm-subscription?token=`);
  });

  it("lists the photos in the seller's order everywhere, not the order their uploads finished", async () => {
    const services = leadServices();
    // Photos 1, 2 and 3 as the form showed them; their uploads finished 3, then 1, then 2.
    const [one, two, three] = await uploads(t.db, 3);
    if (!one || !two || !three) throw new Error('three uploads expected');
    const finished = [three, one, two];
    for (const [index, id] of finished.entries())
      await t.db
        .updateTable('uploads')
        .set({ created_at: new Date(Date.UTC(2026, 10, 27, 9, 0, index)) })
        .where('id', '=', id)
        .execute();
    // The seller moved photo 2 first: the form sends the ids in the order shown.
    const arranged = [two, three, one];
    const result = await submitLead(
      services,
      leadSubmitInputSchema.parse(form({ photo_upload_ids: arranged })),
      { ip: '192.0.2.40', userAgent: 'vitest' },
    );

    // The admin enquiry page (and its full-size download links).
    expect((await getEnquiry(t.db, result.enquiryId))?.photoIds).toEqual(arranged);
    // The seller's page.
    expect((await sellerPageView(t.db, result.enquiryId))?.photoIds).toEqual(arranged);
    // The new-lead alert's facts and the links in its e-mail, in that order.
    expect((await loadEnquiryNotice(t.db, result.enquiryId))?.photoIds).toEqual(arranged);
    const emailJobs = recordingJobQueue();
    await runEnquiryNotifyJob({ ...services, jobs: emailJobs }, { enquiryId: result.enquiryId });
    const text = (emailJobs.jobs[0]?.payload as { message: { text: string } }).message.text;
    const at = arranged.map((id) => text.indexOf(`${TEST_APP_URL}/api/uploads/${id}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The inbox's thumbnail is the photo the seller put first.
    expect((await enquirySummaries(t.db, [result.enquiryId]))[0]?.photoId).toBe(two);
    // The contact's page.
    const contact = await getContact(t.db, result.contactId);
    expect(contact?.enquiries.find((e) => e.id === result.enquiryId)?.photoIds).toEqual(arranged);
  });

  it('the notification job does nothing for an enquiry that no longer exists', async () => {
    const jobs = recordingJobQueue();
    expect(await runEnquiryNotifyJob(testServices(t.db, { jobs }), { enquiryId: randomUUID() })).toEqual({
      queued: false,
    });
    expect(jobs.jobs).toEqual([]);
  });

  it('records no consent evidence when no box is ticked', async () => {
    const services = leadServices();
    const input = form();
    await visitor(services).lead.submit(input);
    const contact = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      email_marketing_consent: false,
      sms_marketing_consent: false,
      consent_at: null,
      consent_source: null,
      consent_ip: null,
      email_consent_pending: false,
      sms_consent_pending: false,
      consent_requested_at: null,
    });
  });

  it('answers a repeated meta_event_id with the first result and stores nothing new', async () => {
    const services = leadServices();
    const input = form({ photo_upload_ids: await uploads(t.db, 1) });
    const first = await visitor(services).lead.submit(input);
    const before = await counts(t.db);

    const again = await visitor(services).lead.submit({
      ...input,
      fullName: 'Someone Else',
      email: 'someone.else@example.com',
      photo_upload_ids: await uploads(t.db, 1),
    });
    expect(again).toEqual(first);
    expect(await counts(t.db)).toEqual(before);
    expect(await notifyJobs(t.db, first.enquiryId)).toHaveLength(1);
    const contact = await t.db
      .selectFrom('leads')
      .select('full_name')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(contact.full_name).toBe('Jane Citizen');
  });

  it('stores one enquiry when the same submission arrives several times at once', async () => {
    const services = leadServices();
    const input = form({ photo_upload_ids: await uploads(t.db, 2) });
    const before = await counts(t.db);

    const results = await Promise.all(Array.from({ length: 5 }, () => visitor(services).lead.submit(input)));
    const ids = new Set(results.map((r) => r.enquiryId));
    expect(ids.size).toBe(1);
    const after = await counts(t.db);
    expect(after).toEqual({
      contacts: (before?.contacts ?? 0) + 1,
      enquiries: (before?.enquiries ?? 0) + 1,
      attached: (before?.attached ?? 0) + 2,
      jobs: (before?.jobs ?? 0) + 1,
    });
    expect(await notifyJobs(t.db, [...ids][0] ?? '')).toHaveLength(1);
  });

  it('keeps one contact per e-mail whatever its case, never weakening an unsubscribe or suppression', async () => {
    const unsubscribedAt = new Date('2026-01-02T03:04:05Z');
    const suppressedAt = new Date('2026-02-03T04:05:06Z');
    const existing = await t.db
      .insertInto('leads')
      .values({
        email: 'Former.Seller@Example.com',
        full_name: 'Old Name',
        phone: '0200 000 000',
        email_unsubscribed_at: unsubscribedAt,
        unsubscribe_reason: 'Too many e-mails',
        sms_unsubscribed_at: unsubscribedAt,
        suppressed_at: suppressedAt,
        suppression_reason: 'complaint',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const services = leadServices();
    const result = await visitor(services, '203.0.113.20').lead.submit(
      form({
        email: 'former.seller@example.COM',
        fullName: 'New Name',
        phone: '0499 999 999',
        emailMarketingConsent: true,
        smsMarketingConsent: true,
      }),
    );

    const enquiry = await t.db
      .selectFrom('enquiries')
      .select(['lead_id', 'contact_name', 'contact_phone'])
      .where('id', '=', result.enquiryId)
      .executeTakeFirstOrThrow();
    // The enquiry keeps exactly what was submitted (decision 016) ...
    expect(enquiry).toEqual({
      lead_id: existing.id,
      contact_name: 'New Name',
      contact_phone: '0499 999 999',
    });
    const contact = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      email: 'Former.Seller@Example.com',
      // ... while an unverified submission does not replace the contact's own name and phone.
      full_name: 'Old Name',
      phone: '0200 000 000',
      email_unsubscribed_at: unsubscribedAt,
      unsubscribe_reason: 'Too many e-mails',
      sms_unsubscribed_at: unsubscribedAt,
      suppressed_at: suppressedAt,
      suppression_reason: 'complaint',
      // The ticks only ask: nothing is consent until the address confirms (decision 016).
      email_marketing_consent: false,
      sms_marketing_consent: false,
      email_consent_pending: true,
      sms_consent_pending: true,
      consent_source: null,
      consent_ip: null,
    });
    const sameEmail = await t.db
      .selectFrom('leads')
      .select('id')
      .where(sql`lower(email)`, '=', 'former.seller@example.com')
      .execute();
    expect(sameEmail).toHaveLength(1);
  });

  it("fills a known contact's blank name and phone from a submission", async () => {
    const email = `blank.${randomUUID().slice(0, 8)}@example.com`;
    await t.db.insertInto('leads').values({ email, full_name: null, phone: '' }).execute();
    await visitor(leadServices(), '203.0.113.21').lead.submit(
      form({ email, fullName: 'Filled Name', phone: '0411 111 111' }),
    );
    const contact = await t.db
      .selectFrom('leads')
      .select(['full_name', 'phone'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ full_name: 'Filled Name', phone: '0411 111 111' });
  });

  it('never withdraws earlier consent or a pending request when a later enquiry leaves the boxes unticked', async () => {
    const services = leadServices();
    const email = `repeat.${randomUUID().slice(0, 8)}@example.com`;
    await t.db
      .insertInto('leads')
      .values({
        email,
        email_marketing_consent: true,
        consent_at: new Date('2026-03-01T00:00:00Z'),
        consent_source: 'preferences',
        consent_ip: '203.0.113.30',
        sms_consent_pending: true,
      })
      .execute();
    await visitor(services, '203.0.113.31').lead.submit(form({ email }));
    const second = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(second).toMatchObject({
      email_marketing_consent: true,
      consent_ip: '203.0.113.30',
      consent_source: 'preferences',
      consent_at: new Date('2026-03-01T00:00:00Z'),
      sms_consent_pending: true,
    });
  });

  it('asks no confirmation for a channel the contact already receives', async () => {
    const email = `subscribed.${randomUUID().slice(0, 8)}@example.com`;
    await t.db.insertInto('leads').values({ email, email_marketing_consent: true }).execute();
    const result = await visitor(leadServices()).lead.submit(form({ email, emailMarketingConsent: true }));
    expect(result.confirmationRequested).toBe(false);
    const contact = await t.db
      .selectFrom('leads')
      .select(['email_marketing_consent', 'email_consent_pending'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ email_marketing_consent: true, email_consent_pending: false });
  });

  it('refuses more than 10 photos with the spec message and stores nothing', async () => {
    const services = leadServices();
    const before = await counts(t.db);
    const error = await trpcError(
      visitor(services).lead.submit(form({ photo_upload_ids: await uploads(t.db, 11) })),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.cause).toBeInstanceOf(ZodError);
    expect((error.cause as ZodError).issues.map((i) => [i.path[0], i.message])).toEqual([
      ['photo_upload_ids', 'Please upload a maximum of 10 photos.'],
    ]);
    expect(await counts(t.db)).toEqual(before);
  });

  it('refuses photos that do not exist or belong to another enquiry, storing nothing', async () => {
    const services = leadServices();
    const [taken, free] = await uploads(t.db, 2);
    if (!taken || !free) throw new Error('uploads not created');
    await visitor(services).lead.submit(form({ photo_upload_ids: [taken] }));
    const before = await counts(t.db);

    for (const ids of [
      [free, taken],
      [free, randomUUID()],
    ]) {
      const input = form({ photo_upload_ids: ids });
      const error = await trpcError(visitor(services).lead.submit(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(
        'Some of your photos are no longer available. Please remove them and add them again.',
      );
      expect(await counts(t.db)).toEqual(before);
      const contact = await t.db
        .selectFrom('leads')
        .select('id')
        .where('email', '=', input.email)
        .executeTakeFirst();
      expect(contact).toBeUndefined();
    }
    const stillFree = await t.db
      .selectFrom('uploads')
      .select('enquiry_id')
      .where('id', '=', free)
      .executeTakeFirstOrThrow();
    expect(stillFree.enquiry_id).toBeNull();
  });

  it('refuses invalid input with field messages, never a 500 and never a partial row', async () => {
    const services = leadServices();
    const before = await counts(t.db);
    const error = await trpcError(
      visitor(services).lead.submit(
        form({ fullName: 'J', email: 'not-an-email', watchYear: '1899', watchBrand: 'Seiko' as 'Rolex' }),
      ),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.cause).toBeInstanceOf(ZodError);
    const messages = Object.fromEntries(
      (error.cause as ZodError).issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      fullName: LEAD_MESSAGES.nameTooShort,
      email: LEAD_MESSAGES.emailInvalid,
      watchYear: LEAD_MESSAGES.year,
      watchBrand: LEAD_MESSAGES.brand,
    });
    expect(await counts(t.db)).toEqual(before);
  });

  it('limits each IP to 10 submissions per 10 minutes', async () => {
    const services = leadServices();
    const caller = visitor(services, '203.0.113.99');
    for (let i = 0; i < 10; i += 1) await caller.lead.submit(form());
    const error = await trpcError(caller.lead.submit(form()));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe(LEAD_RATE_LIMITED_MESSAGE);
    // Another visitor is unaffected.
    await expect(visitor(services, '203.0.113.98').lead.submit(form())).resolves.toMatchObject({
      success: true,
    });
  });

  it('can run without the per-IP limit when the configuration disables it (benchmarks)', async () => {
    const services = leadServices({
      config: { rateLimits: { leadSubmit: null, uploads: null } },
    });
    const caller = visitor(services, '203.0.113.77');
    const before = await counts(t.db);
    const results = [];
    for (let i = 0; i < 12; i += 1) results.push(await caller.lead.submit(form()));
    expect(results.map((result) => result.success)).toEqual(Array.from({ length: 12 }, () => true));
    expect(new Set(results.map((result) => result.enquiryId)).size).toBe(12);
    expect((await counts(t.db))?.enquiries).toBe((before?.enquiries ?? 0) + 12);
  });
});

describe('lead.submit over HTTP', () => {
  const post = (app: Awaited<ReturnType<typeof createServer>>['app'], input: unknown, ip = '192.0.2.1') =>
    app.inject({
      method: 'POST',
      url: '/trpc/lead.submit',
      remoteAddress: ip,
      headers: {
        'content-type': 'application/json',
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
        'user-agent': 'inject',
      },
      payload: JSON.stringify(input),
    });

  it('answers success, 400 with field messages for bad input, and 429 with Retry-After when limited', async () => {
    const server = await createServer({
      services: leadServices({
        config: { rateLimits: { leadSubmit: { limit: 2, windowSeconds: 600 }, uploads: null } },
      }),
      clientDir: null,
      logLevel: 'silent',
    });
    try {
      const ok = await post(server.app, form());
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ result: { data: { success: true } } });

      const bad = await post(
        server.app,
        form({ fullName: 'J', phone: '123', watchCondition: '' as 'Needs Service/Repair' }),
      );
      expect(bad.statusCode).toBe(400);
      const body = bad.json<{ error: { data: { code: string; fieldErrors: Record<string, string[]> } } }>();
      expect(body.error.data.code).toBe('BAD_REQUEST');
      expect(body.error.data.fieldErrors).toEqual({
        fullName: ['Name must be at least 2 characters'],
        phone: ['Phone number must be at least 8 digits'],
        watchCondition: ['Please select watch condition'],
      });

      const limited = await post(server.app, form());
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.json()).toMatchObject({ error: { message: LEAD_RATE_LIMITED_MESSAGE } });
    } finally {
      await server.stop();
    }
  });

  it('reports unavailable photos as a field message', async () => {
    const server = await createServer({ services: leadServices(), clientDir: null, logLevel: 'silent' });
    try {
      const res = await post(server.app, form({ photo_upload_ids: [randomUUID()] }), '192.0.2.2');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          data: {
            fieldErrors: {
              photo_upload_ids: [
                'Some of your photos are no longer available. Please remove them and add them again.',
              ],
            },
          },
        },
      });
    } finally {
      await server.stop();
    }
  });
});

describe('lead.submit and the job queue', () => {
  it('queues a job the worker fetches like one from boss.send()', async () => {
    const boss = bossOf();
    const { enquiryId } = await visitor(leadServices()).lead.submit(form());
    const fetched = await boss.fetch('enquiry.notify', { batchSize: 100 });
    const job = fetched.find((j) => (j.data as { enquiryId?: string }).enquiryId === enquiryId);
    expect(job?.data).toEqual({ enquiryId });
  });

  it('stores nothing when the job cannot be queued (no enquiry.notify queue)', async () => {
    const boss = bossOf();
    await boss.deleteQueue('enquiry.notify');
    try {
      const before = await counts(t.db);
      const error = await trpcError(visitor(leadServices()).lead.submit(form()));
      expect(error.code).toBe('INTERNAL_SERVER_ERROR');
      expect(await counts(t.db)).toEqual(before);
    } finally {
      await ensureQueues(boss);
    }
  });
});

describe('lead.submit under a burst (concurrent transactions)', () => {
  async function contactEmailsOf(enquiryIds: string[]) {
    const rows = await t.db
      .selectFrom('enquiries')
      .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
      .select(['enquiries.id', 'leads.email', 'enquiries.meta_event_id'])
      .where('enquiries.id', 'in', enquiryIds)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  it('stores each submission of a burst with its own contact, photos and job', async () => {
    const services = leadServices();
    const shared = `Burst.${randomUUID().slice(0, 8)}@Example.com`;
    const inputs = await Promise.all(
      Array.from({ length: 12 }, async (_, index) =>
        form({
          photo_upload_ids: await uploads(t.db, index % 3),
          // Two enquiries from one seller, the second typed in other case.
          ...(index === 4 ? { email: shared } : index === 9 ? { email: shared.toLowerCase() } : {}),
          fullName: `Seller ${'ABCDEFGHIJKL'[index] ?? ''}`,
        }),
      ),
    );
    const before = await counts(t.db);

    const results = await Promise.all(inputs.map((input) => visitor(services).lead.submit(input)));

    expect(new Set(results.map((r) => r.enquiryId)).size).toBe(inputs.length);
    const stored = await contactEmailsOf(results.map((r) => r.enquiryId));
    results.forEach((result, index) => {
      const input = inputs[index];
      const row = stored.get(result.enquiryId);
      expect(row?.meta_event_id).toBe(input?.meta_event_id);
      expect(row?.email.toLowerCase()).toBe(input?.email.toLowerCase());
    });
    for (const [index, result] of results.entries()) {
      const attached = await t.db
        .selectFrom('uploads')
        .select('id')
        .where('enquiry_id', '=', result.enquiryId)
        .execute();
      expect(attached.map((u) => u.id).sort()).toEqual([...(inputs[index]?.photo_upload_ids ?? [])].sort());
      expect(await notifyJobs(t.db, result.enquiryId)).toHaveLength(1);
    }
    expect(await counts(t.db)).toEqual({
      contacts: (before?.contacts ?? 0) + 11,
      enquiries: (before?.enquiries ?? 0) + 12,
      attached: (before?.attached ?? 0) + 12,
      jobs: (before?.jobs ?? 0) + 12,
    });
  });

  it('one submission the database refuses stores nothing, its contact included; the others are stored', async () => {
    await sql`
      CREATE FUNCTION refuse_test_enquiry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.watch_model = 'Refused by the database' THEN RAISE EXCEPTION 'test refusal'; END IF;
        RETURN NEW;
      END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER refuse_test_enquiry BEFORE INSERT ON enquiries
      FOR EACH ROW EXECUTE FUNCTION refuse_test_enquiry()`.execute(t.db);
    try {
      const services = leadServices();
      const refusedPhotos = await uploads(t.db, 1);
      const inputs = [
        form(),
        form({ watchModel: 'Refused by the database', photo_upload_ids: refusedPhotos }),
        form(),
      ].map((input) => leadSubmitInputSchema.parse(input));
      const before = await counts(t.db);
      const [good1, refused, good2] = await Promise.allSettled(
        inputs.map((input) => submitLead(services, input, { ip: null, userAgent: null })),
      );
      expect(refused).toMatchObject({ status: 'rejected', reason: { message: 'test refusal' } });
      for (const outcome of [good1, good2])
        expect(outcome).toMatchObject({
          status: 'fulfilled',
          value: { enquiryId: expect.any(String) as string, created: true },
        });
      // The contact was upserted before the enquiry failed: the transaction took it back.
      const refusedContact = await t.db
        .selectFrom('leads')
        .select('id')
        .where('email', '=', inputs[1]?.email ?? '')
        .executeTakeFirst();
      expect(refusedContact).toBeUndefined();
      expect(await counts(t.db)).toEqual({
        contacts: (before?.contacts ?? 0) + 2,
        enquiries: (before?.enquiries ?? 0) + 2,
        attached: before?.attached ?? 0,
        jobs: (before?.jobs ?? 0) + 2,
      });
    } finally {
      await sql`DROP TRIGGER refuse_test_enquiry ON enquiries`.execute(t.db);
      await sql`DROP FUNCTION refuse_test_enquiry()`.execute(t.db);
    }
  });

  it('a new enquiry enters the live flows triggered by New, for their brands only (decision 064)', async () => {
    const flow = async (name: string, brands: WatchBrandChoice[]) => {
      const id = await t.db.transaction().execute((trx) =>
        createFlow(
          trx,
          {
            name,
            description: '',
            trigger: { type: 'enquiry_status', status: 'new', brands },
            reentry: 'per_occurrence',
            respectQuietHours: true,
            steps: [{ id: 'first', type: 'send', templateId: randomUUID(), template: 'marketing' }],
          },
          null,
        ),
      );
      await setFlowState(t.db, id, 'live');
      return id;
    };
    const anyBrand = await flow(`New, any brand ${randomUUID()}`, []);
    const otherBrand = await flow(`New, Patek only ${randomUUID()}`, ['Patek Philippe']);
    const input = form({ watchBrand: 'Rolex' });
    const result = await visitor(leadServices()).lead.submit(input);
    const runs = await t.db
      .selectFrom('automation_runs')
      .select(['flow_id', 'enquiry_id', 'occurrence_key'])
      .where('flow_id', 'in', [anyBrand, otherBrand])
      .execute();
    expect(runs).toEqual([
      {
        flow_id: anyBrand,
        enquiry_id: result.enquiryId,
        occurrence_key: `enquiry:${result.enquiryId}:new:1`,
      },
    ]);
  });

  it('a submission one of whose photos is gone stores nothing', async () => {
    const [taken] = await uploads(t.db, 1);
    const mine = await uploads(t.db, 1);
    await visitor(leadServices()).lead.submit(form({ photo_upload_ids: [taken ?? ''] }));
    const late = leadSubmitInputSchema.parse(form({ photo_upload_ids: [mine[0] ?? '', taken ?? ''] }));
    const before = await counts(t.db);
    await expect(submitLead(leadServices(), late, { ip: null, userAgent: null })).rejects.toBeInstanceOf(
      PhotosUnavailableError,
    );
    const photo = await t.db
      .selectFrom('uploads')
      .select('enquiry_id')
      .where('id', '=', mine[0] ?? '')
      .executeTakeFirst();
    expect(photo?.enquiry_id).toBeNull();
    expect(await counts(t.db)).toEqual(before);
  });

  it('stores one enquiry when two server processes receive the same submission at once', async () => {
    // Two databases, as two processes have: the database's unique event id decides.
    const processes = [
      createDatabase({ connectionString: t.url, max: 2 }),
      createDatabase({ connectionString: t.url, max: 2 }),
    ];
    try {
      const jobs = createJobQueue(bossOf());
      const input = leadSubmitInputSchema.parse(form({ photo_upload_ids: await uploads(t.db, 2) }));
      const before = await counts(t.db);
      const results = await Promise.all(
        processes.flatMap((db) =>
          [1, 2].map(() => submitLead({ db, jobs }, input, { ip: null, userAgent: null })),
        ),
      );
      expect(new Set(results.map((r) => r.enquiryId)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await counts(t.db)).toEqual({
        contacts: (before?.contacts ?? 0) + 1,
        enquiries: (before?.enquiries ?? 0) + 1,
        attached: (before?.attached ?? 0) + 2,
        jobs: (before?.jobs ?? 0) + 1,
      });
    } finally {
      for (const db of processes) await db.destroy();
    }
  });
});
