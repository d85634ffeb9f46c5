import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';

describe('request logging as JSON lines', () => {
  const t = useTestDatabase();
  const lines: Record<string, unknown>[] = [];
  let server: AppServer;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    server = await createServer({
      services: testServices(t.db),
      clientDir: null,
      logger: pino({ level: 'info' }, sink),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('writes one info line per API call and none per file or probe at info', async () => {
    for (const url of ['/robots.txt', '/healthz', '/sitemap.xml', '/trpc/system.health'])
      await server.app.inject({ method: 'GET', url });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.url)).toEqual(['/trpc/system.health']);
    expect(completed[0]).toMatchObject({ level: 30, method: 'GET', statusCode: 200, name: 'http' });
    expect(typeof completed[0]?.ms).toBe('number');
    // Fastify's own per-request pair ("incoming request" / "request completed" with req/res) is off.
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});
