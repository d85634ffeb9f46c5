import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSiteConfig } from '#shared/site/config.ts';
import { clientBuildIsStale } from './client-build.ts';

describe('client build staleness (npm start rebuilds only when needed)', () => {
  let root = '';
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is stale when missing, fresh after a build, stale again after a source edit', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'client-build-'));
    const out = path.join(root, 'dist', 'client');
    await mkdir(path.join(root, 'client', 'src'), { recursive: true });
    await writeFile(path.join(root, 'client', 'src', 'main.tsx'), 'export {};');
    const old = new Date(Date.now() - 60_000);
    await utimes(path.join(root, 'client', 'src', 'main.tsx'), old, old);
    await utimes(path.join(root, 'client', 'src'), old, old);
    await utimes(path.join(root, 'client'), old, old);
    expect(clientBuildIsStale(root, out)).toBe(true);

    await mkdir(path.join(out, '_pages'), { recursive: true });
    await writeFile(path.join(out, 'index.html'), '<!doctype html>');
    // The client bundle alone is an interrupted build: the prerendered pages' manifest comes last.
    expect(clientBuildIsStale(root, out)).toBe(true);
    await writeFile(path.join(out, '_pages', 'manifest.json'), '{}');
    expect(clientBuildIsStale(root, out)).toBe(false);

    const later = new Date(Date.now() + 60_000);
    await writeFile(path.join(root, 'client', 'src', 'main.tsx'), 'export const changed = 1;');
    await utimes(path.join(root, 'client', 'src', 'main.tsx'), later, later);
    expect(clientBuildIsStale(root, out)).toBe(true);
  });

  it('is stale when the site identity it baked in is not the configured one', async () => {
    const out = path.join(root, 'dist', 'client');
    const site = buildSiteConfig({ APP_URL: 'http://localhost:3000' });
    await writeFile(path.join(out, '_pages', 'manifest.json'), JSON.stringify({ site }));
    const later = new Date(Date.now() + 120_000);
    await utimes(path.join(out, '_pages', 'manifest.json'), later, later);
    expect(clientBuildIsStale(root, out, site)).toBe(false);
    const licensed = buildSiteConfig({
      APP_URL: 'http://localhost:3000',
      SITE_LICENCE: 'Licensed second-hand dealer (NSW Fair Trading licence 4102345)',
    });
    expect(clientBuildIsStale(root, out, licensed)).toBe(true);
  });
});
