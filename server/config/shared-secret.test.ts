import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REAL_SITE_IDENTITY } from '#test/support/site-identity.ts';
import { buildAppConfig } from './app-config.ts';
import { EnvError, parseEnv, serverEnvSchema, workerEnvSchema } from './env.ts';

// Decision 068: a secret generated per DATA_DIR differs on every disk, so a real deployment
// (APP_URL not a loopback address) refuses to start without APP_SECRET; a loopback start still
// generates one, and says so.

const SITE = 'https://watches.example.com.au';

describe('APP_SECRET on a real deployment and on this machine', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shared-secret-'));
    dirs.push(dir);
    return dir;
  };

  it('generates one on a loopback APP_URL and logs a warning naming the file', async () => {
    const dataDir = await tempDir();
    const env = parseEnv(serverEnvSchema, { APP_URL: 'http://localhost:3000', DATA_DIR: dataDir });
    const warnings: string[] = [];
    const config = await buildAppConfig(env, (message) => warnings.push(message));
    const file = path.join(dataDir, 'app-secret');
    expect(config.appSecret).toHaveLength(43);
    expect((await readFile(file, 'utf8')).trim()).toBe(config.appSecret);
    expect(warnings).toEqual([
      `APP_SECRET is unset: using the one kept in ${file}, which only processes sharing this DATA_DIR have. Set APP_SECRET to the same value in every server and worker before running another process or host (README, Configuration).`,
    ]);
    // Set, it is used as is and nothing is said.
    const set = parseEnv(serverEnvSchema, { APP_SECRET: 's'.repeat(40), DATA_DIR: dataDir });
    const quiet: string[] = [];
    expect((await buildAppConfig(set, (message) => quiet.push(message))).appSecret).toBe('s'.repeat(40));
    expect(quiet).toEqual([]);
  });

  it('refuses a non-loopback APP_URL without APP_SECRET, in the server and the worker', () => {
    for (const schema of [serverEnvSchema, workerEnvSchema]) {
      let error: unknown;
      try {
        parseEnv(schema, { APP_URL: SITE, ...REAL_SITE_IDENTITY });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(EnvError);
      expect((error as Error).message).toContain(
        `APP_URL is ${SITE}, a real deployment, but APP_SECRET is unset`,
      );
      expect((error as Error).message).toContain('Set APP_SECRET');
      expect(() =>
        parseEnv(schema, { APP_URL: SITE, ...REAL_SITE_IDENTITY, APP_SECRET: 'k'.repeat(40) }),
      ).not.toThrow();
    }
  });

  it('names the placeholders and APP_SECRET together when both are missing', () => {
    let message = '';
    try {
      parseEnv(serverEnvSchema, { APP_URL: SITE });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n')).toHaveLength(2);
    expect(message).toContain('Set SITE_LICENCE and SITE_ABN');
    expect(message).toContain('APP_SECRET is unset');
  });

  it('exits the server with status 78 (EX_CONFIG), naming APP_SECRET', async () => {
    const dataDir = await tempDir();
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        APP_URL: SITE,
        ...REAL_SITE_IDENTITY,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toContain('APP_SECRET is unset');
    // Refused before anything was written: no secret of this disk's own.
    await expect(readFile(path.join(dataDir, 'app-secret'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 60_000);
});
