import type { IConfiguration, IForbiddenRuleType } from 'dependency-cruiser';

// Every tree of the code is layered (decisions 049 and 078); `npm run lint` runs this config on
// server/ client/ shared/ worker/, and test/layers.test.ts proves every rule fires on a planted
// violation and finds the real trees clean.
//
// Trees, lowest first; each imports only those before it:
//   shared/   zod schemas, messages and rules both ends use; imports no other tree.
//   server/   the web process and the features; imports shared/, never client/ (the prerenderer reads
//             the client's built files, not its modules) nor worker/. server/cli/start.ts, which
//             launches both processes in one, stands outside the trees like a test.
//   worker/   the job process: composition over server/'s features, like server/trpc; imports no
//             client/ and none of the web process's composition (trpc, app, main, export-routes, cli).
//   client/   the browser app; of server/ it sees only the AppRouter type (server/trpc/router.ts).
//             client/src/public (the site) and client/src/admin (the back office) never import each
//             other: what both use lives in a folder of client/src outside both (ui/, api/, trpc.ts).
//             The one exception is the admin's preview of the seller's page, which renders that page
//             itself so it cannot drift from what the seller sees (decision 067).
//
// Server folders, lowest first (decision 049); a layer imports only its own and those below:
//   base -> infrastructure -> services.ts -> features -> composition.
// A feature uses another only through that feature's entry.ts; no two server folders, and no two
// shared/ folders, depend on each other; no module of any tree is part of an import cycle. Type
// imports count throughout. client/src/admin's screen folders still import each other in cycles
// (auth, shell, widgets, lists); a folder rule for them is left for when they are untangled.

/** Import nothing above themselves: the database, configuration, security primitives, logging. */
const BASE = ['^server/(db|config|security)/', '^server/(logging|sleep)[.]ts$'];
/** Shared machinery features build on: plain HTTP helpers, e-mail, jobs, the audit log, CSV exports. */
const INFRASTRUCTURE = ['^server/(http|email|jobs|audit|exports)/'];
/** The AppServices container type: it names infrastructure only, so any feature may take it. */
const SERVICES = ['^server/services[.]ts$'];
/** What wires features together: routers, processes, the CLI and the routes that span features. */
const COMPOSITION = ['^server/(trpc|cli)/', '^server/(app|main|runtime|housekeeping|export-routes)[.]ts$'];
/** Every other folder of server/ is a feature. */
export const NOT_A_FEATURE = [...BASE, ...INFRASTRUCTURE, ...SERVICES, ...COMPOSITION];

export const layerRules: IForbiddenRuleType[] = [
  {
    name: 'no-server-folder-cycle',
    comment:
      'Two server folders depend on each other, directly or through others (type imports count). ' +
      'Move the shared piece down a layer or behind the lower feature’s entry.ts (decision 049).',
    severity: 'error',
    scope: 'folder',
    from: { path: '^server/' },
    to: { circular: true },
  },
  {
    name: 'base-imports-only-base',
    comment: 'db, config, security, logging and sleep import nothing above them (decision 049).',
    severity: 'error',
    from: { path: BASE },
    to: { path: '^server/', pathNot: BASE },
  },
  {
    name: 'infrastructure-imports-no-feature',
    comment:
      'http, email, jobs, audit and exports are used by features and never use one, nor the ' +
      'services container or composition (decision 049).',
    severity: 'error',
    from: { path: INFRASTRUCTURE },
    to: { path: '^server/', pathNot: [...BASE, ...INFRASTRUCTURE] },
  },
  {
    name: 'services-imports-no-feature',
    comment: 'AppServices names infrastructure only, so features can take it without a cycle (decision 049).',
    severity: 'error',
    from: { path: SERVICES },
    to: { path: '^server/', pathNot: [...BASE, ...INFRASTRUCTURE] },
  },
  {
    name: 'feature-imports-no-composition',
    comment: 'Features never import routers, processes or the CLI (decision 049).',
    severity: 'error',
    from: { path: '^server/[^/]+/', pathNot: NOT_A_FEATURE },
    to: { path: COMPOSITION },
  },
  {
    name: 'feature-imports-other-feature-entry-only',
    comment:
      'A feature uses another only through that feature’s entry.ts, which names what it offers ' +
      '(decision 049).',
    severity: 'error',
    from: { path: '^server/([^/]+)/', pathNot: NOT_A_FEATURE },
    to: {
      path: '^server/[^/]+/',
      pathNot: ['^server/$1/', '^server/[^/]+/entry[.]ts$', ...NOT_A_FEATURE],
    },
  },
];

