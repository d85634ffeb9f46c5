import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { newWebhookSecret, svixHeaders } from '#test/support/resend-webhooks.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { IMPORT_UPLOAD_PATH } from '#shared/contacts/import.ts';
import { appRouter } from '../trpc/router.ts';

// Decision 015: generated bodies (fast-check) thrown at every public procedure, the upload
// route, the one-click route and the signed webhook. Whatever arrives: no 5xx, no partial rows,
// and the server still answers. The seed is fixed so a failure replays; 12,800 bodies in all.
const SEED = 20261125;
const SECRET = newWebhookSecret();
const JSON_HEADERS = { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-csrf-protection': '1' };

/** Strings with what breaks storage and parsers: NUL, lone surrogates, control characters, emoji. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff x',
    '=cmd|x',
    '<script>',
    "O'Brien",
    ' '.repeat(300),
  ),
);
const anyValue = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue(),
);
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, anyValue);

const leadLike = fc.record(
  {
    fullName: maybe(fc.constantFrom('Jane Citizen', 'Olivia Brown')),
    email: maybe(fc.emailAddress()),
    phone: maybe(fc.constantFrom('0412 345 678', '+61 412 345 678')),
    watchBrand: maybe(fc.constantFrom('Rolex', 'Omega')),
    watchModel: anyValue,
    watchYear: maybe(fc.constantFrom('2019', 2001, null)),
    watchCondition: maybe(fc.constant('Excellent - Like new')),
    hasBox: anyValue,
    hasPapers: anyValue,
    additionalDetails: anyValue,
    meta_event_id: anyValue,
    utm_source: anyValue,
    photo_upload_ids: maybe(fc.array(fc.uuid(), { maxLength: 3 })),
    emailMarketingConsent: anyValue,
  },
  { requiredKeys: [] },
);
const emailLike = fc.record(
  { email: maybe(fc.emailAddress()), token: anyValue, password: anyValue },
  { requiredKeys: [] },
);
/** Confirmation tokens: well-formed ones (version byte 1, right length) that no key signed, and junk. */
const tokenLike = fc.record(
  {
    token: fc.oneof(
      anyValue,
      fc
        .uint8Array({ minLength: 52, maxLength: 52 })
        .map((bytes) => Buffer.concat([Buffer.of(1), Buffer.from(bytes)]).toString('base64url')),
    ),
  },
  { requiredKeys: [] },
);
const bodyFor = (shape: fc.Arbitrary<unknown>) => fc.oneof(shape, fc.jsonValue(), hostileText);

describe('fuzzing the public surface', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let thrown = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    server = await createServer({
      services: testServices(t.db, {
        config: { resendWebhookSecret: SECRET, rateLimits: { leadSubmit: null, uploads: null } },
      }),
      clientDir: null,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  function record(status: number) {
    thrown += 1;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    expect(status, `status ${status}`).toBeLessThan(500);
  }

  const mutations: Array<[string, fc.Arbitrary<unknown>, number]> = [
    ['lead.submit', leadLike, 4500],
    ['preferences.update', fc.record({ token: anyValue, action: anyValue }, { requiredKeys: [] }), 600],
    ['preferences.stillSubscribed', fc.record({ token: anyValue }, { requiredKeys: [] }), 300],
    ['preferences.unsubscribeByEmail', emailLike, 600],
    ['preferences.requestLink', emailLike, 600],
    ['auth.signUp', emailLike, 300],
    ['auth.signIn', emailLike, 300],
    ['auth.requestPasswordReset', emailLike, 300],
    ['auth.resetPassword', emailLike, 300],
    ['auth.signOut', anyValue, 200],
    ['auth.changePassword', emailLike, 200],
    ['auth.changeName', fc.record({ name: anyValue }, { requiredKeys: [] }), 200],
    ['consent.confirm', tokenLike, 600],
    [
      'auth.verifyTwoFactor',
      fc.record({ pendingToken: anyValue, code: anyValue }, { requiredKeys: [] }),
      300,
    ],
    [
      'auth.beginTwoFactor',
      fc.oneof(anyValue, fc.record({ password: anyValue, code: anyValue }, { requiredKeys: [] })),
      100,
    ],
    ['auth.confirmTwoFactor', fc.record({ code: anyValue }, { requiredKeys: [] }), 100],
    ['auth.endSession', fc.record({ id: anyValue }, { requiredKeys: [] }), 100],
    ['auth.acceptInvitation', emailLike, 300],
    ['auth.disableTwoFactor', fc.record({ password: anyValue, code: anyValue }, { requiredKeys: [] }), 100],
    [
      'auth.regenerateRecoveryCodes',
      fc.record({ password: anyValue, code: anyValue }, { requiredKeys: [] }),
      100,
    ],
    // The seller's page (decision 059): a token in every input, rate limited per network.
    [
      'seller.accept',
      fc.record(
        { token: anyValue, offerId: anyValue, typedName: anyValue, declaration: anyValue },
        { requiredKeys: [] },
      ),
      100,
    ],
    [
      'seller.decline',
      fc.record({ token: anyValue, offerId: anyValue, reason: anyValue }, { requiredKeys: [] }),
      100,
    ],
    ['seller.sendMessage', fc.record({ token: anyValue, body: anyValue }, { requiredKeys: [] }), 100],
    ['seller.requestLink', emailLike, 100],
    // Public and rate-limited (30 per 15 minutes): past the allowance the answers are 429s.
    ['certificates.verify', fc.record({ sha256: anyValue }, { requiredKeys: [] }), 100],
    // Visits and shipping kits (decision 062): a location, an instant, an Australian address.
    [
      'seller.book',
      fc.record({ token: anyValue, location: anyValue, startsAt: anyValue }, { requiredKeys: [] }),
      100,
    ],
    [
      'seller.reschedule',
      fc.record({ token: anyValue, location: anyValue, startsAt: anyValue }, { requiredKeys: [] }),
      100,
    ],
    ['seller.cancelAppointment', fc.record({ token: anyValue }, { requiredKeys: [] }), 100],
    [
      'seller.requestKit',
      fc.record(
        {
          token: anyValue,
          recipientName: anyValue,
          addressLine1: anyValue,
          addressLine2: anyValue,
          suburb: anyValue,
          state: anyValue,
          postcode: anyValue,
          phone: anyValue,
        },
        { requiredKeys: [] },
      ),
      100,
    ],
  ];
  const queries = [
    ['preferences.get', 600],
    ['consent.view', 600],
    ['auth.me', 200],
    ['auth.twoFactorStatus', 100],
    ['auth.sessions', 100],
    ['auth.invitation', 300],
    ['system.health', 200],
    ['seller.get', 100],
    ['seller.nextStep', 100],
    ['seller.slots', 100],
  ] as const;

  it('covers every procedure that is not behind the admin check', () => {
    const covered = new Set<string>([...mutations.map(([path]) => path), ...queries.map(([path]) => path)]);
    const publicPaths = Object.keys(appRouter._def.procedures).filter((path) => !path.startsWith('admin.'));
    expect(publicPaths.filter((path) => !covered.has(path))).toEqual([]);
  });

  // First, while the tables are small: every export streams what matches its filter.
  // The plain HTTP routes (decision 015): a NUL byte in an export filter or a UTF-16 import file
  // once answered 500 with the driver's SQLSTATE and message. 10,000 generated requests in all;
  // every answer is below 500 and none carries driver text.
  describe('plain HTTP routes', () => {
    let adminCookie = '';
    let plain = 0;
    const plainStatuses = new Map<number, number>();

    beforeAll(async () => {
      await createUser(t.db, {
        email: 'fuzz-owner@example.com',
        password: 'fuzz-password-1',
        verified: true,
      });
      await grantAdmin(t.db, 'fuzz-owner@example.com');
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'fuzz-owner@example.com')
        .executeTakeFirstOrThrow();
      const token = generateSessionToken();
      await createSession(t.db, token, user.id, { ip: null, userAgent: null });
      adminCookie = `session=${token}`;
    });

    function recordPlain(res: { statusCode: number; body: string }) {
      plain += 1;
      plainStatuses.set(res.statusCode, (plainStatuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, `status ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      // No SQLSTATE, driver message or stack, whatever the status.
      expect(res.body).not.toMatch(
        /"code":"[0-9A-Z]{5}"|invalid byte sequence|syntax for type|\bat .+\.ts:\d+/,
      );
    }

    /** A query value as a browser or a script may write it: encoded text, or raw escapes (%00, %FF). */
    const queryValue = fc.oneof(
      hostileText.map((text) => encodeURIComponent(text.toWellFormed())),
      fc.constantFrom(
        '%00',
        'a%00b',
        '%FF',
        '%ED%A0%80',
        '%C3',
        '%',
        '%25',
        '+',
        '9999-99-99',
        '2026-02-30',
        '0000-00-00',
      ),
      fc.constantFrom('all', 'subscribed', 'unsubscribed', 'bounced', '1', 'true', '2026-01-01', 'owner'),
    );
    const queryString = (keys: readonly string[]) =>
      fc
        .array(fc.tuple(fc.constantFrom(...keys, 'x', 'search[]'), queryValue), { maxLength: 5 })
        .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
    const pathSegment = fc.oneof(
      fc.uuid(),
      queryValue,
      fc.constantFrom('%00', 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd'),
    );

    const exportRoutes: Array<[string, fc.Arbitrary<string>, number]> = [
      // Each export adds an audit row, so the audit log's own export goes first.
      ['/api/admin/exports/audit-log.csv', fc.constant(''), 1000],
      ['/api/admin/exports/contacts.csv', fc.constant(''), 1000],
      ['/api/admin/exports/unsubscribe-logs.csv', fc.constant(''), 1000],
      ['/api/admin/exports/suppressions.csv', fc.constant(''), 1000],
      ['/api/admin/exports/campaigns/:id/sends.csv', pathSegment, 500],
      ['/api/admin/exports/contact-imports/:id/rejected.csv', pathSegment, 500],
      // A seller's private attachments (decision 060): a bad id is a 404, never a 500.
      ['/api/admin/unmatched-mail/attachments/:id', pathSegment, 300],
      ['/api/admin/enquiries/:id/attachments/00000000-0000-4000-8000-000000000000', pathSegment, 300],
      // An identity copy of the dealer's register (decision 058).
      ['/api/admin/register/:id/identity-copy', pathSegment, 300],
    ];
    const exportKeys = [
      'filter',
      'search',
      'action',
      'method',
      'includeResubscribes',
      'reason',
      'member',
      'from',
      'to',
    ];

    it.each(exportRoutes)(
      'GET %s: generated filters never answer 5xx',
      async (route, id, runs) => {
        await fc.assert(
          fc.asyncProperty(id, queryString(exportKeys), async (segment, query) => {
            const res = await server.app.inject({
              method: 'GET',
              url: `${route.replace(':id', segment)}?${query}`,
              headers: { cookie: adminCookie },
            });
            recordPlain(res);
          }),
          { numRuns: runs, seed: SEED },
        );
      },
      240_000,
    );

    it('POST the contact import upload: generated files and names never answer 5xx', async () => {
      const csvText = fc
        .array(fc.array(hostileText, { minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 6 })
        .map((rows) => ['email,full_name', ...rows.map((cells) => cells.join(','))].join('\n'));
      const file = fc.oneof(
        // What a spreadsheet saves as "Unicode text": UTF-16 with and without its byte order mark.
        csvText.map((text) =>
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.toWellFormed(), 'utf16le')]),
        ),
        csvText.map((text) => Buffer.from(text.toWellFormed(), 'utf16le')),
        csvText.map((text) => Buffer.from(text.toWellFormed())),
        fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(Buffer.from('email,full_name\na@example.com,A\u0000B\n')),
      );
      await fc.assert(
        fc.asyncProperty(
          file,
          fc.option(queryValue, { nil: undefined }),
          fc.constantFrom('text/csv', 'text/csv; charset=utf-16', 'text/csv; charset=utf-8'),
          async (payload, name, type) => {
            const res = await server.app.inject({
              method: 'POST',
              url: `${IMPORT_UPLOAD_PATH}${name === undefined ? '' : `?name=${name}`}`,
              headers: {
                'content-type': type,
                cookie: adminCookie,
                origin: TEST_APP_URL,
                'x-csrf-protection': '1',
              },
              payload,
            });
            recordPlain(res);
          },
        ),
        { numRuns: 3000, seed: SEED },
      );
    }, 240_000);

    it.each([
      ['/api/auth/verify?token=', 500],
      ['/api/page-data?path=', 500],
    ] as const)('GET %s…: generated values never answer 5xx', async (prefix, runs) => {
      await fc.assert(
        fc.asyncProperty(queryValue, async (value) => {
          recordPlain(await server.app.inject({ method: 'GET', url: `${prefix}${value}` }));
        }),
        { numRuns: runs, seed: SEED },
      );
    });

    it('GET /api/uploads/:id and its thumbnail: generated ids never answer 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(pathSegment, fc.boolean(), async (segment, thumbnail) => {
          const res = await server.app.inject({
            method: 'GET',
            url: `/api/uploads/${segment}${thumbnail ? '/thumbnail' : ''}`,
            headers: { cookie: adminCookie },
          });
          recordPlain(res);
        }),
        { numRuns: 1000, seed: SEED },
      );
    });

    it('sent 10,000 requests to plain routes, none answered 5xx', () => {
      expect(plain).toBeGreaterThanOrEqual(10_000);
      expect([...plainStatuses.keys()].every((status) => status < 500)).toBe(true);
    });
  });

  it.each(mutations)(
    '%s: generated bodies never answer 5xx',
    async (path, shape, runs) => {
      await fc.assert(
        fc.asyncProperty(bodyFor(shape), fc.boolean(), async (body, batched) => {
          const payload = batched ? { 0: body } : body;
          const res = await server.app.inject({
            method: 'POST',
            url: `/trpc/${path}${batched ? '?batch=1' : ''}`,
            headers: JSON_HEADERS,
            payload: JSON.stringify(payload ?? null),
          });
          record(res.statusCode);
        }),
        { numRuns: runs, seed: SEED },
      );
    },
    240_000,
  );

  it.each(queries)(
    '%s: generated query inputs never answer 5xx',
    async (path, runs) => {
      await fc.assert(
        fc.asyncProperty(
          bodyFor(fc.oneof(tokenLike, fc.record({ token: anyValue, email: anyValue }, { requiredKeys: [] }))),
          async (input) => {
            const res = await server.app.inject({
              method: 'GET',
              url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? null))}`,
            });
            record(res.statusCode);
          },
        ),
        { numRuns: runs, seed: SEED },
      );
    },
    120_000,
  );

  it('the upload route: generated multipart bodies never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        hostileText,
        fc.constantFrom('image/png', 'image/jpeg', 'text/plain', ''),
        fc.boolean(),
        async (bytes, filename, type, brokenFraming) => {
          const boundary = 'fuzz-boundary';
          const head = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: ${type}\r\n\r\n`;
          const tail = brokenFraming ? '' : `\r\n--${boundary}--\r\n`;
          const res = await server.app.inject({
            method: 'POST',
            url: '/api/uploads',
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: TEST_APP_URL },
            payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]),
          });
          record(res.statusCode);
        },
      ),
      { numRuns: 600, seed: SEED },
    );
  }, 240_000);

  it('the one-click route: generated tokens and bodies never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, fc.boolean(), async (token, body, urlencoded) => {
        const res = await server.app.inject({
          method: 'POST',
          url: `/api/unsubscribe/one-click?token=${encodeURIComponent(token.toWellFormed())}`,
          headers: { 'content-type': urlencoded ? 'application/x-www-form-urlencoded' : 'text/plain' },
          payload: urlencoded
            ? `List-Unsubscribe=One-Click&x=${encodeURIComponent(body.toWellFormed())}`
            : body,
        });
        record(res.statusCode);
      }),
      { numRuns: 600, seed: SEED },
    );
  }, 120_000);

  it('the signed webhook: generated events never answer 5xx', async () => {
    const eventLike = fc.record(
      {
        type: maybe(fc.constantFrom('email.delivered', 'email.bounced', 'email.clicked', 'contact.created')),
        created_at: maybe(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
        data: fc.oneof(
          fc.record(
            { email_id: anyValue, bounce: anyValue, click: anyValue, tags: anyValue },
            { requiredKeys: [] },
          ),
          anyValue,
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(bodyFor(eventLike), async (event) => {
        const body = JSON.stringify(event ?? null);
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/webhooks/resend',
          headers: { 'content-type': 'application/json', ...svixHeaders(SECRET, body) },
          payload: body,
        });
        record(res.statusCode);
      }),
      { numRuns: 600, seed: SEED },
    );
  }, 120_000);

  it('left no partial rows, and the server still answers', async () => {
    // Every contact the fuzzing created came with its enquiry, in one transaction.
    const orphans = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM leads l
      WHERE NOT EXISTS (SELECT 1 FROM enquiries e WHERE e.lead_id = l.id)
        AND l.created_at > now() - interval '1 hour'
        AND NOT EXISTS (SELECT 1 FROM unsubscribe_logs u WHERE u.lead_id = l.id)`.execute(t.db);
    expect(orphans.rows[0]?.count).toBe(0);
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(thrown).toBeGreaterThanOrEqual(10_000);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
  });
});
