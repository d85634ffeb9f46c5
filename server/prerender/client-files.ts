import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_SELLER_TOKEN_LENGTH, SELLER_PAGE_PATH } from '#shared/enquiries/seller.ts';
import type { SiteConfig } from '#shared/site/config.ts';
import { extendCsp } from './csp.ts';
import {
  type CspSources,
  PAGES_DIR,
  type PrerenderedPage,
  readPrerenderManifest,
  sameSite,
} from './manifest.ts';

const API_PREFIXES = ['/trpc', '/api/', '/healthz', '/readyz'];

/** Cache lifetime of the images e-mails load from /assets/email/ (30 days, a day stale-while-revalidate). */
const EMAIL_ASSET_CACHE = 'public, max-age=2592000, stale-while-revalidate=86400';

/** A page held in memory with its compressed forms, so serving it is a lookup. */
interface ServedPage {
  status: 200 | 404;
  noindex: boolean;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The build writes .br and .gz copies (server/prerender/compress.ts); compress here if one is missing. */
function compressed(file: string, suffix: '.br' | '.gz', content: Buffer): Buffer {
  if (existsSync(file + suffix)) return readFileSync(file + suffix);
  return suffix === '.br'
    ? brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
    : gzipSync(content, { level: 9 });
}

function loadPage(file: string, meta: Pick<PrerenderedPage, 'status' | 'noindex'>): ServedPage {
  const identity = readFileSync(file);
  return {
    ...meta,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: compressed(file, '.gz', identity),
    br: compressed(file, '.br', identity),
  };
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

const sellerPagePattern = new RegExp(`^${SELLER_PAGE_PATH}/[A-Za-z0-9_-]{1,${MAX_SELLER_TOKEN_LENGTH}}$`);

export function isSellerPagePath(pathname: string): boolean {
  return sellerPagePattern.test(pathname);
}

function preferredEncoding(req: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function sendPage(req: FastifyRequest, reply: FastifyReply, page: ServedPage, extraCsp: CspSources) {
  void reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    // Pages change with every deployment; the ETag makes revalidation cheap.
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'Accept-Encoding');
  if (page.noindex) void reply.header('x-robots-tag', 'noindex');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') void reply.header('content-security-policy', extendCsp(policy, extraCsp));
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = preferredEncoding(req);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
}

/**
 * Serves the built client (dist/client): hashed assets cached for a year (pre-compressed copies
 * when present), every public route as its prerendered page, unknown paths as the not-found page
 * with status 404, and the admin area as the client-rendered SPA shell (index.html).
 */
export async function registerClientFiles(
  app: FastifyInstance,
  clientDir: string,
  options: { appUrl?: string; site?: SiteConfig } = {},
): Promise<void> {
  const shellFile = path.join(clientDir, 'index.html');
  const manifest = readPrerenderManifest(clientDir);
  if (!existsSync(shellFile) || !manifest) {
    throw new Error(
      `The client is not built (${clientDir} has no prerendered pages). Run "npm run build" first.`,
    );
  }
  if (options.site && manifest.site && !sameSite(manifest.site, options.site)) {
    app.log.warn(
      'the prerendered pages were built with another site identity (SITE_* variables): their footer and contact details show that one; run "npm run build" again',
    );
  }
  if (options.appUrl && options.appUrl.replace(/\/+$/, '') !== manifest.appUrl) {
    app.log.warn(
      { builtFor: manifest.appUrl, appUrl: options.appUrl },
      'the prerendered pages were built for another APP_URL: their canonical links point there; run "npm run build" again',
    );
  }
  const pagesDir = path.join(clientDir, PAGES_DIR);
  const assetsDir = path.join(path.resolve(clientDir), 'assets');
  const emailAssetsDir = path.join(assetsDir, 'email');
  const pages = new Map<string, ServedPage>();
  for (const [pagePath, page] of Object.entries(manifest.pages)) {
    pages.set(pagePath, loadPage(path.join(pagesDir, page.file), page));
  }
  const notFoundPages = manifest.notFound.map((page) => ({
    pattern: page.pattern === null ? null : new RegExp(page.pattern),
    page: loadPage(path.join(pagesDir, page.file), page),
  }));
  const notFoundFor = (pathname: string): ServedPage | undefined =>
    notFoundPages.find((p) => p.pattern === null || p.pattern.test(pathname))?.page;
  const shell = loadPage(shellFile, { status: 200, noindex: true });

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Pages are served below from memory; their files are not a second address for them.
    allowedPath: (pathName) => !pathName.startsWith(`/${PAGES_DIR}/`) && pathName !== '/index.html',
    setHeaders(res, filePath) {
      if (path.dirname(filePath) === emailAssetsDir) {
        // Images an e-mail loads (the logo): a mail client, a webmail's image proxy and the
        // admin's own previews fetch them from another origin, which Helmet's default
        // Cross-Origin-Resource-Policy (same-origin) made Chromium block. They are public and
        // change only with the brand, so they are cached for a month (decision 094).
        void res.header('cross-origin-resource-policy', 'cross-origin');
        void res.header('cache-control', EMAIL_ASSET_CACHE);
        return;
      }
      // Vite's output in assets/ carries content hashes; public files (images in assets/<folder>/,
      // the favicon) keep their names, so they are revalidated after an hour.
      const hashed = path.dirname(filePath) === assetsDir && /\.(js|css)(\.br|\.gz)?$/.test(filePath);
      void res.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  for (const [pagePath, page] of pages) {
    app.get(pagePath, (req, reply) => sendPage(req, reply, page, manifest.csp));
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PREFIXES.some((p) => pathname.startsWith(p))) {
      return reply.code(404).send({ error: 'Not found' });
    }
    if (isAdminPath(pathname)) return sendPage(req, reply, shell, manifest.csp);
    // The seller's private page (decision 059) is never prerendered: its content is one enquiry's,
    // behind the token in its path. The shell renders it in the browser, kept out of search
    // engines and sending no referrer, so the token never leaves in a Referer header.
    if (isSellerPagePath(pathname)) {
      void reply.header('referrer-policy', 'no-referrer');
      return sendPage(req, reply, shell, manifest.csp);
    }
    // One address per page: "/blog/" and "/terms/" redirect to the canonical path.
    const trimmed = pathname.replace(/\/+$/, '');
    if (trimmed !== pathname && pages.has(trimmed)) {
      const query = req.url.slice(pathname.length);
      return reply.redirect(`${trimmed}${query}`, 301);
    }
    const page = notFoundFor(pathname);
    if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendPage(req, reply, page, manifest.csp);
  });
}