/** The web process's composition, which the worker does not run. */
const WEB_COMPOSITION = ['^server/(trpc|cli)/', '^server/(app|main|export-routes)[.]ts$'];
const SELLER_PREVIEW = '^client/src/admin/enquiries/SellerPreviewPage[.]tsx$';

export const treeRules: IForbiddenRuleType[] = [
  {
    name: 'shared-imports-no-other-tree',
    comment: 'shared/ is below every other tree: both ends import it, it imports neither (decision 078).',
    severity: 'error',
    from: { path: '^shared/' },
    to: { path: '^(server|client|worker)/' },
  },
  {
    name: 'server-imports-no-client-or-worker',
    comment:
      'The server never imports the browser app nor the worker (decision 078); a constant both ' +
      'need lives in shared/.',
    severity: 'error',
    from: { path: '^server/' },
    to: { path: '^(client|worker)/' },
  },
  {
    name: 'worker-imports-no-client-or-web-composition',
    comment:
      'The worker composes server features and infrastructure; it imports neither the browser app ' +
      'nor the routers, HTTP app or CLI of the web process (decision 078).',
    severity: 'error',
    from: { path: '^worker/' },
    to: { path: ['^client/', ...WEB_COMPOSITION] },
  },
  {
    name: 'client-imports-only-the-router-type',
    comment:
      'Of the server, the browser app sees only the AppRouter type; of the worker, nothing (decision 078).',
    severity: 'error',
    from: { path: '^client/' },
    to: { path: '^(server|worker)/', pathNot: '^server/trpc/router[.]ts$' },
  },
  {
    name: 'client-imports-the-router-as-type',
    comment: 'A value import of the router would bundle the server into the browser app (decision 078).',
    severity: 'error',
    from: { path: '^client/' },
    to: { path: '^server/trpc/router[.]ts$', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'public-imports-no-admin',
    comment: 'The public site never imports the back office; shared pieces live outside both (decision 078).',
    severity: 'error',
    from: { path: '^client/src/public/' },
    to: { path: '^client/src/admin/' },
  },
  {
    name: 'admin-imports-no-public',
    comment:
      'The back office never imports the public site, but the seller-page preview, which renders the ' +
      'page itself (decisions 067, 078); shared pieces live outside both (client/src/ui).',
    severity: 'error',
    from: { path: '^client/src/admin/', pathNot: SELLER_PREVIEW },
    to: { path: '^client/src/public/' },
  },
  {
    name: 'no-shared-folder-cycle',
    comment: 'Two shared/ folders depend on each other; move the common piece below both (decision 078).',
    severity: 'error',
    scope: 'folder',
    from: { path: '^shared/' },
    to: { circular: true },
  },
  {
    name: 'no-module-cycle',
    comment:
      'A module imports itself around a loop, in any tree (type and lazy imports count). Move what ' +
      'both need into a module of its own (decision 078).',
    severity: 'error',
    from: { path: '^(server|client|shared|worker)/' },
    to: { circular: true },
  },
];

const config: IConfiguration = {
  forbidden: [...layerRules, ...treeRules],
  options: {
    // Tests may reach into any folder they test; the layers are about the code they test.
    // The four trees of the app; bench/, e2e/, scripts/ and test/ may reach into any of them.
    includeOnly: { path: '^(server|client|shared|worker)/' },
    // server/cli/start.ts launches server and worker in one process (`npm start`, `npm run dev`):
    // like a test, it stands above every tree and nothing imports it. Folder-scope rules take no
    // `via` filter, so its import of worker/ would close a folder loop through each feature the
    // worker runs.
    exclude: { path: ['[.]test[.]tsx?$', '^server/cli/start[.]ts$'] },
    doNotFollow: { path: ['^node_modules/'] },
    // Type-only imports are dependencies too: a cycle through a type is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};

export default config;
