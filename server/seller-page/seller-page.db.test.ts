import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OWNERSHIP_DECLARATION_VERSION,
  SELLER_MESSAGES,
  type SellerPageView,
} from '#shared/enquiries/seller.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import {
  callerAt,
  callerFor,
  codeOf,
  type RecordingJobQueue,
  recordingJobQueue,
  testServices,
} from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createEmailTransport } from '../email/transport.ts';
import { runEmailSendJob } from '../email/send-job.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import type { AppServices } from '../services.ts';
import { runEnquiryNotifyJob } from '../enquiries/notifications.ts';
import { consumeSellerPageAllowance, SELLER_LIMITS } from './allowances.ts';
import { runSellerLinkRequestJob } from './seller-mail.ts';
import { signSellerToken } from '../seller-link/seller-link.ts';
import { statementCounter } from '#test/support/statement-counter.ts';

// The seller's page and offers answered online (decision 059), through the tRPC procedures the
// page calls, with e-mails sent by the real Resend SDK to the fake provider.

const TOKEN_IN_LINK = /\/enquiry\/([A-Za-z0-9_-]{50})/;

describe("the seller's page", () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;
  let admin: SessionUser;
  let enquiryId: string;
  let otherEnquiryId: string;
  let otherPhotoId: string;
  let photoId: string;
  const api = () => callerFor(services, admin).admin.enquiries;
  const seller = (ip = '198.51.100.7') => callerAt(services, ip).seller;

  /** Runs every queued e-mail job through the real SDK; returns what the fake provider accepted. */
  async function deliver() {
    const before = fake.emails.length;
    const queued = jobs.jobs.splice(0).filter((j) => j.name === 'email.send');
    for (const job of queued) await runEmailSendJob(services, job.payload as JobPayload<'email.send'>);
    return fake.emails.slice(before);
  }

  /** What the worker does with the queued new-link requests (decision 067); how many e-mails each queued. */
  async function runLinkRequests(): Promise<number[]> {
    const requests = jobs.jobs.filter((j) => j.name === 'seller.link-request');
    jobs.jobs.splice(0, jobs.jobs.length, ...jobs.jobs.filter((j) => !requests.includes(j)));
    const queued = [];
    for (const job of requests)
      queued.push(await runSellerLinkRequestJob(services, job.payload as JobPayload<'seller.link-request'>));
    return queued;
  }

  function tokenIn(html: string | undefined): string {
    const match = TOKEN_IN_LINK.exec(html ?? '');
    if (!match?.[1]) throw new Error('no seller link in the e-mail');
    return match[1];
  }

  async function newEnquiry(email: string, name: string, brand = 'Rolex') {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: name })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: name,
        watch_brand: brand,
        watch_model: 'Submariner',
        watch_condition: 'Excellent',
        assignee_id: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function photoFor(id: string, key: string) {
    const row = await t.db
      .insertInto('uploads')
      .values({
        driver: 'local',
        storage_key: key,
        content_type: 'image/jpeg',
        bytes: 100,
        sha256: key,
        enquiry_id: id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Records an offer as the admin does and returns the token e-mailed to the seller with it. */
  async function offer(id: string, validUntil: string | null = '2099-01-31') {
    await api().recordOffer({ id, amountCents: 1_250_000, validUntil, conditions: 'Subject to inspection' });
    const sent = await deliver();
    const mail = sent.find((e) => e.tags?.some((tag) => tag.value === 'enquiry_offer'));
    if (!mail) throw new Error('no offer e-mail');
    return { mail, token: tokenIn(mail.html) };
  }

  beforeAll(async () => {
    fake = await startFakeResend();
    jobs = recordingJobQueue();
    const email = createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db);
    services = testServices(t.db, { email, jobs });
    const user = await t.db
      .insertInto('users')
      .values({ email: 'buyer@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
    enquiryId = await newEnquiry('olivia@example.com', 'Olivia Brown');
    otherEnquiryId = await newEnquiry('noah@example.com', 'Noah Other', 'Omega');
    photoId = await photoFor(enquiryId, 'olivia.jpg');
    otherPhotoId = await photoFor(otherEnquiryId, 'noah.jpg');
    await t.db
      .insertInto('enquiry_incoming_messages')
      .values({ enquiry_id: otherEnquiryId, source: 'email', body_text: 'Noah secret note' })
      .execute();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('e-mails the acknowledgement with a link that opens the page, and nothing of another enquiry', async () => {
    await runEnquiryNotifyJob(services, { enquiryId });
    const sent = await deliver();
    const ack = sent.find((e) => e.to.includes('olivia@example.com'));
    expect(ack?.subject).toContain("We've received your watch details");
    expect(ack?.text).toContain('/enquiry/');
    const page = await seller().get({ token: tokenIn(ack?.html) });
    expect(page.statusWords).toBe("We're reviewing your watch");
    expect(page.watch).toMatchObject({ brand: 'Rolex', model: 'Submariner' });
    expect(page.photoIds).toEqual([photoId]);
    expect(page.offer).toBeNull();
    const everything = JSON.stringify(page);
    expect(everything).not.toContain(otherPhotoId);
    expect(everything).not.toContain('Noah');
    expect(everything).not.toContain(otherEnquiryId);
  });

  it('e-mails a recorded offer through the layout with the link, and the page shows it', async () => {
    const { mail, token } = await offer(enquiryId);
    expect(mail.to).toEqual(['olivia@example.com']);
    expect(mail.subject).toBe(`Our offer for your Rolex Submariner – ${services.config.site.name}`);
    expect(mail.html).toContain('$12,500.00');
    expect(mail.html).toContain('31 January 2099');
    expect(mail.html).toContain('See and answer the offer');
    expect(mail.text).toContain(`/enquiry/${token}`);
    const page = await seller().get({ token });
    expect(page.statusWords).toBe("We've made you an offer");
    expect(page.offer).toMatchObject({
      amountCents: 1_250_000,
      validUntil: '2099-01-31',
      conditions: 'Subject to inspection',
      answerable: true,
      response: null,
    });
    // The offer e-mail is in the seller's conversation too (decision 095).
    const offers = page.conversation.filter((c) => c.kind === 'ours' && c.subject.startsWith('Our offer'));
    expect(offers).toEqual([
      expect.objectContaining({ kind: 'ours', subject: 'Our offer for your Rolex Submariner' }),
    ]);
    const text = offers[0]?.kind === 'ours' ? offers[0].text : '';
    expect(text).toContain('We offered $12,500.00 for your watch.');
    expect(text).toContain('31 January 2099');
    expect(text).toContain('Conditions: Subject to inspection');
  });

  it('refuses forged, mangled, unknown-enquiry and wrong-secret tokens with one answer', async () => {
    const { token } = await offer(otherEnquiryId);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tokens = [
      'not-a-token',
      `${token.slice(0, -1)}${last}`,
      signSellerToken(services.config.appSecret, { enquiryId: crypto.randomUUID(), version: 1 }),
      signSellerToken('another-secret', { enquiryId: otherEnquiryId, version: 1 }),
      signSellerToken(services.config.appSecret, { enquiryId: otherEnquiryId, version: 2 }),
    ];
    for (const bad of tokens) {
      await expect(seller().get({ token: bad })).rejects.toThrow(SELLER_MESSAGES.linkInvalid);
      expect(await codeOf(seller().get({ token: bad }))).toBe('NOT_FOUND');
    }
    expect(await codeOf(seller().get({ token: 'x'.repeat(500) }))).toBe('BAD_REQUEST');
  });

  it('refuses an expired link, and a revoked one once a member revokes it (audited)', async () => {
    const { token } = await offer(otherEnquiryId);
    await t.db
      .updateTable('seller_links')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('enquiry_id', '=', otherEnquiryId)
      .execute();
    await expect(seller().get({ token })).rejects.toThrow(SELLER_MESSAGES.linkInvalid);
    const shown = await api().sellerLink({ id: otherEnquiryId });
    expect(shown.link?.expired).toBe(true);

    const { token: fresh } = await offer(otherEnquiryId);
    expect(fresh).toBe(token);
    await expect(seller().get({ token })).resolves.toMatchObject({ statusWords: "We've made you an offer" });

    const revoked = await api().revokeSellerLink({ id: otherEnquiryId });
    await expect(seller().get({ token })).rejects.toThrow(SELLER_MESSAGES.linkInvalid);
    expect(JSON.stringify(revoked)).not.toContain('/enquiry/');
    const successor = tokenIn((await api().revealSellerLink({ id: otherEnquiryId, use: 'view' })).link.url);
    expect(successor).not.toBe(token);
    expect((await seller().get({ token: successor })).watch.brand).toBe('Omega');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'admin.enquiries.revokeSellerLink')
      .execute();
    expect(audit).toEqual([{ action: 'admin.enquiries.revokeSellerLink', entity_id: otherEnquiryId }]);
  });

  it("never answers another enquiry's offer through this enquiry's link", async () => {
    const mine = await seller().get({ token: (await offer(enquiryId)).token });
    const theirs = await t.db
      .selectFrom('enquiry_offers')
      .select('id')
      .where('enquiry_id', '=', otherEnquiryId)
      .executeTakeFirstOrThrow();
    const token = tokenIn((await api().revealSellerLink({ id: enquiryId, use: 'copy' })).link.url);
    const accept = seller().accept({
      token,
      offerId: theirs.id,
      typedName: 'Olivia Brown',
      declaration: true,
    });
    await expect(accept).rejects.toThrow(SELLER_MESSAGES.offerNotFound);
    expect(
      await codeOf(seller().accept({ token, offerId: theirs.id, typedName: 'O B', declaration: true })),
    ).toBe('NOT_FOUND');
    expect(mine.offer?.id).not.toBe(theirs.id);
  });

  it('requires the typed name and the ticked declaration (400)', async () => {
    const token = tokenIn((await api().revealSellerLink({ id: enquiryId, use: 'copy' })).link.url);
    const current = (await seller().get({ token })).offer!;
    const base = { token, offerId: current.id };
    await expect(seller().accept({ ...base, typedName: ' ', declaration: true })).rejects.toThrow(
      SELLER_MESSAGES.nameRequired,
    );
    const unticked = seller().accept({
      ...base,
      typedName: 'Olivia Brown',
      declaration: false as unknown as true,
    });
    await expect(unticked).rejects.toThrow(SELLER_MESSAGES.declarationRequired);
    expect(await codeOf(seller().accept({ ...base, typedName: '', declaration: true }))).toBe('BAD_REQUEST');
  });

  it('refuses a superseded offer and an expired one (409)', async () => {
    const { token } = await offer(enquiryId);
    const first = (await seller().get({ token })).offer!;
    await offer(enquiryId, '2099-02-28');
    const superseded = seller().accept({
      token,
      offerId: first.id,
      typedName: 'Olivia Brown',
      declaration: true,
    });
    await expect(superseded).rejects.toThrow(SELLER_MESSAGES.offerSuperseded);
    expect(await codeOf(seller().decline({ token, offerId: first.id }))).toBe('CONFLICT');

    const latest = (await seller().get({ token })).offer!;
    // Recorded valid until a later day; that day has now passed in the business's timezone.
    await sql`UPDATE enquiry_offers SET valid_until = current_date - 2 WHERE id = ${latest.id}`.execute(t.db);
    expect((await seller().get({ token })).offer?.answerable).toBe(false);
    const expired = seller().accept({
      token,
      offerId: latest.id,
      typedName: 'Olivia Brown',
      declaration: true,
    });
    await expect(expired).rejects.toThrow(SELLER_MESSAGES.offerExpired);
    expect(await t.db.selectFrom('offer_responses').select('id').execute()).toEqual([]);
  });

  it('records an acceptance with name, declaration version, IP and user agent, and moves to Accepted', async () => {
    const { token } = await offer(enquiryId);
    const current = (await seller().get({ token })).offer!;
    const page: SellerPageView = await callerAt(services, '203.0.113.50').seller.accept({
      token,
      offerId: current.id,
      typedName: '  Olivia J. Brown ',
      declaration: true,
    });
    expect(page.status).toBe('accepted');
    expect(page.statusWords).toBe('You accepted our offer');
    expect(page.offer?.response).toMatchObject({ kind: 'accepted', typedName: 'Olivia J. Brown' });
    expect(page.offer?.answerable).toBe(false);

    const stored = await t.db
      .selectFrom('offer_responses')
      .selectAll()
      .where('offer_id', '=', current.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      response: 'accepted',
      typed_name: 'Olivia J. Brown',
      terms_version: OWNERSHIP_DECLARATION_VERSION,
      ip: '203.0.113.50',
      user_agent: 'vitest',
      enquiry_id: enquiryId,
    });
    expect(stored.responded_at).toBeInstanceOf(Date);
    const event = await t.db
      .selectFrom('enquiry_events')
      .select(['from_status', 'to_status', 'actor_id', 'actor_email'])
      .where('enquiry_id', '=', enquiryId)
      .where('to_status', '=', 'accepted')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      from_status: 'offer_made',
      to_status: 'accepted',
      actor_id: null,
      actor_email: 'olivia@example.com',
    });

    // The assignee is told at once, by e-mail, and the admin's enquiry shows who signed.
    const sent = await deliver();
    const notice = sent.find((e) => e.to.includes('buyer@example.com'));
    expect(notice?.subject).toBe('Olivia Brown accepted the offer of $12,500.00 for the Rolex Submariner');
    expect(notice?.text).toContain('Signed as: Olivia J. Brown');
    const detail = await api().get({ id: enquiryId });
    expect(detail.status).toBe('accepted');
    expect(detail.offers[0]?.response).toMatchObject({
      kind: 'accepted',
      typedName: 'Olivia J. Brown',
      ip: '203.0.113.50',
      termsVersion: OWNERSHIP_DECLARATION_VERSION,
    });
    expect(
      detail.timeline.some((e) => e.kind === 'offer_response' && e.typedName === 'Olivia J. Brown'),
    ).toBe(true);

    // Answered twice: refused, nothing more written.
    const again = seller().accept({
      token,
      offerId: current.id,
      typedName: 'Olivia Brown',
      declaration: true,
    });
    await expect(again).rejects.toThrow(SELLER_MESSAGES.offerAnswered);
    expect(await codeOf(seller().decline({ token, offerId: current.id }))).toBe('CONFLICT');
  });

  it('records a decline with its reason and moves to Declined; a closed enquiry refuses answers', async () => {
    const declining = await newEnquiry('ava@example.com', 'Ava Decline');
    const { token } = await offer(declining);
    const current = (await seller().get({ token })).offer!;
    const page = await seller().decline({ token, offerId: current.id, reason: 'Keeping it after all' });
    expect(page.status).toBe('declined');
    const event = await t.db
      .selectFrom('enquiry_events')
      .select(['to_status', 'reason', 'actor_email'])
      .where('enquiry_id', '=', declining)
      .where('to_status', '=', 'declined')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      to_status: 'declined',
      reason: 'Keeping it after all',
      actor_email: 'ava@example.com',
    });
    await deliver();

    const closing = await newEnquiry('liam@example.com', 'Liam Closed');
    const { token: closedToken } = await offer(closing);
    const open = (await seller().get({ token: closedToken })).offer!;
    await api().setStatus({ id: closing, to: 'lost', reason: 'Sold elsewhere' });
    const refused = seller().accept({
      token: closedToken,
      offerId: open.id,
      typedName: 'Liam Closed',
      declaration: true,
    });
    await expect(refused).rejects.toThrow(SELLER_MESSAGES.enquiryClosed);
    expect(await codeOf(seller().decline({ token: closedToken, offerId: open.id }))).toBe('CONFLICT');
  });

  it('files a message from the box on the enquiry, and limits how many an hour', async () => {
    const token = tokenIn((await api().revealSellerLink({ id: otherEnquiryId, use: 'copy' })).link.url);
    const page = await seller().sendMessage({ token, body: '  Can I bring it in on Friday?  ' });
    expect(page.conversation.at(-1)).toMatchObject({ kind: 'theirs', text: 'Can I bring it in on Friday?' });
    const filed = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select(['source', 'from_email', 'body_text'])
      .where('enquiry_id', '=', otherEnquiryId)
      .where('source', '=', 'seller_page')
      .execute();
    expect(filed).toEqual([
      { source: 'seller_page', from_email: 'noah@example.com', body_text: 'Can I bring it in on Friday?' },
    ]);
    expect(await codeOf(seller().sendMessage({ token, body: '   ' }))).toBe('BAD_REQUEST');
    expect(await codeOf(seller().sendMessage({ token, body: 'x'.repeat(5001) }))).toBe('BAD_REQUEST');
    for (let i = 1; i < SELLER_LIMITS.messagesPerEnquiry.limit; i++)
      await seller().sendMessage({ token, body: `Message ${i}` });
    expect(await codeOf(seller().sendMessage({ token, body: 'One too many' }))).toBe('TOO_MANY_REQUESTS');
  });

  it('limits page calls per network', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < SELLER_LIMITS.perIp.limit; i++) await consumeSellerPageAllowance(t.db, ip);
    const token = tokenIn((await api().revealSellerLink({ id: enquiryId, use: 'copy' })).link.url);
    expect(await codeOf(seller(ip).get({ token }))).toBe('TOO_MANY_REQUESTS');
    expect(await codeOf(seller().get({ token }))).toBe('OK');
  });

  it('answers the new-link form the same for any address, and e-mails fresh links to a known one', async () => {
    const unknown = await seller('198.51.100.20').requestLink({ email: 'nobody@example.com' });
    expect(await runLinkRequests()).toEqual([0]);
    expect(await deliver()).toEqual([]);
    const known = await seller('198.51.100.20').requestLink({ email: 'Noah@Example.com' });
    expect(known).toEqual(unknown);
    expect(known.message).toBe(SELLER_MESSAGES.newLinkSent);
    // The request queued the job only: the e-mail is the job's work.
    expect(jobs.jobs.map((j) => j.name)).toEqual(['seller.link-request']);
    expect(await runLinkRequests()).toEqual([1]);
    const sent = await deliver();
    expect(sent.map((e) => e.to)).toEqual([['noah@example.com']]);
    await expect(seller().get({ token: tokenIn(sent[0]?.html) })).resolves.toMatchObject({
      watch: { brand: 'Omega' },
    });
    // Declined, lost and purchased enquiries get no new link.
    await seller('198.51.100.21').requestLink({ email: 'ava@example.com' });
    expect(await runLinkRequests()).toEqual([0]);
    expect(await deliver()).toEqual([]);
    expect(await codeOf(seller().requestLink({ email: 'not-an-address' }))).toBe('BAD_REQUEST');
    for (let i = 0; i < SELLER_LIMITS.newLinkPerAddress.limit; i++)
      await seller(`198.51.100.${30 + i}`).requestLink({ email: 'probe@example.com' });
    expect(await codeOf(seller('198.51.100.60').requestLink({ email: 'probe@example.com' }))).toBe(
      'TOO_MANY_REQUESTS',
    );
    await runLinkRequests();
    expect(await deliver()).toEqual([]);
  });

  it('runs the same statements for a new-link request whatever the address, and queues one job (decision 067)', async () => {
    const work = async (email: string, ip: string) => {
      const counter = statementCounter();
      const queue = recordingJobQueue();
      const counted = testServices(t.db.withPlugin(counter), { jobs: queue });
      await callerAt(counted, ip).seller.requestLink({ email });
      return {
        statements: counter.count,
        jobs: queue.jobs.map((job) => [job.name, Object.keys(job.payload as object).sort()]),
      };
    };
    const known = await work('noah@example.com', '198.51.100.70');
    const unknown = await work('never-wrote@example.com', '198.51.100.71');
    // Two rate-limit upserts (the network, the address) and nothing else: no lookup of the address.
    expect(known).toEqual({ statements: 2, jobs: [['seller.link-request', ['email', 'requestedAt']]] });
    expect(unknown).toEqual(known);
  });

  it('puts the link in every reply', async () => {
    await api().reply({
      id: enquiryId,
      templateId: null,
      subject: 'Your Rolex',
      html: '<p>Hello Olivia</p>',
    });
    const [reply] = await deliver();
    const token = tokenIn(reply?.html);
    expect(reply?.text).toContain(`/enquiry/${token}`);
    const page = await seller().get({ token });
    expect(page.conversation.some((c) => c.kind === 'ours' && c.subject === 'Your Rolex')).toBe(true);
  });
});
