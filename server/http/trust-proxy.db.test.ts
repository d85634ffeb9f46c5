import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';

// Decision 014: behind a trusted proxy, per-IP limits key on the first address no trusted proxy
// vouches for, so a client rotating X-Forwarded-For still meets the sell form's limit.

const submission = () =>
  leadSubmission({
    additionalDetails: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
  });

describe('client IP behind a reverse proxy', () => {
  const t = useTestDatabase();
  const servers: AppServer[] = [];

  async function serverTrusting(trustProxy: false | number | string[]) {
    const server = await createServer({
      services: testServices(t.db),
      clientDir: null,
      logLevel: 'silent',
      trustProxy,
    });
    servers.push(server);
    return server;
  }

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  /** One sell-form POST arriving from the proxy (inject's socket is 127.0.0.1). */
  function submit(server: AppServer, forwardedFor: string) {
    return server.app.inject({
      method: 'POST',
      url: '/trpc/lead.submit',
      headers: {
        'content-type': 'application/json',
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
        'x-forwarded-for': forwardedFor,
      },
      payload: JSON.stringify(submission()),
    });
  }

  for (const [label, trust] of [
    ['one trusted hop', 1],
    ['the proxy address', ['127.0.0.1']],
  ] as const) {
    it(`limits a client rotating X-Forwarded-For (${label}) on the 11th submission`, async () => {
      const server = await serverTrusting(typeof trust === 'number' ? trust : [...trust]);
      const client = `198.51.100.${typeof trust === 'number' ? 41 : 42}`;
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) {
        // The client invents a new first hop each time; the proxy appends the address it saw.
        const res = await submit(server, `10.9.${i}.${i}, ${client}`);
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(200));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  }

  it('ignores X-Forwarded-For entirely when no proxy is trusted: the socket address is the client', async () => {
    const server = await serverTrusting(false);
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) statuses.push((await submit(server, `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });
});
