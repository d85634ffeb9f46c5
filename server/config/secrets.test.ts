import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAppSecret } from './secrets.ts';

describe('APP_SECRET resolution', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'secret-'));
    dirs.push(dir);
    return dir;
  };

  it('uses the configured secret as is', async () => {
    expect(await resolveAppSecret('x'.repeat(40), await tempDir())).toBe('x'.repeat(40));
  });

  it('generates one secret, keeps it private in DATA_DIR and reuses it', async () => {
    const dir = await tempDir();
    // Several processes starting at once (server, worker, CLI) must all end up with one secret.
    const secrets = await Promise.all(Array.from({ length: 8 }, () => resolveAppSecret(undefined, dir)));
    const a = secrets[0];
    expect(a).toHaveLength(43);
    expect(new Set(secrets)).toEqual(new Set([a]));
    expect(await resolveAppSecret(undefined, dir)).toBe(a);
    expect((await readFile(path.join(dir, 'app-secret'), 'utf8')).trim()).toBe(a);
    expect((await stat(path.join(dir, 'app-secret'))).mode & 0o777).toBe(0o600);
  });
});
