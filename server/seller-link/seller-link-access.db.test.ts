import { beforeAll, describe, expect, it } from 'vitest';
import { describeAudit, sentenceText } from '#shared/audit/sentences.ts';
import { SELLER_LINK_MESSAGES } from '#shared/enquiries/seller.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, recordingJobQueue, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { Role } from '#shared/auth/permissions.ts';
import type { AppServices } from '../services.ts';
import { appRouter } from '../trpc/router.ts';
import { issueSellerLink } from './seller-link.ts';

// Decision 067: the seller's link is a bearer credential. Every reader of an enquiry sees the link's
// state; showing or copying the URL needs enquiries.write and leaves an audit row each time; staff
// see the seller's page through a read-only preview that no seller action can be made from.

const TOKEN_IN_LINK = /\/enquiry\/([A-Za-z0-9_-]{50})$/;

describe("the seller's link and the staff preview", () => {
  const t = useTestDatabase();
  let services: AppServices;
  const members = {} as Record<Role, SessionUser>;
  let enquiryId: string;
  let unlinkedId: string;
  const admin = (role: Role) => callerFor(services, members[role]).admin;
  const seller = () => callerFor(services, members.viewer).seller;

  async function newEnquiry(email: string) {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Bob Seller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: 'Bob Seller',
        watch_brand: 'Omega',
        watch_model: 'Speedmaster',
        watch_condition: 'Good',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const auditRows = () =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_email'])
      .where('action', 'like', 'admin.enquiries.%SellerLink')
      .execute();

  beforeAll(async () => {
    services = testServices(t.db, { jobs: recordingJobQueue() });
    for (const role of ['owner', 'buyer', 'viewer', 'marketer'] as const) {
      const user = await createUser(t.db, {
        email: `${role}@example.com`,
        password: 'unused-pass-1',
        verified: true,
      });
      await grantAdmin(t.db, user.email, role);
      members[role] = { id: user.id, email: user.email, role };
    }
    enquiryId = await newEnquiry('bob@example.com');
    unlinkedId = await newEnquiry('carol@example.com');
    await issueSellerLink(t.db, services.config, enquiryId);
    await admin('owner').enquiries.recordOffer({
      id: enquiryId,
      amountCents: 800_000,
      validUntil: null,
      conditions: null,
    });
  });

  it("shows every reader the link's state without its URL", async () => {
    for (const role of ['viewer', 'buyer', 'owner'] as const) {
      const { link } = await admin(role).enquiries.sellerLink({ id: enquiryId });
      expect(Object.keys(link ?? {}).sort()).toEqual(['expired', 'expiresAt', 'revokedAt']);
      expect(link?.expired).toBe(false);
    }
    expect((await admin('viewer').enquiries.sellerLink({ id: unlinkedId })).link).toBeNull();
    expect(await codeOf(admin('marketer').enquiries.sellerLink({ id: enquiryId }))).toBe('FORBIDDEN');
  });

  it("refuses a Viewer's reveal, copy and revoke, and writes no audit row", async () => {
    const viewer = admin('viewer').enquiries;
    expect(await codeOf(viewer.revealSellerLink({ id: enquiryId, use: 'view' }))).toBe('FORBIDDEN');
    expect(await codeOf(viewer.revealSellerLink({ id: enquiryId, use: 'copy' }))).toBe('FORBIDDEN');
    expect(await codeOf(viewer.revokeSellerLink({ id: enquiryId }))).toBe('FORBIDDEN');
    expect(await auditRows()).toEqual([]);
  });

  it("audits each reveal by a Buyer with one row and its sentence, and the URL opens the seller's page", async () => {
    const before = await auditRows();
    const shown = await admin('buyer').enquiries.revealSellerLink({ id: enquiryId, use: 'view' });
    const token = TOKEN_IN_LINK.exec(shown.link.url)?.[1];
    expect(token).toBeDefined();
    expect((await seller().get({ token: token! })).watch.brand).toBe('Omega');
    expect(await auditRows()).toEqual([
      ...before,
      { action: 'admin.enquiries.revealSellerLink', entity_id: enquiryId, actor_email: 'buyer@example.com' },
    ]);

    await admin('buyer').enquiries.revealSellerLink({ id: enquiryId, use: 'copy' });
    expect(await auditRows()).toHaveLength(before.length + 2);
    const log = await admin('owner').audit.list({ action: 'revealSellerLink', page: 1 });
    expect(log.rows.map((row) => sentenceText(describeAudit(row)))).toEqual([
      'buyer@example.com (Buyer) copied the seller link of an enquiry',
      'buyer@example.com (Buyer) revealed the seller link of an enquiry',
    ]);
  });

  it('refuses a reveal with no link or a bad use (4xx), leaving no row', async () => {
    const before = await auditRows();
    await expect(
      admin('owner').enquiries.revealSellerLink({ id: unlinkedId, use: 'view' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: SELLER_LINK_MESSAGES.noLink });
    const bad = { id: enquiryId, use: 'steal' } as unknown as { id: string; use: 'view' };
    expect(await codeOf(admin('owner').enquiries.revealSellerLink(bad))).toBe('BAD_REQUEST');
    expect(await codeOf(admin('owner').enquiries.revealSellerLink({ id: 'nope', use: 'view' }))).toBe(
      'BAD_REQUEST',
    );
    expect(await auditRows()).toEqual(before);
  });

  it("gives a Viewer the seller's page as the seller sees it, with no link in it", async () => {
    const { link } = await admin('owner').enquiries.revealSellerLink({ id: enquiryId, use: 'view' });
    const token = TOKEN_IN_LINK.exec(link.url)![1]!;
    const preview = await admin('viewer').enquiries.sellerPreview({ id: enquiryId });
    expect(preview.page).toEqual(await seller().get({ token }));
    expect(preview.nextStep).toEqual(await seller().nextStep({ token }));
    expect(preview.page).toMatchObject({
      statusWords: "We've made you an offer",
      offer: { amountCents: 800_000, answerable: true, response: null },
    });
    const everything = JSON.stringify(preview);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('/enquiry/');
    expect(await codeOf(admin('marketer').enquiries.sellerPreview({ id: enquiryId }))).toBe('FORBIDDEN');
    expect(await codeOf(admin('viewer').enquiries.sellerPreview({ id: crypto.randomUUID() }))).toBe(
      'NOT_FOUND',
    );
  });

  it("offers no way to act as the seller from the preview: it is a query, and every seller action needs the seller's token", async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    expect(procedures['admin.enquiries.sellerPreview']?._def.type).toBe('query');
    const sellerActions = Object.entries(procedures)
      .filter(([path, p]) => path.startsWith('seller.') && p._def.type === 'mutation')
      .map(([path]) => path)
      .sort();
    expect(sellerActions).toEqual([
      'seller.accept',
      'seller.book',
      'seller.cancelAppointment',
      'seller.decline',
      'seller.requestKit',
      'seller.requestLink',
      'seller.reschedule',
      'seller.sendMessage',
    ]);
    const { offer } = (await admin('viewer').enquiries.sellerPreview({ id: enquiryId })).page;
    const offerId = offer!.id;
    // What the preview holds (the enquiry's id, the offer's id) with a member's session, and no token.
    const s = seller();
    const kit = {
      recipientName: 'Bob Seller',
      addressLine1: '1 George St',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      phone: '0412 345 678',
    } as const;
    const slot = { location: 'sydney', startsAt: '2099-01-05T10:00:00+11:00' } as const;
    for (const token of ['', enquiryId]) {
      const attempts = {
        accept: () => s.accept({ token, offerId, typedName: 'Bob Seller', declaration: true }),
        decline: () => s.decline({ token, offerId, reason: 'From the preview' }),
        sendMessage: () => s.sendMessage({ token, body: 'Sent from the preview' }),
        book: () => s.book({ token, ...slot }),
        reschedule: () => s.reschedule({ token, ...slot }),
        cancelAppointment: () => s.cancelAppointment({ token }),
        requestKit: () => s.requestKit({ token, ...kit }),
      };
      for (const [name, attempt] of Object.entries(attempts))
        expect([name, await codeOf(attempt())]).toEqual([name, token === '' ? 'BAD_REQUEST' : 'NOT_FOUND']);
    }
    const after = await t.db
      .selectFrom('enquiries')
      .select('status')
      .where('id', '=', enquiryId)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('offer_made');
    const responses = await t.db
      .selectFrom('offer_responses')
      .select('id')
      .where('enquiry_id', '=', enquiryId)
      .execute();
    expect(responses).toEqual([]);
    const messages = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select('id')
      .where('enquiry_id', '=', enquiryId)
      .execute();
    expect(messages).toEqual([]);
  });
});
