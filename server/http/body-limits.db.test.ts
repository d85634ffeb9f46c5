import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { BODY_LIMITS, bodyLimitFamily } from './body-limits.ts';

// Decision 013: one anonymous 300 MB multipart POST to preferences.requestLink took the server
// from 168 MB to 1.1 GB resident. Every route now refuses an oversized body while it streams in.

const BODY_BYTES = 300 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
const BOUNDARY = 'hostile-boundary';

interface Sent {
  status: number;
  bytesWritten: number;
}

/**
 * Streams a 300 MB multipart body (chunked, no declared length, so the server cannot refuse it
 * from the headers), with back-pressure, until the server answers or the body is done.
 */
async function postHostileBody(base: string, path: string, declareLength = false): Promise<Sent> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return sendHostileBody(base, path, {
    method: 'POST',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    declareLength,
    head,
  });
}

interface HostileRequest {
  method: string;
  contentType: string;
  declareLength?: boolean;
  head?: Buffer;
  /**
   * Keep sending after the answer, as curl does with an upload, until the body is done or the
   * server closes the connection: what the server does with the rest is what is measured.
   */
  afterAnswer?: boolean;
}

/** The same 300 MB body, streamed in fixed chunks with any method and content type. */
async function sendHostileBody(
  base: string,
  path: string,
  { method, contentType, declareLength = false, head = Buffer.alloc(0), afterAnswer = false }: HostileRequest,
): Promise<Sent & { allow: string | undefined }> {
  const url = new URL(path, base);
  const request = http.request(url, {
    method,
    headers: {
      'content-type': contentType,
      origin: TEST_APP_URL,
      'x-csrf-protection': '1',
      ...(declareLength ? { 'content-length': String(BODY_BYTES) } : { 'transfer-encoding': 'chunked' }),
    },
  });
  let status = 0;
  let allow: string | undefined;
  const answered = new Promise<void>((resolve) => {
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      allow = response.headers.allow;
      response.resume();
      resolve();
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
  });
  // The request itself "closes" once its answer is read; only the socket says the server hung up.
  const gone = new Promise<void>((resolve) => {
    request.on('error', () => resolve());
    request.on('socket', (socket) => socket.once('close', () => resolve()));
  });
  const stopWhen = afterAnswer ? gone : answered;
  let written = 0;
  let done = false;
  void stopWhen.then(() => (done = true));
  request.write(head);
  while (!done && written < BODY_BYTES) {
    written += CHUNK.length;
    if (!request.write(CHUNK)) {
      await Promise.race([once(request, 'drain'), stopWhen]);
    }
  }
  if (!done) request.end();
  await answered;
  request.destroy();
  return { status, bytesWritten: written, allow };
}

