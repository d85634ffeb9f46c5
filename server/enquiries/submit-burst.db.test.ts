import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { WatchBrandChoice } from '#shared/content/choices.ts';
import { leadSubmitInputSchema } from '#shared/leads/schema.ts';
import { useBoss } from '#test/support/boss.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL } from '#test/support/services.ts';
import { createServer } from '../app.ts';
import { createFlow, setFlowState } from '../automations/flows.ts';
import { createDatabase } from '../db/database.ts';
import { createJobQueue, ensureQueues } from '../jobs/queue.ts';
import { LEAD_RATE_LIMITED_MESSAGE } from '../trpc/routers/lead.ts';
import { PhotosUnavailableError, submitLead } from './submit.ts';
import { leadSubmitKit } from '#test/support/lead-submit.ts';

const t = useTestDatabase();
// A real pg-boss: lead.submit sends its job with pg-boss's send() inside its transaction.
const bossOf = useBoss(t);
const { leadServices, visitor, uploads, counts, notifyJobs, trpcError } = leadSubmitKit(t, bossOf);
const form = leadSubmission;

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
