import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../http/security-headers.ts';
import { registerClientFiles } from './client-files.ts';
import { PAGES_DIR, PAGES_MANIFEST, type PrerenderManifest } from './manifest.ts';

/*
 * The built client's file headers, over a minimal build in a temporary folder with the app's
 * Helmet defaults in front: e-mail images load from any origin (decision 094), other files keep
 * Helmet's same-origin policy.
 */
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'client-files-'));
  mkdirSync(path.join(dir, PAGES_DIR));
  mkdirSync(path.join(dir, 'assets', 'email'), { recursive: true });
  mkdirSync(path.join(dir, 'assets', 'og'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(dir, PAGES_DIR, 'not-found.html'), '<!doctype html><title>404</title>');
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  writeFileSync(path.join(dir, 'assets', 'email', 'logo.png'), png);
  writeFileSync(path.join(dir, 'assets', 'og', 'home.png'), png);
  const manifest: PrerenderManifest = {
    builtAt: '2026-12-07T00:00:00.000Z',
    appUrl: 'http://localhost:3000',
    pages: {},
    notFound: [{ file: 'not-found.html', status: 404, noindex: true, pattern: null }],
    csp: { 'script-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [] },
  };
  writeFileSync(path.join(dir, PAGES_DIR, PAGES_MANIFEST), JSON.stringify(manifest));
  app = Fastify({ logger: false });
  registerSecurityHeaders(app, {});
  await registerClientFiles(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('e-mail assets', () => {
  it('serve the logo to any origin, cached for 30 days', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/email/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000, stale-while-revalidate=86400');
  });

  it('leave other public images same-origin, revalidated after an hour', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/og/home.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
