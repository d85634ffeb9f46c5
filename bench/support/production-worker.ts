import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { stopChild } from './children.ts';
import { REAL_SITE_IDENTITY } from '#test/support/site-identity.ts';

// The worker exactly as docker-compose.yml starts it in production (same command line, so the
// same bundle and Node flags), for benchmarks that measure the worker process itself.

export interface ProductionWorker {
  /** The command line run, after `node`. */
  args: string[];
  /** Peak resident set so far (Linux VmHWM), MB. */
  peakRssMb(): Promise<number>;
  /** Resident set now (VmRSS), MB. */
  rssMb(): Promise<number>;
  stop(): Promise<void>;
}

/** The worker service's command from docker-compose.yml, e.g. ['node', '--flag', 'dist/worker/main.mjs']. */
export async function composeWorkerCommand(root: string): Promise<string[]> {
  const compose = parse(await readFile(`${root}/docker-compose.yml`, 'utf8'), { merge: true }) as {
    services: { worker?: { command?: string[] } };
  };
  const command = compose.services.worker?.command;
  if (!command || command[0] !== 'node')
    throw new Error('docker-compose.yml: worker command must start with node');
  return command;
}

async function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

export async function startProductionWorker(options: {
  root: string;
  databaseUrl: string;
  fakeUrl: string;
  appUrl: string;
  dataDir: string;
}): Promise<ProductionWorker> {
  const args = (await composeWorkerCommand(options.root)).slice(1);
  const proc: ChildProcess = spawn(process.execPath, args, {
    cwd: options.root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      APP_URL: options.appUrl,
      ...REAL_SITE_IDENTITY,
      APP_SECRET: randomBytes(32).toString('hex'),
      RESEND_API_KEY: 're_bench_key',
      RESEND_BASE_URL: options.fakeUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('worker started')) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = proc.pid ?? 0;
  return {
    args,
    peakRssMb: () => statusMb(pid, 'VmHWM'),
    rssMb: () => statusMb(pid, 'VmRSS'),
    stop: () => stopChild(proc),
  };
}
