import { type ChildProcess, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/db.ts';

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForOutput(read: () => string, pattern: RegExp, child: ChildProcess, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(read())) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`Never saw ${pattern}:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('process entry points', () => {
  const t = useTestDatabase();

  it('`npm run worker` starts against DATABASE_URL and stops gracefully on SIGTERM', async () => {
    const worker = run(['worker/main.ts'], {
      DATABASE_URL: t.url,
      DATA_DIR: '/tmp/watch-platform-test-data',
    });
    await waitForOutput(worker.output, /worker started/, worker.child);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toMatch(/finishing active jobs/);
  });

  it('a bad variable stops a process with a message naming it (exit 78)', async () => {
    const bad = run(['worker/main.ts'], { DATABASE_URL: 'not-a-url', WORKER_CONCURRENCY: '0' });
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toContain('Invalid environment configuration');
    expect(bad.output()).toContain('DATABASE_URL');
    expect(bad.output()).toContain('WORKER_CONCURRENCY');
  });

  it('`npm run server` refuses a non-loopback http:// APP_URL at start, naming APP_URL (exit 78)', async () => {
    const bad = run(['server/main.ts'], { APP_URL: 'http://watches.example.com.au', DATABASE_URL: t.url });
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toMatch(/^ {2}APP_URL: must start with https:\/\//m);
  });

  it('`npm run server` warns at start when TRUST_PROXY is set and HOST is 0.0.0.0', async () => {
    const server = run(['server/main.ts'], {
      TRUST_PROXY: '1',
      HOST: '0.0.0.0',
      PORT: '0',
      LOG_FORMAT: 'json',
      DATABASE_URL: t.url,
      DATA_DIR: '/tmp/watch-platform-test-data',
    });
    try {
      await waitForOutput(server.output, /HOST=127\.0\.0\.1/, server.child);
      const line = server
        .output()
        .split('\n')
        .find((entry) => entry.includes('TRUST_PROXY is set'));
      expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40 });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
