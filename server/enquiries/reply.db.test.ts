import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, recordingJobQueue, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { SessionUser } from '../auth/session.ts';
import { runEmailSendJob } from '../email/send-job.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { enquiryReplyTo } from '../conversation/reply-address.ts';

describe('replying to a seller from the enquiry', () => {
  const t = useTestDatabase();
  const jobs = recordingJobQueue();
  let admin: SessionUser;
  let enquiryId: string;
  const caller = () => callerFor(testServices(t.db, { jobs }), admin);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'replier@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    const contact = await t.db
      .insertInto('leads')
      .values({ email: 'sam.seller@example.com', full_name: 'Sam Seller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        contact_name: 'Sam <b>Seller</b>',
        watch_brand: 'Omega',
        watch_model: 'Speedmaster',
        watch_year: 2015,
        watch_condition: 'Good',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    enquiryId = enquiry.id;
  });

  it('keeps reply templates apart from marketing ones', async () => {
    await caller().admin.templates.create({
      kind: 'reply',
      templateName: 'Offer',
      subject: 'Our offer for your {{watch_brand}} {{watch_model}}',
      htmlContent:
        '<p>Hi {{first_name}}, we offer {{offer_amount}} until {{offer_valid_until}}. {{offer_conditions}}</p>',
      variables: [],
      variableDefaults: {},
    });
    expect((await caller().admin.templates.list({})).map((t) => t.templateName)).not.toContain('Offer');
    expect((await caller().admin.templates.list({ kind: 'reply' })).map((t) => t.templateName)).toEqual([
      'Offer',
    ]);
    expect((await caller().admin.enquiries.replyTemplates()).map((t) => t.name)).toEqual(['Offer']);
  });

  it('merges the seller, the watch and the latest offer, escaped in HTML', async () => {
    await caller().admin.enquiries.recordOffer({
      id: enquiryId,
      amountCents: 420_000,
      validUntil: '2099-03-01',
      conditions: 'Subject to inspection',
    });
    const [template] = await caller().admin.enquiries.replyTemplates();
    const draft = await caller().admin.enquiries.replyPreview({ id: enquiryId, templateId: template!.id });
    expect(draft).toEqual({
      subject: 'Our offer for your Omega Speedmaster',
      html: '<p>Hi Sam, we offer $4,200.00 until 1 March 2099. Subject to inspection</p>',
    });
  });

  it('queues the reply from the business with reply-to, records it and its delivery on the timeline', async () => {
    const [template] = await caller().admin.enquiries.replyTemplates();
    const detail = await caller().admin.enquiries.reply({
      id: enquiryId,
      templateId: template!.id,
      subject: 'Your {{watch_brand}}',
      html: '<p>Dear {{full_name}}</p><script>alert(1)</script>',
    });
    const job = jobs.jobs.at(-1)!;
    expect(job.name).toBe('email.send');
    const payload = job.payload as JobPayload<'email.send'>;
    expect(payload.message).toMatchObject({
      to: ['sam.seller@example.com'],
      subject: 'Your Omega',
      from: 'Sterling Watch Buyers <valuations@sterlingwatchbuyers.com.au>',
    });
    expect(payload.message.replyTo).toBe(testServices(t.db).config.site.email);
    expect(payload.message.html).toContain('Dear Sam &lt;b&gt;Seller&lt;/b&gt;');
    expect(payload.message.html).not.toContain('<script>');
    // Offer made already: the first reply stamps it and leaves the status.
    expect(detail.status).toBe('offer_made');
    expect(detail.firstRepliedAt).not.toBeNull();

    // The worker sends it through the outbox; the webhook later stores a delivery event.
    const services = testServices(t.db, { jobs });
    const sent = await runEmailSendJob(services, payload);
    const outbox = await t.db.selectFrom('outbox_emails').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ subject: 'Your Omega', to_addresses: ['sam.seller@example.com'] });
    await t.db
      .insertInto('email_events')
      .values({
        provider_event_id: 'evt-1',
        type: 'email.delivered',
        provider_message_id: sent.id,
        payload: JSON.stringify({ type: 'email.delivered' }),
        occurred_at: new Date(Date.now() + 1000),
      })
      .execute();
    const after = await caller().admin.enquiries.get({ id: enquiryId });
    expect(after.timeline.map((e) => e.kind)).toEqual([
      'submitted',
      'status',
      'offer',
      'email',
      'email_event',
    ]);
    expect(after.timeline.at(-1)).toMatchObject({ type: 'email.delivered' });
  });

  it("sends the reply template's preheader, merged, hidden first in the HTML and not in the text", async () => {
    const created = await caller().admin.templates.create({
      kind: 'reply',
      templateName: 'Offer with preheader',
      subject: 'Our offer',
      preheader: '{{first_name}}, our offer for your {{watch_brand}} & its papers',
      htmlContent: '<p>Hi {{first_name}}</p>',
      variables: [],
      variableDefaults: {},
    });
    await caller().admin.enquiries.reply({
      id: enquiryId,
      templateId: created.id,
      subject: 'Our offer',
      html: '<p>Hi {{first_name}}</p>',
    });
    const message = (jobs.jobs.at(-1)!.payload as JobPayload<'email.send'>).message;
    // First in the body, escaped once, hidden (decision 011 and 051).
    expect(message.html).toMatch(
      /<body[^>]*><div style="display:none;[^"]*" data-skip-in-text="true">Sam, our offer for your Omega &amp; its papers/,
    );
    expect(message.text).not.toContain('our offer for your Omega');

    // Without a template there is no preheader.
    await caller().admin.enquiries.reply({
      id: enquiryId,
      templateId: null,
      subject: 'Hi',
      html: '<p>Hi</p>',
    });
    const plain = (jobs.jobs.at(-1)!.payload as JobPayload<'email.send'>).message;
    expect(plain.html).not.toMatch(/<div style="display:none;[^"]*" data-skip-in-text/);
  });

  it("answers to the enquiry's reply address when inbound mail is configured (decision 060)", async () => {
    const inbound = testServices(t.db, { jobs, config: { inboundDomain: 'reply.example.com.au' } });
    await callerFor(inbound, admin).admin.enquiries.reply({
      id: enquiryId,
      templateId: null,
      subject: 'One more question',
      html: '<p>Is the bracelet original?</p>',
    });
    const payload = jobs.jobs.at(-1)!.payload as JobPayload<'email.send'>;
    expect(payload.message.replyTo).toBe(enquiryReplyTo(inbound.config, enquiryId));
    expect(payload.message.replyTo).toMatch(/^enquiry\+[a-z2-7]{42}@reply\.example\.com\.au$/);
  });

  it('moves a New enquiry to Contacted on its first reply only', async () => {
    const contact = await t.db.selectFrom('leads').select('id').executeTakeFirstOrThrow();
    const fresh = await t.db
      .insertInto('enquiries')
      .values({ lead_id: contact.id, watch_brand: 'Rolex', watch_condition: 'Good' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await caller().admin.enquiries.reply({
      id: fresh.id,
      templateId: null,
      subject: 'Hi',
      html: '<p>Hi</p>',
    });
    expect(first.status).toBe('contacted');
    expect(first.timeline.filter((e) => e.kind === 'status')).toHaveLength(1);
    const second = await caller().admin.enquiries.reply({
      id: fresh.id,
      templateId: null,
      subject: 'Again',
      html: '<p>x</p>',
    });
    expect(second.timeline.filter((e) => e.kind === 'status')).toHaveLength(1);
    expect(second.timeline.filter((e) => e.kind === 'email')).toHaveLength(2);
  });
});
