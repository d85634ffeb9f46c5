import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_COPY_UPLOAD_PATH, identityCopyPath, REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { callerFor, TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { deleteExpiredRegisterEntries } from './register.ts';

// Decision 058: an uploaded identity copy, kept privately, viewable only with register.identity
// (each view audited), kept through the seller's erasure and deleted with its register entry.

const PDF = Buffer.from('%PDF-1.4\n% licence scan\n');

describe('identity copies in the dealer’s register', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let buyer: SessionUser;
  let ownerCookie: string;
  let buyerCookie: string;
  let server: AppServer;
  const services = () => testServices(t.db);

  async function member(email: string, role: 'owner' | 'buyer'): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
    await grantAdmin(t.db, email, role);
    return { id: user.id, email: user.email, role };
  }

  async function cookieFor(user: SessionUser): Promise<string> {
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return `session=${token}`;
  }

  async function acceptedEnquiry(email: string): Promise<{ id: string; leadId: string }> {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Olivia Nguyen' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({ lead_id: lead.id, watch_brand: 'Rolex', watch_condition: 'Excellent', status: 'accepted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: enquiry.id, leadId: lead.id };
  }

  const upload = (body: Buffer, type: string, cookie = buyerCookie) =>
    server.app.inject({
      method: 'POST',
      url: `${IDENTITY_COPY_UPLOAD_PATH}?name=licence.pdf`,
      headers: { cookie, 'content-type': type, origin: TEST_APP_URL, 'x-csrf-protection': '1' },
      payload: body,
    });

  const view = (purchaseId: string, cookie = ownerCookie) =>
    server.app.inject({ method: 'GET', url: identityCopyPath(purchaseId), headers: { cookie } });

  const auditCount = async (action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    owner = await member('owner@example.com', 'owner');
    buyer = await member('buyer@example.com', 'buyer');
    ownerCookie = await cookieFor(owner);
    buyerCookie = await cookieFor(buyer);
    server = await createServer({ services: services(), clientDir: null, logLevel: 'silent' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('takes a PDF or photo up to 10 MB by its own bytes, audited; refuses anything else', async () => {
    const before = await auditCount('admin.register.uploadIdentityCopy');
    const ok = await upload(PDF, 'application/pdf');
    expect(ok.statusCode).toBe(201);
    expect(await auditCount('admin.register.uploadIdentityCopy')).toBe(before + 1);
    // A text file called a PNG, and a type not accepted at all.
    expect((await upload(Buffer.from('not an image'), 'image/png')).statusCode).toBe(415);
    expect((await upload(Buffer.from('hello'), 'text/plain')).statusCode).toBe(415);
    expect(
      (await upload(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'application/pdf')).statusCode,
    ).toBe(413);
    // Without the CSRF header (a cross-site form) and without the right to record purchases.
    const crossSite = await server.app.inject({
      method: 'POST',
      url: IDENTITY_COPY_UPLOAD_PATH,
      headers: { cookie: buyerCookie, 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(crossSite.statusCode).toBe(403);
    const viewer = await member('viewer@example.com', 'buyer');
    await t.db.updateTable('user_roles').set({ role: 'viewer' }).where('user_id', '=', viewer.id).execute();
    expect((await upload(PDF, 'application/pdf', await cookieFor(viewer))).statusCode).toBe(403);
  });

  it('is viewed only with register.identity, each view audited, kept through erasure, gone with its entry', async () => {
    const { id: copyId } = (await upload(PDF, 'application/pdf')).json<{ id: string }>();
    const { id: enquiryId, leadId } = await acceptedEnquiry('olivia.copy@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id: enquiryId,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, { idCheckMethod: 'uploaded', idUploadId: copyId }),
    });
    const view1 = await callerFor(services(), buyer).admin.register.forEnquiry({ id: enquiryId });
    const purchaseId = view1.purchase!.id;
    expect(view1.purchase?.hasIdentityCopy).toBe(true);

    // The same copy cannot be another purchase's.
    const other = await acceptedEnquiry('other.copy@example.com');
    await expect(
      callerFor(services(), buyer).admin.enquiries.setStatus({
        id: other.id,
        to: 'purchased',
        purchase: purchaseRecord(buyer.id, { idCheckMethod: 'uploaded', idUploadId: copyId }),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: REGISTER_MESSAGES.idUpload });

    expect((await view(purchaseId, buyerCookie)).statusCode).toBe(403);
    expect((await view('not-a-uuid')).statusCode).toBe(404);
    expect((await view(other.id)).statusCode).toBe(404);
    const before = await auditCount('downloads.identityCopy');
    const seen = await view(purchaseId);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(PDF)).toBe(true);
    expect(seen.headers['content-type']).toBe('application/pdf');
    expect(seen.headers['content-disposition']).toMatch(/^attachment; filename="licence\.pdf"/);
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
    expect(await auditCount('downloads.identityCopy')).toBe(before + 1);

    // Erasing the seller keeps the entry and its copy.
    await callerFor(services(), owner).admin.contacts.erase({
      id: leadId,
      confirmation: 'olivia.copy@example.com',
    });
    expect((await view(purchaseId)).statusCode).toBe(200);

    // Past the retention (its retain_until, decision 071) the entry goes, and its copy with it; a copy never
    // used is removed after a day, a fresh one is kept for the form being filled in.
    const { id: unused } = (await upload(PDF, 'application/pdf')).json<{ id: string }>();
    const { id: stale } = (await upload(PDF, 'application/pdf')).json<{ id: string }>();
    await t.db
      .updateTable('identity_copies')
      .set({ created_at: sql<Date>`now() - interval '2 days'` })
      .where('id', 'in', [stale, copyId])
      .execute();
    expect(await deleteExpiredRegisterEntries(t.db)).toBe(0);
    const left = async () =>
      (await t.db.selectFrom('identity_copies').select('id').execute()).map((r) => r.id);
    expect(await left()).toEqual(expect.arrayContaining([copyId, unused]));
    expect(await left()).not.toContain(stale);
    await t.db
      .updateTable('purchase_records')
      .set({ retain_until: sql<string>`current_date - 2` })
      .where('id', '=', purchaseId)
      .execute();
    expect(await deleteExpiredRegisterEntries(t.db)).toBe(1);
    expect(await left()).not.toContain(copyId);
    expect(await left()).toContain(unused);
  });
});
