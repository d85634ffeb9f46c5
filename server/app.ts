import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import { adminExportRoutes } from './export-routes.ts';
import { contactImportUploadPlugin } from './contacts/import/routes.ts';
import { identityCopyPlugin } from './register/identity-copy-routes.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerClientFiles } from './prerender/client-files.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { registerPublicErrors } from './http/errors.ts';
import { registerEventStreamShutdown } from './http/event-streams.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerMethodGuard } from './http/methods.ts';
import { registerPageDataRoute } from './http/page-data.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { BODY_LIMITS, registerDeclaredBodyLimits } from './http/body-limits.ts';
import { registerSeoRoutes } from './http/seo.ts';
import type { TrustProxySetting } from './config/env.ts';
import { RequestLogController } from './logging.ts';
import type { AppServices } from './services.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { sellerPhotoRoutes } from './seller-page/entry.ts';
import { certificateRoutes } from './seller-page/entry.ts';
import { incomingAttachmentRoutes } from './conversation/entry.ts';
import { createContextFactory } from './trpc/context.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';
import { oneClickUnsubscribePlugin } from './preferences/one-click-route.ts';
import { resendWebhookPlugin } from './email-events/resend-route.ts';
import { receiveInboundEmail } from './conversation/entry.ts';

export interface CreateServerOptions {
  services: AppServices;
  /** The process's logger (see server/logging.ts); otherwise Fastify's own JSON logger at logLevel. */
  logger?: Logger;
  logLevel?: string;
  /** Proxies whose X-Forwarded-For is believed (server/config/env.ts TRUST_PROXY). */
  trustProxy?: TrustProxySetting;
  /** Folder of the built client to serve; null serves only the API (tests, API-only processes). */
  clientDir?: string | null;
  /** Serve the client through Vite's dev middleware instead of built files. */
  viteDev?: boolean;
}

export interface AppServer {
  app: FastifyInstance;
  start(port: number, host: string): Promise<string>;
  stop(): Promise<void>;
}

/** Calls per batched tRPC request: anonymous callers, and signed-in admin pages. */
export const ANONYMOUS_MAX_BATCH = 10;
export const SIGNED_IN_MAX_BATCH = 50;

/** Routes that take cross-site POSTs by design (decisions 004 and 007). */
export const CSRF_EXEMPT_PREFIXES = ['/api/unsubscribe/one-click', '/api/webhooks/'];

/**
 * Fastify's trustProxy for our setting. A hop count becomes the function proxy-addr itself uses for
 * a number (trust the first `hops` addresses, counted from the socket), as Fastify's types take no
 * number.
 */
function fastifyTrustProxy(
  setting: TrustProxySetting,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** Media types tRPC is sent: every procedure takes JSON. */
function isJsonBody(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * tRPC through its own Fastify adapter (`fastifyTRPCPlugin`), in a scope of its own whose hooks keep
 * what the adapter leaves open: it registers every method and a multipart parser, and reads bodies
 * up to Fastify's default limit.
 */
function trpcRoutes(services: AppServices): FastifyPluginAsync {
  const createContext = createContextFactory(services);
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      // Queries and subscriptions come as GET (HEAD with it), mutations as POST; any other method is
      // answered 405 before its body is read (server/http/methods.ts, decision 013).
      route.method = ['GET', 'HEAD', 'POST'];
      // The adapter's JSON parser reads the body as text and stops at this limit (decision 013).
      route.bodyLimit = BODY_LIMITS.trpc;
    });
    // A body that is not JSON (multipart, a form, text) is refused with 415 before a byte of it is
    // read: the adapter would hand a multipart body to tRPC, which reads it whole into memory.
    scope.addHook('onRequest', (request, _reply, done) => {
      const declared = request.headers['content-length'];
      const hasBody =
        declared === undefined ? request.headers['transfer-encoding'] !== undefined : declared !== '0';
      if (request.method !== 'POST' || !hasBody || isJsonBody(request.headers['content-type'])) {
        done();
        return;
      }
      const error: Error & { statusCode?: number } = new Error('tRPC takes application/json bodies only');
      error.statusCode = 415;
      done(error);
    });
    await scope.register(fastifyTRPCPlugin<AppRouter>, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        // The library refuses a batch of more than 50 calls before any context exists; the context
        // refuses more than 10 unless the session validates.
        maxBatchSize: SIGNED_IN_MAX_BATCH,
        async createContext(options) {
          const context = await createContext(options);
          // One anonymous GET once carried 150 health checks; a visitor's page needs a handful of
          // calls. The larger limit needs a session that validates, not just a cookie named
          // "session"; should the look-up fail, createContext reports the failure.
          if (options.info.calls.length > ANONYMOUS_MAX_BATCH && context.session === null)
            throw new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' });
          return context;
        },
        onError({ error, path, req }) {
          // req.log carries the request id that the answer names (server/trpc/trpc.ts).
          if (error.code === 'INTERNAL_SERVER_ERROR')
            req.log.error({ err: error, path }, 'tRPC procedure failed');
        },
      },
    });
  };
}

