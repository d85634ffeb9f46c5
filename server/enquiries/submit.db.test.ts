import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { LEAD_MESSAGES, leadSubmitInputSchema } from '#shared/leads/schema.ts';
import { useBoss } from '#test/support/boss.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { recordingJobQueue, TEST_APP_URL, testServices } from '#test/support/services.ts';
import { LEAD_RATE_LIMITED_MESSAGE } from '../trpc/routers/lead.ts';
import { getContact } from '../contacts/contacts.ts';
import { getEnquiry } from './detail.ts';
import { enquirySummaries } from './inbox.ts';
import { loadEnquiryNotice, runEnquiryNotifyJob } from './notifications.ts';
import { sellerPageView } from '../seller-page/seller-page.ts';
import { submitLead } from './submit.ts';
import { leadSubmitKit } from '#test/support/lead-submit.ts';

const t = useTestDatabase();
// A real pg-boss: lead.submit sends its job with pg-boss's send() inside its transaction.
const bossOf = useBoss(t);
const { leadServices, visitor, uploads, counts, notifyJobs, trpcError } = leadSubmitKit(t, bossOf);
const form = leadSubmission;

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
