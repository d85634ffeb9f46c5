import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, IMPORT_UPLOAD_PATH } from '#shared/contacts/import.ts';
import { parseCsv } from '#test/support/csv.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { addSuppressions } from './suppressions.ts';

// The suppression list's CSV export and the import's upload route, through the real HTTP app.

describe('suppressions export and import upload', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let ownerCookie: string;

  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
    const user = await createUser(t.db, {
      email: 'list-owner@example.com',
      password: 'list-password-1',
      verified: true,
    });
    await grantAdmin(t.db, user.email);
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    ownerCookie = `session=${token}`;
    await t.db.transaction().execute(async (trx) => {
      await addSuppressions(trx, ['=formula@example.com', 'plain@example.com'], {
        reason: 'manual',
        note: 'Asked, by "phone"',
        createdBy: user.email,
      });
      await addSuppressions(trx, ['old@example.com'], { reason: 'imported', createdBy: user.email });
    });
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('exports the filtered list as CSV, formulas neutralised', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/admin/exports/suppressions.csv?reason=manual',
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-row-count']).toBe('2');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['Email', 'Reason', 'Suppressed At', 'Source Campaign', 'Note', 'Added By']);
    expect(rows.map((r) => [r[0], r[1], r[4], r[5]]).sort()).toEqual([
      ["'=formula@example.com", 'Manual', 'Asked, by "phone"', 'list-owner@example.com'],
      ['plain@example.com', 'Manual', 'Asked, by "phone"', 'list-owner@example.com'],
    ]);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/admin/exports/suppressions.csv' });
    expect(anonymous.statusCode).toBe(401);
  });

  const upload = (body: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: `${IMPORT_UPLOAD_PATH}?name=crm.csv`,
      headers: { 'content-type': 'text/csv', ...headers },
      payload: body,
    });
  const sameSite = { origin: new URL(TEST_APP_URL).origin, 'x-csrf-protection': '1' };

  it('takes a CSV upload only from the admin, from our own pages', async () => {
    const csv = 'Email,Name\nann@example.com,Ann\n';
    expect((await upload(csv, { cookie: ownerCookie })).statusCode).toBe(403);
    expect((await upload(csv, sameSite)).statusCode).toBe(401);
    const ok = await upload(csv, { ...sameSite, cookie: ownerCookie });
    expect(ok.statusCode).toBe(201);
    const { id } = ok.json<{ id: string }>();
    const stored = await t.db
      .selectFrom('contact_imports')
      .select(['file_name', 'headers', 'total_rows', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      file_name: 'crm.csv',
      headers: ['Email', 'Name'],
      total_rows: 1,
      status: 'draft',
    });

    const empty = await upload('Email,Name\n', { ...sameSite, cookie: ownerCookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: IMPORT_MESSAGES.empty });
    const broken = await upload('Email\n"unclosed@example.com\n', { ...sameSite, cookie: ownerCookie });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: IMPORT_MESSAGES.unreadable });
  });
});