export async function createServer(options: CreateServerOptions): Promise<AppServer> {
  const { services } = options;
  // Typed as Fastify's base logger so the app's type does not depend on which logger was given.
  const loggerInstance: FastifyBaseLogger | undefined = options.logger?.child({ name: 'http' });
  const app = Fastify({
    // Routes without a parser of their own (server/http/body-limits.ts, "other").
    bodyLimit: BODY_LIMITS.other,
    ...(loggerInstance ? { loggerInstance } : { logger: { level: options.logLevel ?? 'info' } }),
    // One line per finished request, at a level that depends on what was asked (server/logging.ts).
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
  });

  registerMethodGuard(app);
  registerDeclaredBodyLimits(app);
  registerPublicErrors(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    // Vite's dev server injects inline scripts; production pages get the strict policy.
    contentSecurityPolicy: options.viteDev
      ? false
      : {
          directives: {
            'script-src': ["'self'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            // The sell form previews chosen photos from blob: URLs; Chromium reads one through
            // connect-src when it cannot decode it (a refused file), which 'self' alone reported
            // as a violation.
            'connect-src': ["'self'", 'blob:'],
            'style-src': ["'self'", "'unsafe-inline'"],
            'frame-src': ["'self'"],
            'upgrade-insecure-requests': services.config.appUrl.startsWith('https://') ? [] : null,
          },
        },
    // HTTPS-only measures follow the address the site is served at, not NODE_ENV: `npm start` runs
    // in production mode on http://localhost too.
    strictTransportSecurity: services.config.appUrl.startsWith('https://'),
  });
  registerCsrfProtection(app, { appUrl: services.config.appUrl, exemptPrefixes: CSRF_EXEMPT_PREFIXES });
  registerEventStreamShutdown(app);
  registerHealthRoutes(app, services.db);
  registerSeoRoutes(app, services.config.appUrl);
  registerPageDataRoute(app, services.config.site);
  registerAuthRoutes(app, services);
  await app.register(uploadRoutes, { services });
  await app.register(sellerPhotoRoutes, { services });
  await app.register(incomingAttachmentRoutes, { services });
  await app.register(certificateRoutes, { services });
  await app.register(adminExportRoutes, { services });
  await app.register(contactImportUploadPlugin(services));
  await app.register(identityCopyPlugin(services));
  await app.register(oneClickUnsubscribePlugin(services));
  const inbound = services.inbound;
  await app.register(
    resendWebhookPlugin(
      services,
      inbound ? (emailId) => receiveInboundEmail({ ...services, inbound }, emailId) : null,
    ),
  );

  await app.register(trpcRoutes(services));

  let closeVite: (() => Promise<void>) | null = null;
  if (options.viteDev) {
    const { createServer: createViteServer } = await import('vite');
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'spa' });
    // Middie runs before routing: hand Vite only what our own routes don't serve.
    const serverPrefixes = ['/trpc', '/api/', '/healthz', '/readyz', '/sitemap.xml', '/robots.txt'];
    app.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      const url = req.url ?? '/';
      if (serverPrefixes.some((prefix) => url.startsWith(prefix))) next();
      else vite.middlewares(req, res, next);
    });
    closeVite = () => vite.close();
  } else if (options.clientDir) {
    await registerClientFiles(app, options.clientDir, {
      appUrl: services.config.appUrl,
      site: services.config.site,
    });
  }

  return {
    app,
    async start(port, host) {
      return app.listen({ port, host });
    },
    async stop() {
      await app.close();
      await closeVite?.();
    },
  };
}
