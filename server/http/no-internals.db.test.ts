import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createConfirmationToken } from '../consent/confirmation.ts';

// Issue 19 item 4: an unexpected error answers INTERNAL_SERVER_ERROR with a generic message and a
// request id, never the driver's message, a file path or a stack; /readyz says only "not ready".
const DRIVER_MESSAGE =
  'relation "leads" does not exist (SQLSTATE 42P01) at /srv/app/server/leads/store.ts:42';
const LEAKS = [/SQLSTATE/, /relation "/, /\/srv\/app/, /\.ts:\d+/, /node_modules/, /"stack"/, /at async/];

const wellFormedConfirmationToken = createConfirmationToken('another-secret', {
  leadId: randomUUID(),
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
});
