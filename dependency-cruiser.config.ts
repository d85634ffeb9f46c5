import type { IConfiguration, IForbiddenRuleType } from 'dependency-cruiser';

// The server's folders are layers (decision 049). Lower layers never import higher ones, a feature
// uses another only through that feature's entry.ts, and no two server folders depend on each
// other, type imports included. `npm run lint` runs this on server/; layers.test.ts proves every
// rule fires on a planted violation.

/** Import nothing above themselves: the database, configuration, security primitives, logging. */
const BASE = ['^server/(db|config|security)/', '^server/(logging|sleep)[.]ts$'];
/** Shared machinery features build on: plain HTTP helpers, e-mail, jobs, the audit log, CSV exports. */
const INFRASTRUCTURE = ['^server/(http|email|jobs|audit|exports)/'];
/** The AppServices container type: it names infrastructure only, so any feature may take it. */
const SERVICES = ['^server/services[.]ts$'];
/** What wires features together: routers, processes, the CLI and the routes that span features. */
const COMPOSITION = ['^server/(trpc|cli)/', '^server/(app|main|runtime|housekeeping|export-routes)[.]ts$'];
/** Every other folder of server/ is a feature. */
const NOT_A_FEATURE = [...BASE, ...INFRASTRUCTURE, ...SERVICES, ...COMPOSITION];

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

const config: IConfiguration = {
  forbidden: layerRules,
  options: {
    // Tests may reach into any folder they test; the layers are about the code they test.
    // Only the server's own modules: an import of worker/ or shared/ is no edge between server folders.
    includeOnly: { path: '^server/' },
    exclude: { path: '[.]test[.]ts$' },
    doNotFollow: { path: ['^node_modules/'] },
    // Type-only imports are dependencies too: a cycle through a type is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};

export default config;
