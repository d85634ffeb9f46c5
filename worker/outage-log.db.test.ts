import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';

// Decision 075: a database outage is one line, not a flood. The worker reaches PostgreSQL through
// a TCP relay that this test cuts for 30 s (every open connection dropped, new ones refused),
// which is what a database restart looks like from the worker's side. Before the connection
// watch, one worker wrote about 2,300 lines (2.2 MB) in such an outage; the goal is at most 20
// lines per process per minute of outage.

const OUTAGE_MS = 30_000;

function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        const address = next.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  return {
    listen,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}

async function waitFor(read: () => string, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(read())) {
    if (Date.now() > deadline) throw new Error(`Never saw ${pattern} in:\n${read().slice(-3_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a database outage in the worker log', () => {
  const t = useTestDatabase();

  it('is one warning and one "restored" line for a 30 s outage', { timeout: 120_000 }, async () => {
    const relay = relayTo(new URL(t.url));
    const port = await relay.listen(0);
    const relayedUrl = new URL(t.url);
    relayedUrl.port = String(port);
    const worker = spawn(process.execPath, ['worker/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: relayedUrl.toString(),
        DATA_DIR: '/tmp/watch-platform-test-data',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    try {
      await waitFor(() => output, /worker started/, 30_000);
      const before = output.length;
      await relay.cut();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await relay.listen(port);
      await waitFor(() => output.slice(before), /database connection restored/, 30_000);
      const lines = output.slice(before).split('\n').filter(Boolean);
      expect(lines.length).toBeLessThanOrEqual(20 * (OUTAGE_MS / 60_000));
      expect(lines.some((line) => line.includes('database connection lost'))).toBe(true);
      expect(lines.filter((line) => line.includes('"level":50'))).toEqual([]);
    } finally {
      worker.kill('SIGTERM');
      await exited;
      await relay.cut();
    }
  });
});
