import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Returns APP_SECRET, or the one generated on first start and kept in DATA_DIR, so that signed
 * unsubscribe links keep working across restarts of the embedded default without any setup. The
 * generated one is this disk's alone (decision 068): `warn` is told each time it is used, and a
 * real deployment refuses to start without APP_SECRET (server/config/env.ts).
 */
export async function resolveAppSecret(
  configured: string | undefined,
  dataDir: string,
  warn: (message: string) => void = () => undefined,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'app-secret');
  warn(
    `APP_SECRET is unset: using the one kept in ${file}, which only processes sharing this DATA_DIR have. Set APP_SECRET to the same value in every server and worker before running another process or host (README, Configuration).`,
  );
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Write a private temp file, then link it into place: link() is atomic and fails if another
  // process got there first, so nobody ever reads a half-written secret; the first one wins.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, `${secret}\n`, { mode: 0o600 });
  try {
    await link(temp, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  } finally {
    await unlink(temp);
  }
}

/**
 * APP_SECRET, or the one kept in DATA_DIR, or null: unlike resolveAppSecret this never generates
 * one, for commands (restore) that must use the secret the data was written under or refuse.
 */
export async function readAppSecret(configured: string | undefined, dataDir: string): Promise<string | null> {
  if (configured) return configured;
  try {
    const stored = (await readFile(path.join(dataDir, 'app-secret'), 'utf8')).trim();
    return stored.length >= 32 ? stored : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
