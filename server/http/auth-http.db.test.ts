import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { verificationUrl } from '../auth/auth-emails.ts';
import { createSession, generateSessionToken, SESSION_IDLE_MS, sessionIdFromToken } from '../auth/session.ts';
import { createUser, findUserByEmail, grantAdmin } from '../auth/users.ts';

const SAME_ORIGIN = { origin: TEST_APP_URL, 'x-csrf-protection': '1', 'content-type': 'application/json' };
const PASSWORD = 'http-admin-password-1';

function setCookie(res: LightMyRequestResponse, name: string): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`No ${name} cookie in ${JSON.stringify(all)}`);
  return found;
}

function cookieValue(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
}

const HTTPS_APP_URL = 'https://watches.example.com.au';

describe('admin authentication over HTTP', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let production: AppServer;

  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
    production = await createServer({
      // HTTPS decides the __Host- cookie, whatever NODE_ENV says (decision 015).
      services: testServices(t.db, { config: { isProduction: true, appUrl: HTTPS_APP_URL } }),
      clientDir: null,
      logLevel: 'silent',
    });
    for (const email of ['http-admin@example.com', 'prod-admin@example.com']) {
      await createUser(t.db, { email, password: PASSWORD, verified: true });
      await grantAdmin(t.db, email);
    }
    await createUser(t.db, { email: 'http-member@example.com', password: PASSWORD, verified: true });
  });
  afterAll(async () => {
    await server.stop();
    await production.stop();
  });

  function post(app: AppServer, path: string, body: unknown, headers: Record<string, string> = SAME_ORIGIN) {
    return app.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: JSON.stringify(body) });
  }

  function signInAs(email: string, app = server, password = PASSWORD, extra: Record<string, string> = {}) {
    return post(app, 'auth.signIn', { email, password }, { ...SAME_ORIGIN, ...extra });
  }

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site that lasts the idle lifetime', async () => {
    const res = await signInAs('http-admin@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: {
        data: { email: 'http-admin@example.com', isAdmin: true, role: 'owner', mustEnrolTwoFactor: false },
      },
    });
    const cookie = setCookie(res, 'session');
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(
      new RegExp(`; Max-Age=(${SESSION_IDLE_MS / 1000}|${SESSION_IDLE_MS / 1000 - 1})(;|$)`),
    );
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toMatch(/Domain=/);
    expect(setCookie(res, 'known-device')).toMatch(/; HttpOnly/);
  });

  it('uses a Secure __Host- cookie when served over HTTPS', async () => {
    const res = await signInAs('prod-admin@example.com', production, PASSWORD, { origin: HTTPS_APP_URL });
    expect(res.statusCode).toBe(200);
    const cookie = setCookie(res, '__Host-session');
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
    expect(setCookie(res, '__Host-known-device')).toMatch(/; Secure/);
    const me = await production.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { cookie: `__Host-session=${cookieValue(cookie)}`, origin: HTTPS_APP_URL },
    });
    expect(me.json()).toEqual({
      result: {
        data: {
          email: 'prod-admin@example.com',
          isAdmin: true,
          role: 'owner',
          mustEnrolTwoFactor: false,
          name: null,
        },
      },
    });
  });

  it('keeps only the hash of the token in the database', async () => {
    const res = await signInAs('http-admin@example.com');
    const token = cookieValue(setCookie(res, 'session'));
    expect(token.length).toBeGreaterThanOrEqual(32);
    const rows = await t.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.id)).toContain(sessionIdFromToken(token));
  });

  it('revokes the session on sign-out: the old cookie no longer works', async () => {
    const res = await signInAs('http-admin@example.com');
    const cookie = `session=${cookieValue(setCookie(res, 'session'))}`;
    const list = () =>
      server.app.inject({ method: 'GET', url: '/trpc/admin.outbox.list?input=%7B%7D', headers: { cookie } });
    expect((await list()).statusCode).toBe(200);

    const out = await post(server, 'auth.signOut', undefined, { ...SAME_ORIGIN, cookie });
    expect(out.statusCode).toBe(200);
    expect(setCookie(out, 'session')).toMatch(/^session=;.*Max-Age=0/);

    const after = await list();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { data: { code: 'UNAUTHORIZED' } } });
    const me = await server.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } });
    expect(me.json()).toEqual({ result: { data: null } });
  });

  it('re-issues the cookie when the sliding expiry moves', async () => {
    const user = await findUserByEmail(t.db, 'http-admin@example.com');
    const token = generateSessionToken();
    await createSession(
      t.db,
      token,
      user?.id ?? '',
      { ip: null, userAgent: null },
      new Date(Date.now() - 4 * 86_400_000),
    );
    const res = await server.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { cookie: `session=${token}` },
    });
    expect(res.json()).toMatchObject({ result: { data: { email: 'http-admin@example.com' } } });
    expect(setCookie(res, 'session')).toMatch(new RegExp(`^session=${token};.*Max-Age=60479[89]`));
  });

  it('answers an unknown address and a wrong password identically', async () => {
    const unknown = await signInAs('nobody-here@example.com');
    const wrong = await signInAs('http-admin@example.com', server, 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    expect(unknown.json()).toMatchObject({ error: { message: AUTH_MESSAGES.invalidCredentials } });
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a non-admin with 403 and clears any session cookie', async () => {
    const res = await signInAs('http-member@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { message: AUTH_MESSAGES.accessDenied } });
    expect(setCookie(res, 'session')).toMatch(/Max-Age=0/);
    const member = await findUserByEmail(t.db, 'http-member@example.com');
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member?.id ?? '')
      .execute();
    expect(sessions).toEqual([]);
  });

  it('answers 429 with Retry-After once an account is throttled', async () => {
    await createUser(t.db, { email: 'throttle-http@example.com', password: PASSWORD, verified: true });
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 6; i += 1)
      last = await signInAs('throttle-http@example.com', server, 'wrong-password');
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json<{ error: { message: string } }>().error.message).toMatch(
      /^Too many failed sign-in attempts/,
    );
  });

  it('refuses cross-site sign-in and sign-out requests (CSRF)', async () => {
    const body = { email: 'http-admin@example.com', password: PASSWORD };
    const foreign = await post(server, 'auth.signIn', body, {
      ...SAME_ORIGIN,
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const noHeader = await post(server, 'auth.signIn', body, {
      origin: TEST_APP_URL,
      'content-type': 'application/json',
    });
    expect(noHeader.statusCode).toBe(403);
    const noOrigin = await post(server, 'auth.signOut', undefined, {
      'x-csrf-protection': '1',
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
    });
    expect(noOrigin.statusCode).toBe(403);
    const sameSiteFetch = await post(server, 'auth.signOut', undefined, {
      'x-csrf-protection': '1',
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameSiteFetch.statusCode).toBe(200);
  });

  it('verifies an e-mail address from the link and reports the outcome on the login page', async () => {
    const user = await createUser(t.db, { email: 'verify-me@example.com', password: PASSWORD });
    const config = testServices(t.db).config;
    const link = new URL(verificationUrl(config, { userId: user.id, email: user.email }));
    const res = await server.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/login?verify=success');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await findUserByEmail(t.db, 'verify-me@example.com'))?.email_verified_at).toBeInstanceOf(Date);

    for (const url of ['/api/auth/verify', '/api/auth/verify?token=abc', `${link.pathname}${link.search}x`]) {
      const bad = await server.app.inject({ method: 'GET', url });
      expect(bad.statusCode, url).toBe(303);
      expect(bad.headers.location).toBe('/admin/login?verify=invalid');
    }
  });

  it('marks every admin URL noindex, and nothing else', async () => {
    for (const url of ['/admin', '/admin/login', '/admin/campaigns?status=paused']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    const home = await server.app.inject({ method: 'GET', url: '/administrator' });
    expect(home.headers['x-robots-tag']).toBeUndefined();
  });
});
