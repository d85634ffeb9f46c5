import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { BODY_LIMITS, bodyLimitFamily } from './body-limits.ts';

// Issue 19 item 1: one anonymous 300 MB multipart POST to preferences.requestLink took the server
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
  const url = new URL(path, base);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      origin: TEST_APP_URL,
      'x-csrf-protection': '1',
      ...(declareLength ? { 'content-length': String(BODY_BYTES) } : { 'transfer-encoding': 'chunked' }),
    },
  });
  let status = 0;
  const answered = new Promise<void>((resolve) => {
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      resolve();
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
  });
  let written = 0;
  let done = false;
  void answered.then(() => (done = true));
  request.write(head);
  while (!done && written < BODY_BYTES) {
    written += CHUNK.length;
    if (!request.write(CHUNK)) {
      await Promise.race([once(request, 'drain'), answered]);
    }
  }
  if (!done) request.end();
  await answered;
  request.destroy();
  return { status, bytesWritten: written };
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
