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
});
