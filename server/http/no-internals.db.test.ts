import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { IMPORT_UPLOAD_PATH } from '#shared/contacts/import.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '#shared/text-safety.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { createConfirmationToken } from '../consent/confirmation.ts';
import { IMPORT_NOT_UTF8_MESSAGE } from '../contacts/import/routes.ts';

// Decision 015: an unexpected error answers INTERNAL_SERVER_ERROR with a generic message and a
// request id, never the driver's message, a file path or a stack; /readyz says only "not ready".
const DRIVER_MESSAGE =
  'relation "leads" does not exist (SQLSTATE 42P01) at /srv/app/server/leads/store.ts:42';
const LEAKS = [/SQLSTATE/, /relation "/, /\/srv\/app/, /\.ts:\d+/, /node_modules/, /"stack"/, /at async/];

const wellFormedConfirmationToken = createConfirmationToken('another-secret', {
  contactId: randomUUID(),
  enquiryId: randomUUID(),
  email: 'jane.leak@example.com',
  submittedAt: new Date(),
});

const publicCalls: Array<{ path: string; method: 'GET' | 'POST'; input: unknown }> = [
  {
    path: 'lead.submit',
    method: 'POST',
    input: {
      fullName: 'Jane Citizen',
      email: 'jane.leak@example.com',
      phone: '0412 345 678',
      watchBrand: 'Rolex',
      watchModel: null,
      watchYear: null,
      watchCondition: 'Excellent - Like new',
      hasBox: false,
      hasPapers: false,
      additionalDetails: null,
      meta_event_id: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
      photo_upload_ids: [],
    },
  },
  { path: 'preferences.requestLink', method: 'POST', input: { email: 'jane.leak@example.com' } },
  { path: 'preferences.unsubscribeByEmail', method: 'POST', input: { email: 'jane.leak@example.com' } },
  { path: 'preferences.get', method: 'GET', input: { token: 'x'.repeat(40) } },
  // Well-formed, so the look-up reaches the (failing) database before the signature is checked.
  { path: 'consent.view', method: 'GET', input: { token: wellFormedConfirmationToken } },
  { path: 'consent.confirm', method: 'POST', input: { token: wellFormedConfirmationToken } },
  {
    path: 'auth.signIn',
    method: 'POST',
    input: { email: 'jane.leak@example.com', password: 'a long password' },
  },
  {
    path: 'auth.signUp',
    method: 'POST',
    input: { email: 'jane.leak@example.com', password: 'a long password 1' },
  },
  { path: 'auth.requestPasswordReset', method: 'POST', input: { email: 'jane.leak@example.com' } },
  { path: 'system.health', method: 'GET', input: undefined },
];

describe('no internals in answers', () => {
  const t = useTestDatabase();
  let broken: AppServer;

  beforeAll(async () => {
    // Every query fails as a real driver error would, with a message full of internals.
    const failing = t.db.withPlugin({
      transformQuery() {
        throw Object.assign(new Error(DRIVER_MESSAGE), { code: '42P01' });
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    broken = await createServer({ services: testServices(failing), clientDir: null, logLevel: 'silent' });
  });
  afterAll(async () => {
    await broken.stop();
  });

  it.each(publicCalls)(
    '$path answers without internals when the database fails',
    async ({ path, method, input }) => {
      const res = await broken.app.inject({
        method,
        url:
          method === 'GET'
            ? `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
            : `/trpc/${path}`,
        headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-csrf-protection': '1' },
        ...(method === 'POST' ? { payload: JSON.stringify(input) } : {}),
      });
      const body = res.body;
      for (const leak of LEAKS) expect(body, `${path} leaks ${leak}`).not.toMatch(leak);
      if (res.statusCode >= 500) {
        const error = (
          JSON.parse(body) as { error: { message: string; data: { code: string; requestId: string } } }
        ).error;
        expect(error.data.code).toBe('INTERNAL_SERVER_ERROR');
        expect(error.data.requestId).toMatch(/^req-/);
        expect(error.message).toBe(
          `Something went wrong on our side. Please try again (reference ${error.data.requestId}).`,
        );
      }
    },
  );

  it('/readyz says not ready without the error text', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reason: 'database unavailable' });
  });

  // Plain HTTP routes answer an unexpected error as tRPC does: a generic sentence naming the
  // request, never Fastify's default body with the driver's code and message (decision 015).
  it.each([
    { method: 'GET', url: '/api/admin/exports/contacts.csv', payload: undefined },
    { method: 'GET', url: `/api/uploads/${randomUUID()}`, payload: undefined },
    { method: 'POST', url: IMPORT_UPLOAD_PATH, payload: 'email\na@example.com\n' },
  ] as const)('$method $url answers 500 without internals when the database fails', async (call) => {
    const res = await broken.app.inject({
      method: call.method,
      url: call.url,
      headers: {
        cookie: 'session=made-up-token',
        'content-type': 'text/csv',
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
      },
      ...(call.payload === undefined ? {} : { payload: call.payload }),
    });
    for (const leak of [...LEAKS, /42P01/, /"code"/])
      expect(res.body, `${call.url} leaks ${leak}`).not.toMatch(leak);
    expect(res.statusCode).toBe(500);
    const body = res.json<{ error: string; requestId: string }>();
    expect(body.requestId).toMatch(/^req-/);
    expect(body.error).toBe(
      `Something went wrong on our side. Please try again (reference ${body.requestId}).`,
    );
  });

  it('answers NUL in an export filter and a UTF-16 import file with 400, as tRPC answers such text', async () => {
    const services = testServices(t.db);
    const server = await createServer({ services, clientDir: null, logLevel: 'silent' });
    try {
      await createUser(t.db, { email: 'nul-owner@example.com', password: 'nul-password-1', verified: true });
      await grantAdmin(t.db, 'nul-owner@example.com');
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'nul-owner@example.com')
        .executeTakeFirstOrThrow();
      const token = generateSessionToken();
      await createSession(t.db, token, user.id, { ip: null, userAgent: null });
      const cookie = `session=${token}`;
      for (const url of [
        '/api/admin/exports/contacts.csv?search=a%00b',
        '/api/admin/exports/unsubscribe-logs.csv?search=%00',
        '/api/admin/exports/suppressions.csv?search=%00x',
        '/api/admin/exports/audit-log.csv?member=%00',
      ]) {
        const res = await server.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ error: UNSTORABLE_TEXT_MESSAGE });
      }
      const badDay = await server.app.inject({
        method: 'GET',
        url: '/api/admin/exports/audit-log.csv?from=2026-02-30',
        headers: { cookie },
      });
      expect(badDay.statusCode).toBe(400);
      const utf16 = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('email,full_name\njane@example.com,Jane\n', 'utf16le'),
      ]);
      const upload = await server.app.inject({
        method: 'POST',
        url: `${IMPORT_UPLOAD_PATH}?name=contacts.csv`,
        headers: { cookie, 'content-type': 'text/csv', origin: TEST_APP_URL, 'x-csrf-protection': '1' },
        payload: utf16,
      });
      expect(upload.statusCode).toBe(400);
      expect(upload.json()).toEqual({ error: IMPORT_NOT_UTF8_MESSAGE });
      const badName = await server.app.inject({
        method: 'POST',
        url: `${IMPORT_UPLOAD_PATH}?name=a%00b.csv`,
        headers: { cookie, 'content-type': 'text/csv', origin: TEST_APP_URL, 'x-csrf-protection': '1' },
        payload: 'email\njane@example.com\n',
      });
      expect(badName.statusCode).toBe(400);
    } finally {
      await server.stop();
    }
  });
});
