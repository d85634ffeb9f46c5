import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_MESSAGES } from '#shared/unsubscribe/schemas.ts';
import { settledBusyBackends } from '#test/support/backends.ts';
import { parseCsv } from '#test/support/csv.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { localDate } from '#shared/time/zones.ts';
import { type AppServer, createServer } from './app.ts';
import { createSession, generateSessionToken } from './auth/session.ts';
import { createUser, grantAdmin } from './auth/users.ts';
import { poolOf } from './db/database.ts';

describe('admin CSV exports', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let adminCookie: string;
  let memberCookie: string;

  async function sessionCookie(email: string, admin: boolean): Promise<string> {
    await createUser(t.db, { email, password: 'export-password-1', verified: true });
    if (admin) await grantAdmin(t.db, email);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return `session=${token}`;
  }

  const get = (url: string, cookie?: string) =>
    server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
    adminCookie = await sessionCookie('export-admin@example.com', true);
    memberCookie = await sessionCookie('export-member@example.com', false);
    await t.db
      .insertInto('leads')
      .values([
        {
          email: '=cmd@example.com',
          email_marketing_consent: true,
          sms_marketing_consent: true,
          created_at: '2026-11-01T00:00:00Z',
        },
        {
          email: 'quote"comma,@example.com',
          email_marketing_consent: false,
          email_unsubscribed_at: '2026-11-10T02:30:00Z',
          unsubscribe_reason: 'Too many e-mails',
          created_at: '2026-11-02T00:00:00Z',
        },
        {
          email: 'plain@gmail.com',
          full_name: 'Olivia Brown',
          phone: '+61 412 345 678',
          email_marketing_consent: true,
          consent_at: '2026-11-03T00:00:00Z',
          consent_source: 'sell_form',
          consent_ip: '203.0.113.5',
          created_at: '2026-11-03T00:00:00Z',
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    for (const url of ['/api/admin/exports/contacts.csv', '/api/admin/exports/unsubscribe-logs.csv']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      expect(anonymous.body).not.toContain('@example.com');
      const member = await get(url, memberCookie);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ error: 'Access denied. Admin privileges required.' });
      expect((await get(url, 'session=not-a-real-token')).statusCode).toBe(401);
    }
  });

  it('streams every contact newest first as RFC 4180 CSV with formula cells neutralised', async () => {
    const res = await get('/api/admin/exports/contacts.csv', adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="contacts-all-${localDate(new Date(), 'Australia/Sydney')}.csv"`,
    );
    expect(res.headers['x-row-count']).toBe('3');
    expect(res.body).toBe(
      [
        // The spec's five columns first, then who the contact is and the consent evidence.
        'Email,Email Consent,SMS Consent,Unsubscribed At,Created At,Full Name,Phone,Consent At,Consent Source,Consent IP,Unsubscribe Reason,SMS Unsubscribed At,Suppressed At,Suppression Reason',
        "plain@gmail.com,Yes,No,,2026-11-03T11:00:00+11:00,Olivia Brown,'+61 412 345 678,2026-11-03T11:00:00+11:00,sell_form,203.0.113.5,,,,",
        '"quote""comma,@example.com",No,No,2026-11-10T13:30:00+11:00,2026-11-02T11:00:00+11:00,,,,,,Too many e-mails,,,',
        "'=cmd@example.com,Yes,Yes,,2026-11-01T11:00:00+11:00,,,,,,,,,",
        '',
      ].join('\n'),
    );
  });

  it('filters and searches like the list and names the file after the filter', async () => {
    const subscribed = await get('/api/admin/exports/contacts.csv?filter=subscribed', adminCookie);
    expect(subscribed.headers['content-disposition']).toMatch(
      /filename="contacts-subscribed-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(parseCsv(subscribed.body).map((r) => r[0])).toEqual([
      'Email',
      'plain@gmail.com',
      "'=cmd@example.com",
    ]);
    const unsubscribed = await get('/api/admin/exports/contacts.csv?filter=unsubscribed', adminCookie);
    expect(parseCsv(unsubscribed.body).map((r) => r[0])).toEqual(['Email', 'quote"comma,@example.com']);
    const searched = await get('/api/admin/exports/contacts.csv?search=GMAIL', adminCookie);
    expect(searched.headers['x-row-count']).toBe('1');
    expect(parseCsv(searched.body).map((r) => r[0])).toEqual(['Email', 'plain@gmail.com']);
    // Name and phone (as digits, whatever the punctuation) find the contact too.
    for (const term of ['olivia b', '412-345', '(412) 345 678']) {
      const found = await get(
        `/api/admin/exports/contacts.csv?search=${encodeURIComponent(term)}`,
        adminCookie,
      );
      expect(
        parseCsv(found.body).map((r) => r[0]),
        term,
      ).toEqual(['Email', 'plain@gmail.com']);
    }
    // The audit rows say a search was given, never the name or digits typed (decision 036).
    const audited = await t.db
      .selectFrom('audit_log')
      .select(sql<string>`summary::text`.as('summary'))
      .where('action', '=', 'exports.contacts')
      .execute();
    const summaries = audited.map((r) => r.summary).join('\n');
    expect(summaries).toContain('"search": "[personal data]"');
    for (const typed of ['olivia', '412', 'GMAIL']) expect(summaries).not.toContain(typed);
  });

  it('answers HEAD with the headers only and releases the export', async () => {
    const head = await server.app.inject({
      method: 'HEAD',
      url: '/api/admin/exports/contacts.csv',
      headers: { cookie: adminCookie },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-row-count']).toBe('3');
    expect(head.body).toBe('');
    expect((await get('/api/admin/exports/contacts.csv', adminCookie)).statusCode).toBe(200);
  });

  it('audits each export, and lets the Owner alone export the audit log, filtered (decision 028)', async () => {
    const marketer = await sessionCookie('export-marketer@example.com', true);
    await grantAdmin(t.db, 'export-marketer@example.com', 'marketer');
    expect((await get('/api/admin/exports/contacts.csv', marketer)).statusCode).toBe(200);
    expect((await get('/api/admin/exports/audit-log.csv', marketer)).statusCode).toBe(403);
    const res = await get(
      '/api/admin/exports/audit-log.csv?member=export-marketer&action=exports.',
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Date & Time',
      'Member',
      'IP Address',
      'Action',
      'Entity',
      'Entity ID',
      'Summary',
    ]);
    expect(rows.map((row) => [row[1], row[3]])).toEqual([
      ['export-marketer@example.com', 'exports.contacts'],
    ]);
    expect(JSON.parse(rows[0]?.[6] ?? '')).toMatchObject({ filter: { filter: 'all' } });
  });

  it('exports only the contacts of one import under ?import=<id> (decision 035)', async () => {
    const imported = await t.db
      .insertInto('contact_imports')
      .values({ source_bytes: 1, headers: ['Email'], total_rows: 1, created_by: 'export-admin@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('contact_import_rows')
      .columns(['import_id', 'contact_id'])
      .expression((eb) =>
        eb
          .selectFrom('leads')
          .select([eb.val(imported.id).as('import_id'), 'id'])
          .where('email', '=', 'plain@gmail.com'),
      )
      .execute();
    const res = await get(`/api/admin/exports/contacts.csv?import=${imported.id}`, adminCookie);
    expect(res.headers['x-row-count']).toBe('1');
    expect(parseCsv(res.body).map((r) => r[0])).toEqual(['Email', 'plain@gmail.com']);
    const bad = await get('/api/admin/exports/contacts.csv?import=nope', adminCookie);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 400 for a bad filter', async () => {
    const res = await get('/api/admin/exports/contacts.csv?filter=everyone', adminCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid export filter: filter' });
  });

  it('refuses to export unsubscribe logs when there are none', async () => {
    const res = await get('/api/admin/exports/unsubscribe-logs.csv', adminCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: UNSUBSCRIBE_MESSAGES.nothingToExport });
  });

  it('exports unsubscribe logs with the list filters, labels, and empty cells for missing data', async () => {
    await t.db
      .insertInto('unsubscribe_logs')
      .values([
        {
          email: 'a@example.com',
          action: 'email_unsubscribe',
          method: 'one_click',
          ip_address: '203.0.113.5',
          user_agent: '-1+1 "Bot", v2',
          created_at: '2026-11-20T01:02:03Z',
        },
        {
          email: 'b@example.com',
          action: 'sms_unsubscribe',
          method: 'manual',
          created_at: '2026-11-19T00:00:00Z',
        },
        {
          email: 'c@example.com',
          action: 'email_resubscribe',
          method: 'manual',
          created_at: '2026-11-21T00:00:00Z',
        },
      ])
      .execute();
    const res = await get('/api/admin/exports/unsubscribe-logs.csv', adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="unsubscribe-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-row-count']).toBe('2');
    expect(parseCsv(res.body)).toEqual([
      ['Email', 'Action', 'Method', 'IP Address', 'User Agent', 'Date & Time'],
      [
        'a@example.com',
        'Email Unsubscribe',
        'One-Click',
        '203.0.113.5',
        `'-1+1 "Bot", v2`,
        '2026-11-20T12:02:03+11:00',
      ],
      ['b@example.com', 'SMS Unsubscribe', 'Manual', '', '', '2026-11-19T11:00:00+11:00'],
    ]);
    const oneClick = await get('/api/admin/exports/unsubscribe-logs.csv?method=one_click', adminCookie);
    expect(oneClick.headers['x-row-count']).toBe('1');
    const withResubscribes = await get(
      '/api/admin/exports/unsubscribe-logs.csv?action=email_unsubscribe&includeResubscribes=1',
      adminCookie,
    );
    expect(parseCsv(withResubscribes.body).map((r) => r[1])).toEqual([
      'Action',
      'Email Resubscribe',
      'Email Unsubscribe',
    ]);
    const searchedNone = await get('/api/admin/exports/unsubscribe-logs.csv?search=nobody', adminCookie);
    expect(searchedNone.statusCode).toBe(404);
  });

  it('streams many rows (many socket chunks), and the announced count matches the body', async () => {
    const total = 4007;
    await sql`
      INSERT INTO leads (email, created_at)
      SELECT 'bulk' || g || '@bulk.example', timestamptz '2025-01-01' + g * interval '1 minute'
      FROM generate_series(1, ${total}) g`.execute(t.db);
    const res = await get('/api/admin/exports/contacts.csv?search=bulk.example', adminCookie);
    expect(res.headers['x-row-count']).toBe(String(total));
    const records = parseCsv(res.body);
    expect(records).toHaveLength(total + 1);
    expect(records[1]?.[0]).toBe(`bulk${total}@bulk.example`);
    expect(records.at(-1)?.[0]).toBe('bulk1@bulk.example');
  });

  it('uses the settings timezone for dates', async () => {
    await t.db.updateTable('settings').set({ timezone: 'Australia/Perth' }).execute();
    const res = await get('/api/admin/exports/contacts.csv?search=plain', adminCookie);
    expect(parseCsv(res.body)[1]?.[4]).toBe('2026-11-03T08:00:00+08:00');
    await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
  });

  it('ends the query and frees the connection when the browser stops a download', async () => {
    // About 20 MB of CSV, more than socket buffers hold: the server is still streaming at the hang-up.
    const total = 100_000;
    await sql`
      INSERT INTO leads (email, created_at)
      SELECT 'gone' || g || '.' || repeat('x', 180) || '@gone.example', timestamptz '2024-01-01' + g * interval '1 second'
      FROM generate_series(1, ${total}) g`.execute(t.db);
    const address = await server.start(0, '127.0.0.1');
    const url = `${address}/api/admin/exports/contacts.csv?search=gone.example`;
    // Read the first bytes, then hang up.
    const first = await new Promise<string>((resolve, reject) => {
      const request = http.get(url, { headers: { cookie: adminCookie } }, (response) => {
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve(chunk.toString());
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(first).toMatch(/^Email,Email Consent/);

    const left = await settledBusyBackends(t.db);
    expect(left).toBe(0);
    const pool = poolOf(t.db);
    expect(pool.totalCount - pool.idleCount).toBe(0);

    const again = await get('/api/admin/exports/contacts.csv?search=gone.example', adminCookie);
    expect(again.headers['x-row-count']).toBe(String(total));
    expect(again.body.split('\n')).toHaveLength(total + 2);
  });
});
