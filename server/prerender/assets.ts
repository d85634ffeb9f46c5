/** The parts of Vite's build manifest (build.manifest: true) the prerenderer reads. */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export interface PageAssets {
  /** The boot script (client/src/boot.ts), the page's one script tag; it loads entry and preloads. */
  boot: string;
  /** The entry module (client/index.html's main.tsx). */
  entry: string;
  /** Stylesheets, in load order. */
  css: string[];
  /** Chunks the page needs at start-up besides the entry, preloaded with it to avoid a waterfall. */
  preloads: string[];
}

/**
 * TanStack's file-route id for a file under src/routes ("blog/$slug.tsx" → "/blog/$slug",
 * "blog/index.tsx" → "/blog/", "admin/route.tsx" → "/admin"). Enough for the public routes; a file
 * it does not recognise simply gets no preload.
 */
export function routeIdForFile(file: string): string {
  const withoutExt = file.replace(/\.(tsx|ts|jsx|js)$/, '');
  if (withoutExt === '__root') return '__root__';
  const segments = withoutExt.split('/');
  const last = segments.at(-1);
  if (last === 'index') return `/${segments.slice(0, -1).join('/')}${segments.length > 1 ? '/' : ''}`;
  if (last === 'route') return `/${segments.slice(0, -1).join('/')}`;
  return `/${segments.join('/')}`;
}

/** What a split chunk holds, from the router plugin's "?tsr-split=component---loader" suffix. */
function splitGroups(query: string | undefined): string[] {
  return new URLSearchParams(query ?? '').get('tsr-split')?.split('---') ?? [];
}

/** Route id → the manifest keys of that route's split chunks holding any of `parts`. */
export function routeChunks(
  manifest: ViteManifest,
  parts: readonly string[],
  routesDir = 'src/routes/',
): Map<string, string[]> {
  const byRoute = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const [file, query] = key.split('?');
    if (!file?.startsWith(routesDir)) continue;
    if (!splitGroups(query).some((group) => parts.includes(group))) continue;
    const id = routeIdForFile(file.slice(routesDir.length));
    byRoute.set(id, [...(byRoute.get(id) ?? []), key]);
  }
  return byRoute;
}

function collect(manifest: ViteManifest, key: string, files: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files, css);
}

/** The module of the browser build's second entry: prerendered pages start with it. */
export const BOOT_MODULE = 'src/boot.ts';

/** The app's entry chunk: the one built from index.html (the boot script is the other entry). */
function appEntry(manifest: ViteManifest): [string, ViteManifestChunk] {
  const found = Object.entries(manifest).find(([key, chunk]) => chunk.isEntry && key !== BOOT_MODULE);
  if (!found) throw new Error('The Vite manifest has no entry chunk');
  return found;
}

/**
 * Boot script, entry, stylesheets and preloads of a page whose matched routes are `routeIds`: their
 * components, or their not-found components when the page is a not-found page.
 */
export function pageAssets(
  manifest: ViteManifest,
  routeIds: readonly string[],
  notFound: boolean,
  base = '/',
): PageAssets {
  const [entryKey, entryChunk] = appEntry(manifest);
  const boot = manifest[BOOT_MODULE];
  if (!boot?.isEntry) throw new Error(`The Vite manifest has no ${BOOT_MODULE} entry`);
  const files = new Set<string>();
  const css = new Set<string>();
  collect(manifest, entryKey, files, css);
  const chunks = routeChunks(manifest, notFound ? ['component', 'notFoundComponent'] : ['component']);
  for (const id of routeIds) for (const key of chunks.get(id) ?? []) collect(manifest, key, files, css);
  files.delete(entryChunk.file);
  return {
    boot: base + boot.file,
    entry: base + entryChunk.file,
    css: [...css].map((f) => base + f),
    preloads: [...files].map((f) => base + f),
  };
}

/** The module main.tsx imports for /admin addresses: the router with the whole route tree. */
export const ADMIN_ROUTER_MODULE = 'src/admin-router.tsx';

/**
 * Chunks the admin's SPA shell preloads: the admin router (main.tsx imports it only on /admin
 * addresses) and the admin layout route's component, with what they import. Without them the
 * browser would find each only after running the one before it.
 */
export function adminShellPreloads(manifest: ViteManifest, base = '/'): string[] {
  const files = new Set<string>();
  const css = new Set<string>();
  collect(manifest, ADMIN_ROUTER_MODULE, files, css);
  for (const key of routeChunks(manifest, ['component']).get('/admin') ?? [])
    collect(manifest, key, files, css);
  files.delete(appEntry(manifest)[1].file);
  return [...files].map((f) => base + f);
}
