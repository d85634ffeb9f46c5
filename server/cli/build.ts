import { buildClient } from './client-build.ts';

// `npm run build`: one command for the client bundle, the SSR bundle and the prerendered pages.
buildClient(process.cwd());
