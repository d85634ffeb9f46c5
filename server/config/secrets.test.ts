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
    const [a, b] = await Promise.all([resolveAppSecret(undefined, dir), resolveAppSecret(undefined, dir)]);
    expect(a).toHaveLength(43);
    expect(b).toBe(a);
    expect(await resolveAppSecret(undefined, dir)).toBe(a);
    expect((await readFile(path.join(dir, 'app-secret'), 'utf8')).trim()).toBe(a);
    expect((await stat(path.join(dir, 'app-secret'))).mode & 0o777).toBe(0o600);
  });
});
