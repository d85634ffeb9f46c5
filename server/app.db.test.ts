import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/database.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from './app.ts';
import { createSession, generateSessionToken } from './auth/session.ts';
import { createUser } from './auth/users.ts';

describe('HTTP server', () => {
  const t = useTestDatabase();
  let server: AppServer;
  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
  });
  afterAll(() => server.stop());

  it('answers the old /sell-form address with a 301 to /sell, keeping the query', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/sell-form?utm_source=blog' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/sell?utm_source=blog');
    const sitemap = await server.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('sell-form');
  });

  it('caps anonymous tRPC batches at 10 calls (one GET once ran 150 health checks)', async () => {
    const batch = (calls: number) =>
      server.app.inject({
        method: 'GET',
        url: `/trpc/${Array.from({ length: calls }, () => 'system.health').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
      });
    const ten = await batch(10);
    expect(ten.statusCode).toBe(200);
    expect(JSON.parse(ten.body)).toHaveLength(10);
    const eleven = await batch(11);
    expect(eleven.statusCode).toBe(400);
    expect((await batch(150)).statusCode).toBe(400);
  });

  it('raises the batch limit to 50 for a valid session only, not for a made-up session cookie', async () => {
    await createUser(t.db, {
      email: 'batch-admin@example.com',
      password: 'batch-password-1',
      verified: true,
    });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'batch-admin@example.com')
      .executeTakeFirstOrThrow();
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    const batch = (calls: number, cookie: string) =>
      server.app.inject({
        method: 'GET',
        url: `/trpc/${Array.from({ length: calls }, () => 'system.health').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
        headers: { cookie },
      });
    for (const madeUp of ['session=x', `session=${generateSessionToken()}`]) {
      expect((await batch(11, madeUp)).statusCode, madeUp).toBe(400);
      expect((await batch(50, madeUp)).statusCode, madeUp).toBe(400);
    }
    const signedIn = await batch(50, `session=${token}`);
    expect(signedIn.statusCode).toBe(200);
    expect(JSON.parse(signedIn.body)).toHaveLength(50);
    expect((await batch(51, `session=${token}`)).statusCode).toBe(400);
  });

  it('reports liveness without touching the database', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports ready when the database answers and migrations are current', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('reports not ready (503) when the database is unreachable', async () => {
    const deadDb = createDatabase({ connectionString: 'postgres://nobody:x@127.0.0.1:9/none', max: 1 });
    const offline = await createServer({
      services: testServices(deadDb),
      clientDir: null,
      logLevel: 'silent',
    });
    try {
      const res = await offline.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready' });
    } finally {
      await offline.stop();
      await deadDb.destroy();
    }
  });

  it('serves tRPC queries over GET with security headers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/trpc/system.health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: { data: { status: 'ok' } } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a batch of calls, errors included, with tRPC status codes', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/trpc/system.health,no.such.procedure?batch=1&input=${encodeURIComponent('{}')}`,
    });
    expect(res.statusCode).toBe(207);
    const body =
      res.json<Array<{ result?: unknown; error?: { json?: unknown; data?: { code?: string } } }>>();
    expect(body[0]).toMatchObject({ result: { data: { status: 'ok' } } });
    expect(body[1]?.error).toMatchObject({ data: { code: 'NOT_FOUND' } });
  });

  it('refuses state-changing requests from another origin or without the custom header', async () => {
    const body = JSON.stringify({});
    const post = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/trpc/system.health',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    expect((await post({ origin: 'https://evil.example', 'x-csrf-protection': '1' })).statusCode).toBe(403);
    expect((await post({ origin: TEST_APP_URL })).statusCode).toBe(403);
    expect((await post({})).statusCode).toBe(403);
    // Same origin with the header reaches tRPC (which refuses POST for a query: 405, not 403).
    expect((await post({ origin: TEST_APP_URL, 'x-csrf-protection': '1' })).statusCode).toBe(405);
    expect((await post({ 'sec-fetch-site': 'same-origin', 'x-csrf-protection': '1' })).statusCode).toBe(405);
  });

  it('reads JSON request bodies, single and batched, and answers a malformed one with 400', async () => {
    const post = (url: string, body: string) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-csrf-protection': '1' },
        body,
      });
    type ErrorBody = { error?: { data?: { code?: string; fieldErrors?: Record<string, string[]> } } };
    // An invalid form: the field messages prove the body was read and parsed.
    const single = await post('/trpc/lead.submit', JSON.stringify({ fullName: 'J' }));
    expect(single.statusCode).toBe(400);
    expect(single.json<ErrorBody>().error?.data?.fieldErrors?.fullName).toEqual([
      'Name must be at least 2 characters',
    ]);
    const batched = await post('/trpc/lead.submit?batch=1', JSON.stringify({ 0: { fullName: 'J' } }));
    expect(batched.statusCode).toBe(400);
    expect(batched.json<ErrorBody[]>()[0]?.error?.data?.fieldErrors?.fullName).toEqual([
      'Name must be at least 2 characters',
    ]);
    const malformed = await post('/trpc/lead.submit', '{"fullName": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorBody>().error?.data?.code).toBe('BAD_REQUEST');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
  });
});
