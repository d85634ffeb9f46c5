import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { parseCsv } from '#test/support/csv.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { callerFor, codeOf, testServices } from '#test/support/services.ts';
import { localDate } from '#shared/time/zones.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

// Decision 070: Victoria's storage location and verifying statement on the printable register, and
// AUSTRAC's threshold transaction report fields for a cash purchase of $10,000 or
// more, as a printable page and a CSV, the Owner's alone (they hold the full identity number).

describe('the TTR fields', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let buyer: SessionUser;
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

  async function purchase(email: string, overrides: Parameters<typeof purchaseRecord>[1]) {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Olivia Nguyen' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        watch_brand: 'Rolex',
        watch_model: 'Daytona',
        watch_condition: 'Excellent',
        status: 'accepted',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id: enquiry.id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, overrides),
    });
    return t.db
      .selectFrom('purchase_records')
      .select('id')
      .where('enquiry_id', '=', enquiry.id)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    owner = await member('owner@example.com', 'owner');
    buyer = await member('buyer@example.com', 'buyer');
    await callerFor(services(), owner).admin.register.saveSettings({
      state: 'NSW',
      amlCddEnabled: true,
      retentionYears: 7,
    });
    server = await createServer({ services: services(), clientDir: null, logLevel: 'silent' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('gives the Owner the report’s fields for a cash purchase, audited; nobody else', async () => {
    // 10:00 on Thursday 2 April 2026 in Sydney (UTC+11): the TTR is due Monday 20 April (10 NSW
    // business days: Good Friday 3 to Easter Monday 6 skipped; Tue 7 … Fri 10, Mon 13 … Fri 17, Mon 20).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-01T23:00:00Z'));
    const cash = await purchase('ttr@example.com', {
      paymentMethod: 'cash',
      priceCents: 12_345_67,
      cddDateOfBirth: '1980-02-03',
      cddOccupation: 'Chef',
    });
    const transfer = await purchase('no-ttr@example.com', {});
    vi.useRealTimers();
    // The purchase's own time (the database's clock is real): the same instant.
    await t.db
      .updateTable('purchase_records')
      .set({ created_at: new Date('2026-04-01T23:00:00Z') })
      .where('id', '=', cash.id)
      .execute();
    const [ownerCookie, buyerCookie] = [await cookieFor(owner), await cookieFor(buyer)];
    const get = (url: string, cookie: string) =>
      server.app.inject({ method: 'GET', url, headers: { cookie } });

    const csvUrl = `/api/admin/exports/register-ttr.csv?id=${cash.id}`;
    expect((await get(csvUrl, buyerCookie)).statusCode).toBe(403);
    expect((await get('/api/admin/exports/register-ttr.csv?id=nope', ownerCookie)).statusCode).toBe(400);
    // A bank transfer has no TTR.
    expect((await get(`/api/admin/exports/register-ttr.csv?id=${transfer.id}`, ownerCookie)).statusCode).toBe(
      404,
    );

    const response = await get(csvUrl, ownerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, values] = parseCsv(response.body);
    const field = (name: string) => values?.[header?.indexOf(name) ?? -1];
    expect(field('Report')).toBe('Threshold transaction report (TTR)');
    expect(field('Due by')).toBe('2026-04-20');
    expect(field('Transaction date')).toBe('2026-04-02');
    expect(field('Transaction time')).toBe('10:00 (Australia/Sydney)');
    expect(field('Total amount (AUD)')).toBe('12,345.67');
    expect(field('Customer full name')).toBe('Olivia Nguyen');
    expect(field('Customer address')).toBe('12 Example Street, Newtown NSW 2042');
    expect(field('Customer date of birth')).toBe('1980-02-03');
    expect(field('Customer occupation')).toBe('Chef');
    expect(field('Identity document')).toBe('Australian driver licence');
    expect(field('Identity document number')).toBe('NSW 98765432');
    expect(field('Serial number')).toBe('Z123-456 78');
    expect(field('Conducted by (employee)')).toBe('buyer@example.com');
    expect(field('Reporting entity ABN')).toBe(services().config.site.abn);

    const page = await get(`/api/admin/exports/register-ttr.html?id=${cash.id}`, ownerCookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<th scope="row">Identity document number</th><td>NSW 98765432</td>');
    expect(page.body).toContain('@media print');
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['exports.registerTtr', 'exports.registerTtrPrint'])
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['exports.registerTtr', 'exports.registerTtrPrint']);
  });

  it('asks a Victorian purchase where the goods are stored and prints it with a verifying statement', async () => {
    await callerFor(services(), owner).admin.register.saveSettings({
      state: 'VIC',
      amlCddEnabled: true,
      retentionYears: 7,
    });
    const ownerCookie = await cookieFor(owner);
    const today = localDate(new Date(), 'Australia/Sydney');
    const printUrl = `/api/admin/exports/register.html?from=${today}&to=${today}`;
    try {
      const lead = await t.db
        .insertInto('leads')
        .values({ email: 'vic@example.com', full_name: 'Vic Seller' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const enquiry = await t.db
        .insertInto('enquiries')
        .values({ lead_id: lead.id, watch_brand: 'Omega', watch_condition: 'Good', status: 'accepted' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const move = (storageLocation: string | null) =>
        callerFor(services(), buyer).admin.enquiries.setStatus({
          id: enquiry.id,
          to: 'purchased',
          purchase: purchaseRecord(buyer.id, { storageLocation }),
        });
      const refused: unknown = await move(' ').catch((e: unknown) => e);
      expect(await codeOf(Promise.reject(refused as Error))).toBe('BAD_REQUEST');
      expect((refused as Error).message).toBe(REGISTER_MESSAGES.storageLocation);
      await move('Safe 2, 10 Collins Street Melbourne');
      const view = await callerFor(services(), buyer).admin.register.forEnquiry({ id: enquiry.id });
      expect(view.purchase?.storageLocation).toBe('Safe 2, 10 Collins Street Melbourne');
      const page = await server.app.inject({
        method: 'GET',
        url: printUrl,
        headers: { cookie: ownerCookie },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<th scope="col">Storage location</th>');
      expect(page.body).toContain('<td>Safe 2, 10 Collins Street Melbourne</td>');
      expect(page.body).toContain('<h2>Verifying statement</h2>');
      expect(page.body).toContain(services().config.site.legalName);
    } finally {
      await callerFor(services(), owner).admin.register.saveSettings({
        state: 'NSW',
        amlCddEnabled: true,
        retentionYears: 7,
      });
    }
    // NSW's printable register has no verifying statement.
    const nsw = await server.app.inject({ method: 'GET', url: printUrl, headers: { cookie: ownerCookie } });
    expect(nsw.body).not.toContain('Verifying statement');
  });
});
