import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerClientFiles } from './http/client-files.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { registerHealthRoutes } from './http/health.ts';
import type { AppServices } from './services.ts';
import { createContextFactory } from './trpc/context.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';

export interface CreateServerOptions {
  services: AppServices;
  logLevel?: string;
  trustProxy?: boolean;
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

/** Routes that take cross-site POSTs by design (see DESIGN decisions 8 and 9). */
export const CSRF_EXEMPT_PREFIXES = ['/api/unsubscribe/one-click', '/api/webhooks/'];

export async function createServer(options: CreateServerOptions): Promise<AppServer> {
  const { services } = options;
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    trustProxy: options.trustProxy ?? false,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // Vite's dev server injects inline scripts; production pages get the strict policy.
    contentSecurityPolicy: options.viteDev
      ? false
      : {
          directives: {
            'script-src': ["'self'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            'style-src': ["'self'", "'unsafe-inline'"],
            'frame-src': ["'self'"],
            'upgrade-insecure-requests': services.config.isProduction ? [] : null,
          },
        },
    strictTransportSecurity: services.config.isProduction,
  });
  registerCsrfProtection(app, { appUrl: services.config.appUrl, exemptPrefixes: CSRF_EXEMPT_PREFIXES });
  registerHealthRoutes(app, services.db);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(services),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error, path }, 'tRPC procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  let closeVite: (() => Promise<void>) | null = null;
  if (options.viteDev) {
    const { createServer: createViteServer } = await import('vite');
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'spa' });
    app.use(vite.middlewares);
    closeVite = () => vite.close();
  } else if (options.clientDir) {
    await registerClientFiles(app, options.clientDir);
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