describe('bounded request bodies', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let base: string;

  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
    base = await server.start(0, '127.0.0.1');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('keeps one table of limits, one family per route prefix', () => {
    expect(bodyLimitFamily('/trpc/lead.submit')).toBe('trpc');
    expect(bodyLimitFamily('/api/uploads')).toBe('uploads');
    expect(bodyLimitFamily('/api/unsubscribe/one-click?token=x')).toBe('oneClick');
    expect(bodyLimitFamily('/api/webhooks/resend')).toBe('webhook');
    expect(bodyLimitFamily('/api/auth/verify')).toBe('other');
    expect(BODY_LIMITS.uploads).toBeGreaterThan(100 * 1024 * 1024);
  });

  it.each([
    ['a public tRPC procedure', '/trpc/preferences.requestLink'],
    ['the upload route', '/api/uploads'],
    ['the one-click route', '/api/unsubscribe/one-click?token=abc'],
    ['the webhook', '/api/webhooks/resend'],
  ])(
    'refuses a 300 MB multipart body to %s with a 4xx, holding under 32 MB more memory',
    async (_label, path) => {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      try {
        const sent = await postHostileBody(base, path);

        expect(sent.status).toBeGreaterThanOrEqual(400);
        expect(sent.status).toBeLessThan(500);
        // Refused early: far less than the whole body went out before the answer.
        expect(sent.bytesWritten).toBeLessThan(BODY_BYTES);
      } finally {
        clearInterval(sampler);
      }
      expect(peak - before).toBeLessThan(32 * 1024 * 1024);
    },
  );

  // TRACE is a method Fastify never reads a body for, so a TRACE to tRPC reached the mount with its
  // body unread, and tRPC wrapped the raw request in a stream without a limit: a chunked 300 MB
  // TRACE could be buffered whole. Unserved methods are now refused before routing (decision 013).
  const unservedMethodRoutes = [
    '/trpc/lead.submit',
    '/api/uploads',
    '/api/webhooks/resend',
    '/api/unsubscribe/one-click?token=abc',
  ];
  it.each(
    ['TRACE', 'PUT', 'PATCH', 'OPTIONS'].flatMap((method) =>
      unservedMethodRoutes.map((path) => [method, path] as const),
    ),
  )(
    'answers a chunked 300 MB %s to %s with 405 or 413, holding under 32 MB more memory',
    async (method, path) => {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      let sent: Sent & { allow: string | undefined };
      try {
        sent = await sendHostileBody(base, path, {
          method,
          contentType: 'application/json',
          afterAnswer: path.startsWith('/trpc/'),
        });
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage().rss);
      expect([405, 413]).toContain(sent.status);
      if (sent.status === 405) expect(sent.allow).toMatch(/\bPOST\b/);
      expect(sent.bytesWritten).toBeLessThan(BODY_BYTES);
      expect(peak - before).toBeLessThan(32 * 1024 * 1024);
    },
  );

  it('answers three chunked 300 MB TRACEs at once with 405, holding under 32 MB more memory', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let sent: Array<Sent & { allow: string | undefined }>;
    try {
      sent = await Promise.all(
        [1, 2, 3].map(() =>
          sendHostileBody(base, '/trpc/lead.submit', {
            method: 'TRACE',
            contentType: 'application/json',
            afterAnswer: true,
          }),
        ),
      );
    } finally {
      clearInterval(sampler);
    }
    expect(sent.map((one) => one.status)).toEqual([405, 405, 405]);
    expect(peak - before).toBeLessThan(32 * 1024 * 1024);
  });

  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
    'answers %s 405 with Allow before a byte of the body has arrived',
    async (method) => {
      for (const path of [...unservedMethodRoutes, '/healthz']) {
        const request = http.request(new URL(path, base), {
          method,
          headers: {
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
            origin: TEST_APP_URL,
            'x-csrf-protection': '1',
          },
        });
        request.on('error', () => undefined);
        // Headers only: the body never starts, so only an answer given without reading it arrives.
        request.flushHeaders();
        const [response] = (await once(request, 'response')) as [http.IncomingMessage];
        response.resume();
        request.destroy();
        expect(response.statusCode, `${method} ${path}`).toBe(405);
        expect(response.headers.allow, `${method} ${path}`).toMatch(/^(GET|HEAD|POST)(, (GET|HEAD|POST))*$/);
      }
    },
  );

  it('applies the table to every method: an over-long declared body is 413 or 405 unread', async () => {
    for (const method of server.app.supportedMethods) {
      const request = http.request(new URL('/trpc/system.health', base), {
        method,
        headers: { 'content-type': 'application/json', 'content-length': String(BODY_BYTES) },
      });
      request.on('error', () => undefined);
      request.flushHeaders();
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      response.resume();
      request.destroy();
      expect(response.statusCode, method).toBe(['GET', 'HEAD', 'POST'].includes(method) ? 413 : 405);
    }
  });

  it('refuses a body that declares more than its route allows before reading it', async () => {
    const sent = await postHostileBody(base, '/trpc/lead.submit', true);
    expect(sent.status).toBe(413);
    expect(sent.bytesWritten).toBeLessThan(BODY_BYTES);
  });

  it('still takes JSON calls and answers a non-JSON tRPC body with 415', async () => {
    const json = await fetch(new URL('/trpc/system.health', base));
    expect(json.status).toBe(200);
    const form = await fetch(new URL('/trpc/preferences.requestLink', base), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
      },
      body: 'email=a%40example.com',
    });
    expect(form.status).toBe(415);
  });
});
