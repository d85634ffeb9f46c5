import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildSiteConfig } from './shared/site/config.ts';

// The client reads the same site configuration as the server, fixed at build time from the env.
const site = buildSiteConfig({
  ...process.env,
  APP_URL: process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`,
});

/** The prerendered pages' start-up script, a second entry of the browser build (server/prerender). */
const bootModule = fileURLToPath(new URL('./client/src/boot.ts', import.meta.url));
const isBootModule = (id: string) => id.replace(/\\/g, '/') === bootModule.replace(/\\/g, '/');

/*
 * Chunks of the browser build, by what loads them. The groups, not the bundler's default splitting,
 * decide because gzip works per file: a public page's start-up JavaScript compresses best as few
 * files (bench/README.md, public-pages).
 */
const chunkGroups = [
  // Everything the entry imports statically (React, the router, the public layout, the route tree)
  // in the entry itself, instead of a dozen shared chunks that every page preloads anyway.
  // The boot script (src/boot.ts) is an entry too, but stays a file of its own.
  { name: 'initial', tags: ['$initial' as const], test: (id: string) => !isBootModule(id), priority: 30 },
  // The sections shared by the landing pages (home, city, brand, authentication), in one chunk.
  {
    name: 'landing',
    test: /client[\\/]src[\\/]components[\\/](sections|FaqAccordion|Image|SmartLink|image-sources)\.tsx?$/,
    priority: 20,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  // Paths below (and the router plugin's) are relative to this root.
  root: 'client',
  publicDir: 'public',
  define: {
    __SITE_CONFIG__: JSON.stringify(site),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      addExtensions: true,
    }),
    // The public pages' router knows only their routes: the admin's route definitions and lazy
    // imports stay out of the entry every public page loads (admin pages load the whole tree).
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.public.gen.ts',
      routeFileIgnorePattern: '^admin$',
      addExtensions: true,
    }),
    react(),
  ],
  resolve: {
    alias: [
      // TanStack's store selects through the shim for React 17, which carries its own copy of
      // useSyncExternalStore; React 19 has it built in, and the non-shim module uses that.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  css: {
    postcss: './postcss.config.cjs',
  },
  // The client build's manifest tells the prerenderer (server/prerender) which files each page
  // needs; the SSR build of src/entry-server.tsx is the prerenderer's renderer.
  build: isSsrBuild
    ? { outDir: '../dist/ssr', emptyOutDir: true, sourcemap: false }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        // Every supported browser has <link rel="modulepreload">; the polyfill would only add bytes.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: { index: fileURLToPath(new URL('./client/index.html', import.meta.url)), boot: bootModule },
          output: { codeSplitting: { groups: chunkGroups } },
        },
      },
}));
