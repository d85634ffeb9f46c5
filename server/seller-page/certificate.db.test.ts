import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNERSHIP_DECLARATION, OWNERSHIP_DECLARATION_VERSION } from '#shared/enquiries/seller.ts';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { newSvixId, resendEmailEvent } from '#test/support/resend-webhooks.ts';
import { sellerJourney } from '#test/support/seller-journey.ts';
import {
  callerAt,
  callerFor,
  codeOf,
  type RecordingJobQueue,
  recordingJobQueue,
  testServices,
} from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { createEmailTransport } from '../email/transport.ts';
import { recordResendEvent } from '../email-events/apply-event.ts';
import type { AppServices } from '../services.ts';
import { createUploadStorage } from '../uploads/storage.ts';
import { type CertificateContent, certificatePdf } from './certificate-pdf.ts';
import { CERTIFICATE_LIMITS } from './certificate.ts';
import { evidenceRows, verifyChain } from './evidence.ts';
import { runEnquiryRetention } from '../enquiries/retention.ts';
import { sellerLinkId } from '../seller-link/seller-link.ts';

// Proof of every online acceptance (decision 072): the offer, its e-mail's delivery events and the
// acceptance hash-chained, the certificate read back with pdf-lib, its receipt sent once with the
// PDF attached, the same bytes downloaded by staff and seller, and the public hash look-up.

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('certificates of acceptance', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;
  let owner: SessionUser;
  let server: AppServer;
  const admin = () => callerFor(services, owner).admin;
  const journey = sellerJourney({
    db: () => t.db,
    services: () => services,
    jobs: () => jobs,
    fake: () => fake,
    admin: () => admin(),
  });
  const { seller, deliver } = journey;

  async function webhookEvent(type: string, providerMessageId: string, at: string) {
    const rawBody = JSON.stringify(resendEmailEvent(type, providerMessageId, { createdAt: new Date(at) }));
    const parsed = parseResendEvent(JSON.parse(rawBody));
    if (!parsed.ok) throw new Error(parsed.error);
    await recordResendEvent(t.db, { providerEventId: newSvixId(), rawBody, parsed: parsed.value });
  }

  async function cookieFor(email: string, role: 'owner' | 'viewer'): Promise<{ cookie: string; id: string }> {
    const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
    await grantAdmin(t.db, email, role);
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return { cookie: `session=${token}`, id: user.id };
  }

  beforeAll(async () => {
    fake = await startFakeResend();
    jobs = recordingJobQueue();
    const email = createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db);
    services = testServices(t.db, { email, jobs });
    const user = await t.db
      .insertInto('users')
      .values({ email: 'owner@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    owner = { id: user.id, email: user.email, role: 'owner' };
    server = await createServer({ services, clientDir: null, logLevel: 'silent' });
  });
  afterAll(async () => {
    await server.app.close();
    await fake.close();
  });

  /** An offer of $18,450.00 e-mailed, its delivery reported by the webhook, and accepted online. */
  async function acceptWithEvents(email: string, name: string) {
    const made = await journey.offeredEnquiry(email, name, { amountCents: 1_845_000 });
    const offer = await t.db
      .selectFrom('enquiry_offers')
      .select(['id', 'provider_message_id'])
      .where('enquiry_id', '=', made.id)
      .executeTakeFirstOrThrow();
    const messageId = offer.provider_message_id ?? '';
    expect(fake.emails.some((e) => e.id === messageId)).toBe(true);
    // Reported out of order, as webhooks may be: the chain keeps the order they happened in.
    await webhookEvent('email.delivered', messageId, '2026-12-01T01:00:05Z');
    await webhookEvent('email.sent', messageId, '2026-12-01T01:00:01Z');
    await webhookEvent('email.opened', messageId, '2026-12-01T02:30:00Z');
    await seller().accept({ token: made.token, offerId: offer.id, typedName: name, declaration: true });
    const sent = await deliver();
    return { ...made, offerId: offer.id, messageId, sent };
  }

  it('chains the offer, its delivery events and the acceptance, and certifies them in a PDF', async () => {
    const { id, token, offerId, messageId, sent } = await acceptWithEvents(
      'zoe@example.com',
      'Zoë Van der Berg',
    );
    const row = await t.db
      .selectFrom('acceptance_certificates')
      .selectAll()
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();

    // The file's SHA-256 is the one kept, and the file comes out of the same content every time.
    expect(sha256(row.pdf)).toBe(row.sha256);
    const pdf = await PDFDocument.load(row.pdf, { updateMetadata: false });
    const subject = pdf.getSubject() ?? '';
    const content = JSON.parse(subject) as CertificateContent;
    expect(Buffer.from(await certificatePdf(content)).equals(row.pdf)).toBe(true);
    expect(pdf.getKeywords()).toContain(`content-sha256:${sha256(subject)}`);
    expect(row.content_digest).toBe(sha256(subject));

    // Its fields, against what this test put in.
    expect(content.certificateId).toBe(row.id);
    expect(content.offer).toMatchObject({
      id: offerId,
      amountCents: 1_845_000,
      currency: 'AUD',
      validUntil: '2099-01-31',
    });
    expect(content.acceptance.typedName).toBe('Zoë Van der Berg');
    expect(content.acceptance.userAgent).toBe('vitest');
    expect(content.acceptance.ip).toMatch(/^198\.51\.100\.\d+$/);
    expect(content.acceptance.linkId).toBe(sha256(token).slice(0, 16));
    expect(content.acceptance.linkId).toBe(sellerLinkId(token));
    expect(content.declaration).toEqual({
      text: OWNERSHIP_DECLARATION,
      version: OWNERSHIP_DECLARATION_VERSION,
      sha256: sha256(OWNERSHIP_DECLARATION),
    });
    expect(content.offerEmail.providerMessageId).toBe(messageId);
    expect(content.offerEmail.events.map((e) => [e.type, e.occurredAt])).toEqual([
      ['email.sent', '2026-12-01T01:00:01.000Z'],
      ['email.delivered', '2026-12-01T01:00:05.000Z'],
      ['email.opened', '2026-12-01T02:30:00.000Z'],
    ]);

    // The chain, recomputed here from the rows: SHA-256(previous hash + content), from 64 zeros.
    const events = await t.db
      .selectFrom('evidence_events')
      .select(['id', 'seq', 'kind', 'content', 'prev_hash', 'hash'])
      .where('enquiry_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => e.kind)).toEqual([
      'offer_sent',
      'offer_email_event',
      'offer_email_event',
      'offer_email_event',
      'offer_accepted',
    ]);
    let head = '0'.repeat(64);
    for (const event of events) {
      expect(event.prev_hash).toBe(head);
      head = sha256(head + event.content);
      expect(event.hash).toBe(head);
    }
    expect(content.chain).toEqual({ head, length: 5 });
    expect(row.chain_head).toBe(head);
    expect(pdf.getKeywords()).toContain(`chain-head:${head}`);
    expect(verifyChain(await evidenceRows(t.db, id))).toEqual({ ok: true, head });

    // Changing one event's words breaks the chain from there, and the head no longer matches.
    const third = events[2];
    if (!third) throw new Error('no third event');
    await t.db
      .updateTable('evidence_events')
      .set({ content: third.content.replace('email.delivered', 'email.bounced') })
      .where('id', '=', third.id)
      .execute();
    expect(verifyChain(await evidenceRows(t.db, id))).toEqual({ ok: false, brokenAt: 3 });
    await t.db
      .updateTable('evidence_events')
      .set({ content: third.content })
      .where('id', '=', third.id)
      .execute();
    expect(verifyChain(await evidenceRows(t.db, id))).toEqual({ ok: true, head });

    // The seller's receipt: one, with the very PDF attached, passing the e-mail checks.
    const receipts = sent.filter((e) => e.tags?.some((tag) => tag.value === 'enquiry_acceptance_receipt'));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0];
    expect(receipt?.to).toEqual(['zoe@example.com']);
    expect(receipt?.html).toContain('$18,450.00');
    expect(receipt?.html).toContain(OWNERSHIP_DECLARATION.replace(/'/g, '&#x27;').slice(0, 40));
    expect(receipt?.attachments).toHaveLength(1);
    const attached = receipt?.attachments?.[0];
    expect(attached?.filename).toMatch(/^acceptance-.+\.pdf$/);
    expect(attached?.content_type).toBe('application/pdf');
    const attachedBytes = Buffer.from(attached?.content ?? '', 'base64');
    expect(sha256(attachedBytes)).toBe(row.sha256);
    expect(await checkRenderedEmail({ html: receipt?.html ?? '', text: receipt?.text ?? '' })).toEqual([]);

    // Nothing more goes out: running the queue again or answering again sends no second receipt.
    expect(await deliver()).toEqual([]);
    const again = await codeOf(
      seller().accept({ token, offerId, typedName: 'Zoë Van der Berg', declaration: true }),
    );
    expect(again).toBe('CONFLICT');
    expect(await deliver()).toEqual([]);
    expect(
      await t.db.selectFrom('acceptance_certificates').select('id').where('enquiry_id', '=', id).execute(),
    ).toHaveLength(1);

    // The seller's page names it; their link downloads the same bytes, another enquiry's link does not.
    const page = await seller().get({ token });
    expect(page.offer?.response?.certificate).toEqual({ id: row.id, sha256: row.sha256 });
    const download = await server.app.inject({ url: `/api/seller-certificates/${token}/${row.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(sha256(download.rawPayload)).toBe(row.sha256);
    const other = await journey.offeredEnquiry('other@example.com', 'Other Seller');
    const foreign = await server.app.inject({ url: `/api/seller-certificates/${other.token}/${row.id}` });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets staff who read enquiries download it, audited, and nobody else', async () => {
    const { id } = await acceptWithEvents('liam@example.com', 'Liam Chen');
    const row = await t.db
      .selectFrom('acceptance_certificates')
      .select(['id', 'sha256'])
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();
    const url = `/api/admin/enquiries/${id}/certificates/${row.id}`;
    const staff = await cookieFor('viewer@example.com', 'viewer');
    const anonymous = await server.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    const download = await server.app.inject({ url, headers: { cookie: staff.cookie } });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(row.sha256);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_id'])
      .where('action', '=', 'downloads.acceptanceCertificate')
      .execute();
    expect(audit).toEqual([{ action: 'downloads.acceptanceCertificate', entity_id: id, actor_id: staff.id }]);
    // Another enquiry's id with this certificate is not found.
    const wrong = await server.app.inject({
      url: `/api/admin/enquiries/${(await journey.offeredEnquiry('x@example.com', 'X Y')).id}/certificates/${row.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('verifies a hash against the record, rejects a changed file and limits each network', async () => {
    const { id } = await acceptWithEvents('ava@example.com', 'Ava Singh');
    const row = await t.db
      .selectFrom('acceptance_certificates')
      .select(['id', 'pdf', 'sha256', 'accepted_at'])
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();
    const verify = callerAt(services, '203.0.113.9').certificates.verify;
    expect(await verify({ sha256: row.sha256.toUpperCase() })).toEqual({
      match: true,
      certificateId: row.id,
      acceptedAt: row.accepted_at.toISOString(),
    });
    const changed = Buffer.from(row.pdf);
    changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 1;
    expect(await verify({ sha256: sha256(changed) })).toEqual({ match: false });
    expect(await codeOf(verify({ sha256: 'not a hash' }))).toBe('BAD_REQUEST');
    const limited = callerAt(services, '203.0.113.10').certificates.verify;
    for (let i = 0; i < CERTIFICATE_LIMITS.verifyPerIp.limit; i++) await limited({ sha256: 'b'.repeat(64) });
    expect(await codeOf(limited({ sha256: row.sha256 }))).toBe('TOO_MANY_REQUESTS');
  });

  it('goes, with its chain, when retention clears a closed enquiry that was never bought', async () => {
    const { id } = await acceptWithEvents('mia@example.com', 'Mia Rossi');
    const certificates = t.db.selectFrom('acceptance_certificates').select('id').where('enquiry_id', '=', id);
    expect(await certificates.execute()).toHaveLength(1);
    await t.db
      .updateTable('enquiries')
      .set({ status: 'lost', closed_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '=', id)
      .execute();
    const storage = createUploadStorage({ dataDir: '/nonexistent-retention', uploadthingToken: null });
    await runEnquiryRetention({ db: t.db, logger: { info: () => undefined } }, storage);
    const left = await Promise.all(
      (['acceptance_certificates', 'evidence_events'] as const).map((table) =>
        t.db.selectFrom(table).select('id').where('enquiry_id', '=', id).execute(),
      ),
    );
    expect(left).toEqual([[], []]);
  });
});
