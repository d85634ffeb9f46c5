import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildSiteConfig } from './shared/site/config.ts';

// The client reads the same site configuration as the server, fixed at build time from the env.
const site = buildSiteConfig({
  SITE_NAME: process.env.SITE_NAME,
  SITE_PHONE: process.env.SITE_PHONE,
  SITE_EMAIL: process.env.SITE_EMAIL,
  APP_URL: process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`,
});

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
    react(),
  ],
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
      },
}));
