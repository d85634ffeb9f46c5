import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '#shared/admin/lists.ts';
import { ENQUIRY_MESSAGES, MAX_OFFER_CENTS } from '#shared/enquiries/schemas.ts';
import { REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { callerFor, codeOf, testServices } from '#test/support/services.ts';
import { localDate } from '#shared/time/zones.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { SessionUser } from '../auth/session.ts';
import { getSettingsTimezone } from '../settings/settings.ts';

const BASE = Date.UTC(2026, 0, 1);
const minutes = (n: number) => new Date(BASE + n * 60_000);

/**
 * 45 enquiries from 15 sellers, enquiry i submitted at minute i (the newest is i = 44): brands
 * cycle Rolex, Omega, Patek Philippe; every 4th is Contacted, the rest New; seller i % 15.
 */
describe('admin enquiries', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  let other: SessionUser;
  const caller = (user: SessionUser = admin) => callerFor(testServices(t.db), user);
  const ids: string[] = [];
  const brands = ['Rolex', 'Omega', 'Patek Philippe'];

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'desk-admin@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    const second = await createUser(t.db, { email: 'buyer@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, second.email);
    other = { id: second.id, email: second.email, role: 'owner' };
    const contacts = await t.db
      .insertInto('leads')
      .values(
        Array.from({ length: 15 }, (_, i) => ({
          email: i === 3 ? 'olivia.nguyen@example.com' : `seller${i}@example.com`,
          full_name: i === 3 ? 'Olivia Nguyen' : `Seller ${i}`,
          phone: `0400 000 ${String(i).padStart(3, '0')}`,
          created_at: minutes(i),
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const contactIds = new Map(contacts.map((l) => [l.email, l.id]));
    const contactFor = (i: number) =>
      contactIds.get(i % 15 === 3 ? 'olivia.nguyen@example.com' : `seller${i % 15}@example.com`)!;
    const rows = await t.db
      .insertInto('enquiries')
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          lead_id: contactFor(i),
          contact_name: i % 15 === 3 ? 'Olivia Nguyen' : `Seller ${i % 15}`,
          contact_phone: `0400 000 ${String(i % 15).padStart(3, '0')}`,
          watch_brand: brands[i % 3]!,
          watch_model: i === 10 ? 'Daytona 116500LN' : `Model ${i}`,
          watch_year: 2000 + (i % 20),
          watch_condition: 'Excellent',
          has_box: i % 2 === 0,
          has_papers: i % 3 === 0,
          utm_source: i % 5 === 0 ? 'google' : null,
          status: i % 4 === 0 ? ('contacted' as const) : ('new' as const),
          created_at: minutes(i),
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
    await t.db
      .insertInto('uploads')
      .values({
        driver: 'local',
        storage_key: 'photo-44.jpg',
        content_type: 'image/jpeg',
        bytes: 100,
        sha256: 'x',
        enquiry_id: ids[44]!,
      })
      .execute();
  });

  const newest = () => Array.from({ length: 45 }, (_, i) => 44 - i);
  const idsOf = (indexes: number[]) => indexes.map((i) => ids[i]);

  it('lists 20 per page, newest first, with the seller, the watch and the first photo', async () => {
    const page1 = await caller().admin.enquiries.list({});
    expect(page1).toMatchObject({ totalCount: 45, totalPages: 3, page: 1, totalIsCapped: false });
    expect(page1.rows.map((r) => r.id)).toEqual(idsOf(newest().slice(0, 20)));
    expect(page1.rows[0]).toMatchObject({
      sellerName: 'Seller 14',
      sellerEmail: 'seller14@example.com',
      watchBrand: 'Patek Philippe',
      watchModel: 'Model 44',
      hasBox: true,
      hasPapers: false,
      status: 'contacted',
      photoCount: 1,
      createdAt: minutes(44).toISOString(),
    });
    expect(page1.rows[0]!.photoId).toEqual(expect.any(String));
    const page3 = await caller().admin.enquiries.list({ page: 3 });
    expect(page3.rows.map((r) => r.id)).toEqual(idsOf(newest().slice(40)));
    // Past the end: the last page.
    expect((await caller().admin.enquiries.list({ page: 9 })).page).toBe(3);
  });

  it('filters by status, brand, awaiting reply and assignee', async () => {
    const contacted = await caller().admin.enquiries.list({ status: 'contacted' });
    expect(contacted.rows.map((r) => r.id)).toEqual(idsOf(newest().filter((i) => i % 4 === 0)));
    const omega = await caller().admin.enquiries.list({ brand: 'Omega' });
    expect(omega.totalCount).toBe(15);
    expect(omega.rows.every((r) => r.watchBrand === 'Omega')).toBe(true);
    const awaiting = await caller().admin.enquiries.list({ awaitingReply: true, brand: 'Rolex' });
    expect(awaiting.rows.map((r) => r.id)).toEqual(idsOf(newest().filter((i) => i % 4 !== 0 && i % 3 === 0)));
    expect(await caller().admin.enquiries.awaitingReply()).toEqual({
      count: 45 - 12,
      oldestAt: minutes(1).toISOString(),
    });

    await caller().admin.enquiries.assign({ id: ids[5]!, assigneeId: other.id });
    const mine = await caller().admin.enquiries.list({ assignee: other.id });
    expect(mine.rows.map((r) => [r.id, r.assigneeEmail])).toEqual([[ids[5], 'buyer@example.com']]);
    expect((await caller().admin.enquiries.list({ assignee: 'unassigned' })).totalCount).toBe(44);
    await caller().admin.enquiries.assign({ id: ids[5]!, assigneeId: null });
  });

  it('names the assignee by the member’s name, the address without one (decision 057)', async () => {
    const named = callerFor(testServices(t.db), other);
    expect(await named.auth.changeName({ name: '  Grace Buyer ' })).toMatchObject({ name: 'Grace Buyer' });
    expect(await named.auth.me()).toMatchObject({ email: 'buyer@example.com', name: 'Grace Buyer' });
    // The picker: named members first, each with the address to fall back on.
    const { admins } = await caller().admin.enquiries.filterOptions();
    expect(admins.map((a) => [a.email, a.name])).toEqual([
      ['buyer@example.com', 'Grace Buyer'],
      ['desk-admin@example.com', null],
    ]);
    expect((await caller().admin.team.list()).find((m) => m.id === other.id)?.name).toBe('Grace Buyer');

    await caller().admin.enquiries.assign({ id: ids[30]!, assigneeId: other.id });
    const row = (await caller().admin.enquiries.list({ assignee: other.id })).rows[0];
    expect([row?.assigneeEmail, row?.assigneeName]).toEqual(['buyer@example.com', 'Grace Buyer']);
    const detail = await caller().admin.enquiries.get({ id: ids[30]! });
    expect(detail.timeline.filter((e) => e.kind === 'assignment')).toEqual([
      expect.objectContaining({ assigneeEmail: 'buyer@example.com', assigneeName: 'Grace Buyer' }),
    ]);
    // Every member the page names by address comes with their name, once (decision 095): the
    // unnamed desk admin who assigned is left to its address.
    await named.admin.enquiries.addNote({ id: ids[30]!, body: 'Called the seller' });
    const noted = await caller().admin.enquiries.get({ id: ids[30]! });
    expect(noted.people).toEqual({ 'buyer@example.com': 'Grace Buyer' });

    // Blank removes the name: the address again. A line break is a 400 with the form's message.
    expect(await named.auth.changeName({ name: ' ' })).toMatchObject({ name: null });
    expect((await caller().admin.enquiries.list({ assignee: other.id })).rows[0]?.assigneeName).toBeNull();
    expect(await codeOf(named.auth.changeName({ name: 'Grace\nBcc: x@example.com' }))).toBe('BAD_REQUEST');
    // Audited like every account change, without the name itself.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['summary'])
      .where('action', '=', 'auth.changeName')
      .where('actor_id', '=', other.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([{ named: true }, { named: false }]);
    await caller().admin.enquiries.assign({ id: ids[30]!, assigneeId: null });
  });

  it('keeps the assignee when the same member is picked again; only null unassigns (decision 095)', async () => {
    const api = caller().admin.enquiries;
    await api.assign({ id: ids[31]!, assigneeId: other.id });
    await api.assign({ id: ids[31]!, assigneeId: other.id });
    const kept = await api.get({ id: ids[31]! });
    expect(kept.assigneeId).toBe(other.id);
    // One "Assigned to" on the timeline: re-picking changed nothing.
    expect(kept.timeline.filter((e) => e.kind === 'assignment')).toHaveLength(1);
    await api.assign({ id: ids[31]!, assigneeId: null });
    const cleared = await api.get({ id: ids[31]! });
    expect(cleared.assigneeId).toBeNull();
    expect(cleared.timeline.filter((e) => e.kind === 'assignment')).toHaveLength(2);
  });

  it('filters by calendar days in the settings timezone, both ends included', async () => {
    // Sydney is UTC+11 in January: minute 0 UTC on 1 January is 11:00 on 1 January there.
    const jan1 = await caller().admin.enquiries.list({ from: '2026-01-01', to: '2026-01-01' });
    expect(jan1.totalCount).toBe(45);
    expect((await caller().admin.enquiries.list({ from: '2026-01-02' })).totalCount).toBe(0);
    expect((await caller().admin.enquiries.list({ to: '2025-12-31' })).totalCount).toBe(0);
  });

  it('searches seller name, e-mail, phone digits and model', async () => {
    const byName = await caller().admin.enquiries.list({ search: 'olivia' });
    expect(byName.rows.map((r) => r.id)).toEqual(idsOf([33, 18, 3]));
    const byEmail = await caller().admin.enquiries.list({ search: 'nguyen@example' });
    expect(byEmail.rows.map((r) => r.id)).toEqual(idsOf([33, 18, 3]));
    const byPhone = await caller().admin.enquiries.list({ search: '0400-000-003' });
    expect(byPhone.rows.map((r) => r.id)).toEqual(idsOf([33, 18, 3]));
    const byModel = await caller().admin.enquiries.list({ search: 'daytona' });
    expect(byModel.rows.map((r) => r.id)).toEqual(idsOf([10]));
    const combined = await caller().admin.enquiries.list({ search: 'olivia', status: 'new' });
    expect(combined.rows.map((r) => r.id)).toEqual(idsOf([33, 18, 3]));
  });

  it('offers the brands on file and the admins for the filters', async () => {
    const options = await caller().admin.enquiries.filterOptions();
    expect(options.brands).toEqual(['Omega', 'Patek Philippe', 'Rolex']);
    expect(options.admins.map((a) => a.email)).toEqual(['buyer@example.com', 'desk-admin@example.com']);
  });

  it('asks for the final price with Purchased, within the offer cap, in one transaction', async () => {
    const id = ids[11]!;
    await caller().admin.enquiries.recordOffer({
      id,
      amountCents: 500_000,
      validUntil: null,
      conditions: null,
    });
    await caller().admin.enquiries.setStatus({ id, to: 'accepted' });
    type StatusInput = Parameters<ReturnType<typeof caller>['admin']['enquiries']['setStatus']>[0];
    const refused = async (input: StatusInput) => {
      const error: unknown = await caller()
        .admin.enquiries.setStatus(input)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      return (error as TRPCError).message;
    };
    expect(await refused({ id, to: 'purchased' })).toContain(ENQUIRY_MESSAGES.purchaseRecordRequired);
    expect(
      await refused({ id, to: 'purchased', purchase: purchaseRecord(admin.id, { priceCents: 0 }) }),
    ).toContain(REGISTER_MESSAGES.priceRequired);
    expect(
      await refused({ id, to: 'purchased', purchase: purchaseRecord(admin.id, { priceCents: 12.5 }) }),
    ).toContain(REGISTER_MESSAGES.priceRequired);
    expect(
      await refused({
        id,
        to: 'purchased',
        purchase: purchaseRecord(admin.id, { priceCents: MAX_OFFER_CENTS + 1 }),
      }),
    ).toContain(REGISTER_MESSAGES.priceTooLarge);
    expect(
      await refused({ id, to: 'lost', reason: 'Sold elsewhere', purchase: purchaseRecord(admin.id) }),
    ).toContain(ENQUIRY_MESSAGES.purchaseOnlyOnPurchase);
    // Nothing moved while the input was refused.
    expect((await caller().admin.enquiries.get({ id })).status).toBe('accepted');

    const bought = await caller().admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(admin.id, { priceCents: MAX_OFFER_CENTS }),
    });
    expect(bought).toMatchObject({ status: 'purchased', purchasePriceCents: MAX_OFFER_CENTS });
    const row = await t.db
      .selectFrom('enquiries')
      .select(['status', 'purchase_price_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'purchased', purchase_price_cents: MAX_OFFER_CENTS });
    // Audited like every status change, with the price in the summary (not personal data).
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity_id', '=', id)
      .where('action', '=', 'admin.enquiries.setStatus')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).toContain(`"priceCents":${MAX_OFFER_CENTS}`);
  });

  it('moves an enquiry through the pipeline, refusing what the table forbids, with a timeline', async () => {
    const id = ids[7]!;
    expect(
      await codeOf(
        caller().admin.enquiries.setStatus({
          id,
          to: 'purchased',
          purchase: purchaseRecord(admin.id, { priceCents: 100 }),
        }),
      ),
    ).toBe('CONFLICT');
    await caller().admin.enquiries.recordOffer({
      id,
      amountCents: 1_250_000,
      validUntil: '2099-02-01',
      conditions: 'Subject to inspection',
    });
    await caller(other).admin.enquiries.addNote({ id, body: 'Seller prefers a call after 5 pm' });
    await caller().admin.enquiries.recordOffer({
      id,
      amountCents: 1_300_000,
      validUntil: null,
      conditions: null,
    });
    await caller().admin.enquiries.setStatus({ id, to: 'accepted' });
    expect(await codeOf(caller().admin.enquiries.setStatus({ id, to: 'lost' }))).toBe('CONFLICT');
    const detail = await caller().admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(admin.id, { priceCents: 1_280_000 }),
    });

    expect(detail.status).toBe('purchased');
    expect(detail.purchasePriceCents).toBe(1_280_000);
    expect(detail.offers.map((o) => o.amountCents)).toEqual([1_300_000, 1_250_000]);
    expect(detail.offers[1]).toMatchObject({ validUntil: '2099-02-01', conditions: 'Subject to inspection' });
    expect(detail.timeline.map((e) => e.kind)).toEqual([
      'submitted',
      'status',
      'offer',
      'note',
      'offer',
      'status',
      'status',
    ]);
    expect(detail.timeline[1]).toMatchObject({
      from: 'new',
      to: 'offer_made',
      actor: 'desk-admin@example.com',
    });
    expect(detail.timeline[3]).toMatchObject({
      body: 'Seller prefers a call after 5 pm',
      actor: 'buyer@example.com',
    });
    expect(detail.timeline[6]).toMatchObject({ from: 'accepted', to: 'purchased' });
    expect(
      await codeOf(
        caller().admin.enquiries.recordOffer({ id, amountCents: 1, validUntil: null, conditions: null }),
      ),
    ).toBe('CONFLICT');
  });

  it('needs a reason for Lost, stamps closing, and lets a closed enquiry reopen', async () => {
    const id = ids[8]!;
    expect(await codeOf(caller().admin.enquiries.setStatus({ id, to: 'lost' }))).toBe('CONFLICT');
    const lost = await caller().admin.enquiries.setStatus({
      id,
      to: 'lost',
      reason: 'Sold to a dealer in Perth',
    });
    expect(lost.closedAt).not.toBeNull();
    expect(lost.timeline.at(-1)).toMatchObject({
      kind: 'status',
      to: 'lost',
      reason: 'Sold to a dealer in Perth',
    });
    const reopened = await caller().admin.enquiries.setStatus({ id, to: 'contacted' });
    expect(reopened.closedAt).toBeNull();
  });

  it("shows the seller's other enquiries and consent state", async () => {
    const detail = await caller().admin.enquiries.get({ id: ids[18]! });
    expect(detail.otherEnquiries.map((o) => o.id)).toEqual(idsOf([33, 3]));
    expect(detail.consent).toMatchObject({ emailMarketingConsent: false, emailConsentPending: false });
    expect(await codeOf(caller().admin.enquiries.get({ id: '00000000-0000-4000-8000-000000000000' }))).toBe(
      'NOT_FOUND',
    );
  });

  // Last: it adds 1,001 sellers. More matching contacts than the count cap take the other branch
  // (decision 026): the page walks the date index and the total says "more than 1,000".
  it('searches a term more contacts share than the cap, e-mail matches included', async () => {
    const broad = await t.db
      .insertInto('leads')
      .values(
        Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => ({
          email: `harbourview.${i}@example.com`,
          full_name: `Buyer ${i}`,
          created_at: minutes(100 + i),
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const byIndex = new Map(broad.map((l) => [Number(/\.(\d+)@/.exec(l.email)![1]), l.id]));
    // One enquiry per broad seller; the name on the enquiry does not contain the term, so only the
    // contact's e-mail can match it.
    const rows = await t.db
      .insertInto('enquiries')
      .values(
        Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => ({
          lead_id: byIndex.get(i)!,
          contact_name: `Buyer ${i}`,
          watch_brand: 'Tudor',
          watch_condition: 'Good',
          created_at: minutes(100 + i),
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    const newestFirst = [...rows].sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
    const page = await caller().admin.enquiries.list({ search: 'harbourview' });
    expect(page.totalIsCapped).toBe(true);
    expect(page.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 20).map((r) => r.id));
    // The cap does not lose the enquiry's own fields: a model match still finds its one row.
    expect((await caller().admin.enquiries.list({ search: 'daytona' })).rows.map((r) => r.id)).toEqual(
      idsOf([10]),
    );
  });

  it('refuses an offer over the cap or valid until a day already gone, with the form message', async () => {
    const id = ids[9]!;
    const offer = { id, amountCents: 500_000, validUntil: null, conditions: null };
    const over = caller().admin.enquiries.recordOffer({ ...offer, amountCents: MAX_OFFER_CENTS + 1 });
    await expect(over).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(over).rejects.toThrow(ENQUIRY_MESSAGES.offerTooLarge);
    // Two days back on the business's calendar, and a day long gone.
    const today = localDate(new Date(), await getSettingsTimezone(t.db));
    const twoDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    for (const validUntil of [twoDaysAgo, '2000-01-01']) {
      const past = caller().admin.enquiries.recordOffer({ ...offer, validUntil });
      await expect(past).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: ENQUIRY_MESSAGES.offerExpired,
      });
    }
    expect((await caller().admin.enquiries.get({ id })).offers).toEqual([]);
    const recorded = await caller().admin.enquiries.recordOffer({
      ...offer,
      amountCents: MAX_OFFER_CENTS,
      validUntil: '2099-12-31',
    });
    expect(recorded.offers.map((o) => [o.amountCents, o.validUntil])).toEqual([
      [MAX_OFFER_CENTS, '2099-12-31'],
    ]);
  });

  it('refuses to assign to someone who is not an admin', async () => {
    const plain = await createUser(t.db, { email: 'not-admin@example.com', password: 'x-password-1' });
    expect(await codeOf(caller().admin.enquiries.assign({ id: ids[1]!, assigneeId: plain.id }))).toBe(
      'BAD_REQUEST',
    );
  });
});
