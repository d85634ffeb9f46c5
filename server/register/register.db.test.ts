import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { holdUntil } from '#shared/register/states.ts';
import { parseCsv } from '#test/support/csv.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { callerFor, codeOf, testServices } from '#test/support/services.ts';
import type { PurchaseRecordInput } from '#shared/register/schemas.ts';
import { localDate } from '#shared/time/zones.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { pruneExpired } from '../housekeeping.ts';
import { UNREADABLE_NUMBER } from './register.ts';
import { getSettingsTimezone } from '../settings/settings.ts';

const ID_NUMBER = 'NSW 98765432';

describe('the dealer’s register', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let buyer: SessionUser;
  let viewer: SessionUser;
  let ownerCookie: string;
  let buyerCookie: string;
  let server: AppServer;
  const services = () => testServices(t.db);
  const caller = (user: SessionUser = owner) => callerFor(services(), user);

  async function member(email: string, role: 'owner' | 'buyer' | 'viewer'): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
    await grantAdmin(t.db, email, role);
    return { id: user.id, email: user.email, role };
  }

  async function cookieFor(user: SessionUser): Promise<string> {
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return `session=${token}`;
  }

  /** A new seller's enquiry, Accepted and ready to buy. */
  async function acceptedEnquiry(
    email: string,
    serial: string | null = null,
  ): Promise<{ id: string; leadId: string }> {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Olivia Nguyen', phone: '0400 000 123' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: 'Olivia Nguyen',
        watch_brand: 'Rolex',
        watch_model: 'Daytona',
        watch_condition: 'Excellent',
        status: 'accepted',
        serial_number: serial,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: enquiry.id, leadId: lead.id };
  }

  async function refusal(id: string, purchase: PurchaseRecordInput, user: SessionUser = buyer) {
    const error: unknown = await callerFor(services(), user)
      .admin.enquiries.setStatus({ id, to: 'purchased', purchase })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    return (error as TRPCError).message;
  }

  async function setState(state: string, amlCddEnabled = false) {
    await caller().admin.register.saveSettings({ state: state as 'NSW', amlCddEnabled, retentionYears: 7 });
  }

  beforeAll(async () => {
    owner = await member('owner@example.com', 'owner');
    buyer = await member('buyer@example.com', 'buyer');
    viewer = await member('viewer@example.com', 'viewer');
    ownerCookie = await cookieFor(owner);
    buyerCookie = await cookieFor(buyer);
    server = await createServer({ services: services(), clientDir: null, logLevel: 'silent' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses a purchase with fields missing or against the state’s rules, leaving nothing behind', async () => {
    const { id } = await acceptedEnquiry('refusals@example.com');
    const ok = purchaseRecord(buyer.id);
    expect(await refusal(id, { ...ok, idNumber: ' ' })).toContain(REGISTER_MESSAGES.idNumber);
    expect(await refusal(id, { ...ok, serialNumber: '' })).toContain(REGISTER_MESSAGES.serial);
    expect(await refusal(id, { ...ok, sellerAddress: '' })).toContain(REGISTER_MESSAGES.sellerAddress);
    expect(await refusal(id, { ...ok, identifyingMarks: '' })).toContain(REGISTER_MESSAGES.identifyingMarks);
    expect(await refusal(id, { ...ok, declarationAccepted: false as true })).toContain(
      REGISTER_MESSAGES.declaration,
    );
    expect(await refusal(id, { ...ok, idCheckMethod: 'uploaded' })).toContain(REGISTER_MESSAGES.idUpload);
    expect(await refusal(id, { ...ok, declarationMethod: 'online_acceptance' })).toContain(
      REGISTER_MESSAGES.acceptanceId,
    );
    expect(await refusal(id, { ...ok, stolenRegisterChecked: true })).toContain(
      REGISTER_MESSAGES.stolenRegister,
    );
    expect(await refusal(id, { ...ok, idExpiry: '2020-01-01' })).toBe(REGISTER_MESSAGES.idExpired);
    expect(await refusal(id, { ...ok, receivedBy: viewer.id })).toBe(REGISTER_MESSAGES.unknownMember);
    // Western Australia's list is the core photo documents until the business confirms more.
    await setState('WA');
    expect(await refusal(id, { ...ok, idDocument: 'firearms_licence' })).toBe(
      REGISTER_MESSAGES.idNotAccepted('Western Australia'),
    );
    await setState('NSW');
    // Cash of $10,000 or more: refused without the Owner's AML/CTF switch, then needs the CDD.
    const cash = { ...ok, paymentMethod: 'cash' as const, priceCents: 10_000_00 };
    expect(await refusal(id, cash)).toBe(
      'Cash payments of $10,000 or more need the AML/CTF setting switched on by the Owner',
    );
    await setState('NSW', true);
    expect(await refusal(id, cash)).toBe(REGISTER_MESSAGES.cddRequired);
    expect(await refusal(id, { ...cash, cddDateOfBirth: '1980-02-03' })).toBe(REGISTER_MESSAGES.cddRequired);

    const row = await t.db
      .selectFrom('enquiries')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('accepted');
    expect(await t.db.selectFrom('purchase_records').selectAll().execute()).toEqual([]);

    // Cash below the threshold needs nothing more; at it, with the CDD, it is recorded.
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: { ...cash, cddDateOfBirth: '1980-02-03', cddOccupation: 'Engineer' },
    });
    const view = await caller().admin.register.forEnquiry({ id });
    expect(view.purchase).toMatchObject({
      paymentMethod: 'cash',
      priceCents: 10_000_00,
      cddDateOfBirth: '1980-02-03',
      cddOccupation: 'Engineer',
    });
    await setState('NSW', false);
  });

  it('encrypts the identity number at rest, shows it masked and audits every full view', async () => {
    const { id } = await acceptedEnquiry('sealed@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, { idNumber: ID_NUMBER }),
    });
    const stored = await t.db
      .selectFrom('purchase_records')
      .selectAll()
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();
    // No column, text or bytes, holds the number; the last four are there for the mask.
    const everything = Object.values(stored)
      .map((v) => (Buffer.isBuffer(v) ? v.toString('latin1') + v.toString('hex') : String(v)))
      .join('|');
    expect(everything).not.toContain('98765432');
    expect(stored.id_number_ciphertext.toString('latin1')).not.toContain('9876');
    expect(stored.id_number_last4).toBe('5432');
    const dump = await sql<{
      t: string;
    }>`SELECT purchase_records::text AS t FROM purchase_records WHERE id = ${stored.id}`.execute(t.db);
    expect(dump.rows[0]!.t).not.toContain('98765432');

    const view = await callerFor(services(), buyer).admin.register.forEnquiry({ id });
    expect(view.purchase?.idNumberMasked).toBe('•••• 5432');
    expect(JSON.stringify(view)).not.toContain('98765432');

    // The Buyer may not see it whole; the Owner may, and the log says so without the number.
    expect(await codeOf(callerFor(services(), buyer).admin.register.revealIdentity({ id: stored.id }))).toBe(
      'FORBIDDEN',
    );
    const full = await caller().admin.register.revealIdentity({ id: stored.id });
    expect(full.idNumber).toBe(ID_NUMBER);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'entity_id', 'summary'])
      .where('action', 'in', ['admin.register.revealIdentity', 'admin.enquiries.setStatus'])
      .where('entity_id', 'in', [stored.id, id])
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual([
      'admin.enquiries.setStatus',
      'admin.register.revealIdentity',
    ]);
    expect(audits.find((a) => a.action === 'admin.register.revealIdentity')).toMatchObject({
      actor_email: 'owner@example.com',
      entity_id: stored.id,
    });
    expect(JSON.stringify(audits)).not.toContain('98765432');

    // Another APP_SECRET derives another key: the entry does not open with it.
    const otherKey = callerFor(
      testServices(t.db, { config: { appSecret: 'another-secret-0123456789abcdefghijkl' } }),
      owner,
    );
    // While a rotation is pending the reader is told which number cannot be read, not a 500.
    expect(await codeOf(otherKey.admin.register.revealIdentity({ id: stored.id }))).toBe('CONFLICT');
    await expect(otherKey.admin.register.revealIdentity({ id: stored.id })).rejects.toThrow(
      REGISTER_MESSAGES.undecryptable,
    );
    expect((await otherKey.admin.register.forEnquiry({ id })).purchase?.idNumberReadable).toBe(false);
    expect(view.purchase?.idNumberReadable).toBe(true);
    // A configured REGISTER_KEY is used instead of the derived one.
    const keyed = testServices(t.db, { config: { registerKey: 'a'.repeat(64) } });
    const { id: second } = await acceptedEnquiry('keyed@example.com');
    await callerFor(keyed, buyer).admin.enquiries.setStatus({
      id: second,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, { idNumber: 'P1234567' }),
    });
    const record = (await callerFor(keyed, owner).admin.register.forEnquiry({ id: second })).purchase!;
    expect((await callerFor(keyed, owner).admin.register.revealIdentity({ id: record.id })).idNumber).toBe(
      'P1234567',
    );
    expect(await codeOf(caller().admin.register.revealIdentity({ id: record.id }))).toBe('CONFLICT');
    const today = localDate(new Date(), await getSettingsTimezone(t.db));
    const listed = await caller().admin.register.list({ from: today, to: today });
    expect(listed.find((l) => l.id === record.id)?.idNumberReadable).toBe(false);
    expect(listed.find((l) => l.id === stored.id)?.idNumberReadable).toBe(true);
  });

  it('holds a Victorian purchase for 7 days and releases it early only with a reason and a check', async () => {
    await setState('VIC');
    const { id } = await acceptedEnquiry('held@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id,
      to: 'purchased',
      // Victoria's register records where the goods are stored (decision 070).
      purchase: purchaseRecord(buyer.id, { storageLocation: 'Safe 1' }),
    });
    await setState('NSW');
    const today = localDate(new Date(), await getSettingsTimezone(t.db));
    const expected = new Date(`${today}T00:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 7);
    const held = await callerFor(services(), viewer).admin.register.held();
    const entry = held.find((h) => h.enquiryId === id)!;
    expect(entry.heldUntil).toBe(expected.toISOString().slice(0, 10));

    // No reason: the hold is not over (decision 071), and no check is recorded either.
    expect(
      await codeOf(callerFor(services(), buyer).admin.register.release({ id: entry.id, reason: ' ' })),
    ).toBe('PRECONDITION_FAILED');
    expect(
      await codeOf(callerFor(services(), viewer).admin.register.release({ id: entry.id, reason: 'x' })),
    ).toBe('FORBIDDEN');
    expect(
      await codeOf(
        callerFor(services(), buyer).admin.register.release({
          id: entry.id,
          reason: 'Police cleared the serial',
        }),
      ),
    ).toBe('PRECONDITION_FAILED');
    await callerFor(services(), buyer).admin.register.recordCheck({
      id: entry.id,
      registerName: 'The Watch Register',
      reference: 'WR-7001',
    });
    await callerFor(services(), buyer).admin.register.release({
      id: entry.id,
      reason: 'Police cleared the serial',
    });
    expect((await caller().admin.register.held()).some((h) => h.id === entry.id)).toBe(false);
    expect(await codeOf(caller().admin.register.release({ id: entry.id, reason: 'again' }))).toBe('CONFLICT');
    const record = (await caller().admin.register.forEnquiry({ id })).purchase!;
    expect(record).toMatchObject({
      releasedByEmail: 'buyer@example.com',
      releaseReason: 'Police cleared the serial',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'admin.register.release')
      .executeTakeFirstOrThrow();
    expect(audit.entity_id).toBe(entry.id);
  });

  it('flags a serial seen on another enquiry or purchase, on both, ignoring case, spaces and dashes', async () => {
    const bought = await acceptedEnquiry('first-seller@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id: bought.id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, { serialNumber: 'SN-7788 99' }),
    });
    const later = await acceptedEnquiry('second-seller@example.com');
    expect((await caller().admin.register.forEnquiry({ id: later.id })).seenBefore).toEqual([]);
    const saved = await callerFor(services(), buyer).admin.register.setSerial({
      id: later.id,
      serialNumber: 'sn778899',
    });
    expect(saved.seenBefore).toEqual([expect.objectContaining({ enquiryId: bought.id, where: 'purchase' })]);
    expect((await caller().admin.register.forEnquiry({ id: bought.id })).seenBefore).toEqual([
      expect.objectContaining({ enquiryId: later.id, serialNumber: 'sn778899', where: 'enquiry' }),
    ]);
    // After the purchase the serial is the record's.
    expect(await codeOf(caller().admin.register.setSerial({ id: bought.id, serialNumber: 'other' }))).toBe(
      'CONFLICT',
    );
  });

  it('exports the register for a period with full identity numbers, to the Owner only, audited', async () => {
    const { id } = await acceptedEnquiry('export@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, {
        idNumber: 'EXP 4455 6677',
        sellerName: '=Eve "Quote", Jr',
        priceCents: 1_234_500,
      }),
    });
    // Employees are named by name (decision 095): the buyer has one for this export.
    await t.db.updateTable('users').set({ name: 'Grace Buyer' }).where('id', '=', buyer.id).execute();
    const record = (await caller().admin.register.forEnquiry({ id })).purchase;
    expect([record?.receivedByName, record?.idCheckedByName]).toEqual(['Grace Buyer', 'Grace Buyer']);
    expect((await caller().admin.register.settings()).members).toContainEqual({
      id: buyer.id,
      email: 'buyer@example.com',
      name: 'Grace Buyer',
    });
    const today = localDate(new Date(), await getSettingsTimezone(t.db));
    const url = `/api/admin/exports/register.csv?from=${today}&to=${today}`;
    expect(
      (await server.app.inject({ method: 'GET', url, headers: { cookie: buyerCookie } })).statusCode,
    ).toBe(403);
    const bad = await server.app.inject({
      method: 'GET',
      url: `/api/admin/exports/register.csv?from=${today}&to=2000-01-01`,
      headers: { cookie: ownerCookie },
    });
    expect(bad.statusCode).toBe(400);
    const response = await server.app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toContain('Identity number');
    const row = rows.find((r) => r.includes('EXP 4455 6677'))!;
    expect(row).toBeDefined();
    const cell = (name: string) => row[header!.indexOf(name)];
    expect(cell('Seller name')).toBe(`'=Eve "Quote", Jr`);
    expect(cell('Price (AUD)')).toBe('12345.00');
    expect(cell('Employee')).toBe('Grace Buyer');
    expect(cell('Identity checked by')).toBe('Grace Buyer');
    await t.db.updateTable('users').set({ name: null }).where('id', '=', buyer.id).execute();
    expect(cell('Serial number')).toBe('Z123-456 78');
    expect(cell('Description')).toBe('Rolex Daytona');
    // Day before month and a four-digit year, as every export writes a date: 06/12/2026, 17:56.
    expect(cell('Date and time')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(response.headers['x-row-count']).toBe(String(rows.length));
    // The entry sealed under another REGISTER_KEY (an earlier test) says so instead of failing all.
    expect(rows.some((r) => r.includes(UNREADABLE_NUMBER))).toBe(true);

    const page = await server.app.inject({
      method: 'GET',
      url: `/api/admin/exports/register.html?from=${today}&to=${today}`,
      headers: { cookie: ownerCookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('EXP 4455 6677');
    expect(page.body).toContain('@media print');
    expect(page.body).toContain('<td>=Eve &quot;Quote&quot;, Jr</td>');
    const exports = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['exports.register', 'exports.registerPrint'])
      .execute();
    expect(exports.map((e) => e.action).sort()).toEqual(['exports.register', 'exports.registerPrint']);
    // The list for the screen keeps the number masked.
    const listed = await caller().admin.register.list({ from: today, to: today });
    expect(JSON.stringify(listed)).not.toContain('4455 6677');
    expect(listed.find((l) => l.enquiryId === id)?.idNumberMasked).toBe('•••• 6677');
  });

  it('holds a Queensland purchase in working days, noting a date past the listed holidays', async () => {
    await setState('QLD');
    const { id } = await acceptedEnquiry('qld@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id),
    });
    await setState('NSW');
    const today = localDate(new Date(), await getSettingsTimezone(t.db));
    const record = (await caller().admin.register.forEnquiry({ id })).purchase!;
    expect(record.heldUntil).toBe(holdUntil('QLD', today));
    expect(record.heldUntilNote).toBeNull();
    // A hold running into 2028, past the list (holidays.ts): only weekends were skipped, and it says so.
    await t.db
      .updateTable('purchase_records')
      .set({ held_until: '2028-01-06' })
      .where('enquiry_id', '=', id)
      .execute();
    const later = (await caller().admin.register.forEnquiry({ id })).purchase!;
    expect(later.heldUntilNote).toMatch(/^Public holidays after 2027-12-31 are not listed here/);
    const held = (await callerFor(services(), viewer).admin.register.held()).find((h) => h.id === record.id);
    expect(held?.heldUntilNote).toBe(later.heldUntilNote);
  });

  it('keeps the register entry when the seller is erased, and says so', async () => {
    const { id, leadId } = await acceptedEnquiry('erase-me@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, { sellerName: 'Erin Erased', idNumber: 'ERASE 1111' }),
    });
    const result = await caller().admin.contacts.erase({ id: leadId, confirmation: 'erase-me@example.com' });
    expect(result.registerKept).toBe(
      'The dealer’s register keeps this seller’s purchase for 7 years as the law requires',
    );
    expect(
      await t.db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.selectFrom('enquiries').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const kept = await t.db
      .selectFrom('purchase_records')
      .select(['id', 'enquiry_id', 'seller_name', 'seller_address'])
      .where('seller_name', '=', 'Erin Erased')
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ enquiry_id: null, seller_address: '12 Example Street, Newtown NSW 2042' });
    expect((await caller().admin.register.revealIdentity({ id: kept.id })).idNumber).toBe('ERASE 1111');
  });

  it('deletes register entries past their retain_until in housekeeping', async () => {
    const { id } = await acceptedEnquiry('old@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, { sellerName: 'Old Seller' }),
    });
    const now = new Date();
    const years = (n: number) => new Date(now.getTime() - n * 365.25 * 24 * 3600 * 1000);
    // Each entry keeps its own date (decision 071): an old one, kept until the day before yesterday.
    await t.db
      .updateTable('purchase_records')
      .set({ created_at: years(8), retain_until: sql<string>`current_date - 2` })
      .where('enquiry_id', '=', id)
      .execute();
    const recent = await acceptedEnquiry('recent@example.com');
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id: recent.id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, { sellerName: 'Six Years' }),
    });
    await t.db
      .updateTable('purchase_records')
      .set({ created_at: years(6) })
      .where('enquiry_id', '=', recent.id)
      .execute();
    const result = await pruneExpired(t.db, now);
    expect(result.registerEntries).toBe(1);
    const names = (await t.db.selectFrom('purchase_records').select('seller_name').execute()).map(
      (r) => r.seller_name,
    );
    expect(names).toContain('Six Years');
    expect(names).not.toContain('Old Seller');
  });
});
