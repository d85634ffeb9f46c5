import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import config, { layerRules, treeRules } from '../dependency-cruiser.config.ts';

// The rules of dependency-cruiser.config.ts (decisions 049, 078), each shown to fire on tiny
// server/, shared/, client/ and worker/ trees with planted violations, and the real trees shown
// clean by them.

// The CLI reads tsconfig.json for itself; through the API the relative `.ts` imports resolve as is.
const { tsConfig: _tsConfig, ...options } = config.options ?? {};

const TREES = ['server', 'client', 'shared', 'worker'];

async function cruiseTrees(baseDir: string): Promise<ICruiseResult> {
  const cruiseOptions: ICruiseOptions = {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: [...layerRules, ...treeRules] },
  };
  const { output } = await cruise(TREES, cruiseOptions);
  return output as ICruiseResult;
}

function violations(result: ICruiseResult): string[] {
  return (result.summary.violations ?? []).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

const FIXTURE: Record<string, string> = {
  // Upward from the base layer.
  'server/db/database.ts': `import type { Contact } from '../contacts/entry.ts';\nexport type Row = Contact;\n`,
  // Infrastructure using a feature.
  'server/email/send.ts': `import { live } from '../campaigns/entry.ts';\nexport const sent = live;\n`,
  // The services container naming a feature's type.
  'server/services.ts': `import type { Hub } from './campaigns/hub.ts';\nexport interface AppServices { hub: Hub }\n`,
  // A feature reaching into another's internals; with the type import below, a folder cycle.
  'server/contacts/contacts.ts': `import { hub } from '../campaigns/hub.ts';\nexport interface Contact { id: string }\nexport const c = hub;\n`,
  'server/contacts/entry.ts': `export type { Contact } from './contacts.ts';\n`,
  'server/campaigns/hub.ts': `import type { Contact } from '../contacts/entry.ts';\nexport type Hub = Contact[];\nexport const hub: Hub = [];\n`,
  'server/campaigns/entry.ts': `export { hub as live } from './hub.ts';\n`,
  // A feature importing composition; through an entry file, features may meet.
  'server/segments/segments.ts': `import { router } from '../trpc/router.ts';\nimport { live } from '../campaigns/entry.ts';\nexport const s = [router, live];\n`,
  // Composition may import any file.
  'server/trpc/router.ts': `import { hub } from '../campaigns/hub.ts';\nexport const router = hub;\n`,
  // The server importing the browser app.
  'server/prerender/boot.ts': `import { api } from '../../client/src/api.ts';\nexport const boot = api;\n`,
  // shared/ importing the server.
  'shared/leads/schema.ts': `import type { Row } from '../../server/db/database.ts';\nexport type Lead = Row;\n`,
  // Two shared/ folders importing each other.
  'shared/templates/kinds.ts': `import { FIELDS } from '../enquiries/reply.ts';\nexport const KINDS = FIELDS;\n`,
  'shared/enquiries/reply.ts': `import type { KINDS } from '../templates/kinds.ts';\nexport const FIELDS: typeof KINDS = [];\n`,
  // The public site importing the back office, and the back office the public site.
  'client/src/public/Page.tsx': `import { Nav } from '../admin/Nav.tsx';\nexport const Page = Nav;\n`,
  'client/src/admin/Nav.tsx': `export const Nav = 'nav';\n`,
  'client/src/admin/Brand.tsx': `import { Page } from '../public/Page.tsx';\nexport const Brand = Page;\n`,
  // The browser app taking the router as a value, and a server module other than the router.
  'client/src/api.ts': `import { router } from '../../server/trpc/router.ts';\nimport type { Row } from '../../server/db/database.ts';\nexport const api: unknown[] = [router as Row];\n`,
  // A module cycle through a type import and a lazy import.
  'client/src/public/menu.ts': `export interface P { open: boolean }\nexport const load = () => import('./drawer.ts');\n`,
  'client/src/public/drawer.ts': `import type { P } from './menu.ts';\nexport const drawer: P = { open: true };\n`,
  // The worker importing the web process's routers; a feature's internals it may take.
  'worker/registry.ts': `import { router } from '../server/trpc/router.ts';\nimport { hub } from '../server/campaigns/hub.ts';\nexport const jobs = [router, hub];\n`,
};

describe('layers of every tree (dependency-cruiser)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
    for (const [file, source] of Object.entries(FIXTURE)) {
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports each planted violation, and only those', async () => {
    expect(violations(await cruiseTrees(dir))).toEqual([
      'admin-imports-no-public: client/src/admin/Brand.tsx -> client/src/public/Page.tsx',
      'base-imports-only-base: server/db/database.ts -> server/contacts/entry.ts',
      'client-imports-only-the-router-type: client/src/api.ts -> server/db/database.ts',
      'client-imports-the-router-as-type: client/src/api.ts -> server/trpc/router.ts',
      'feature-imports-no-composition: server/segments/segments.ts -> server/trpc/router.ts',
      'feature-imports-other-feature-entry-only: server/contacts/contacts.ts -> server/campaigns/hub.ts',
      'infrastructure-imports-no-feature: server/email/send.ts -> server/campaigns/entry.ts',
      // One report per loop, at the edge that closes it.
      'no-module-cycle: client/src/public/drawer.ts -> client/src/public/menu.ts',
      'no-module-cycle: server/campaigns/hub.ts -> server/contacts/entry.ts',
      'no-module-cycle: shared/enquiries/reply.ts -> shared/templates/kinds.ts',
      'no-server-folder-cycle: server/campaigns -> server/contacts',
      'no-server-folder-cycle: server/contacts -> server/campaigns',
      'no-shared-folder-cycle: shared/enquiries -> shared/templates',
      'no-shared-folder-cycle: shared/templates -> shared/enquiries',
      'public-imports-no-admin: client/src/public/Page.tsx -> client/src/admin/Nav.tsx',
      'server-imports-no-client-or-worker: server/prerender/boot.ts -> client/src/api.ts',
      'services-imports-no-feature: server/services.ts -> server/campaigns/hub.ts',
      'shared-imports-no-other-tree: shared/leads/schema.ts -> server/db/database.ts',
      'worker-imports-no-client-or-web-composition: worker/registry.ts -> server/trpc/router.ts',
    ]);
  });

  // Four trees of about 700 modules: several seconds on a shared machine.
  it('finds the real trees clean', { timeout: 120_000 }, async () => {
    const result = await cruiseTrees(process.cwd());
    // Clean only means something if the `#server/*` subpath imports resolve across trees.
    const trpc = result.modules.find((m) => m.source === 'client/src/trpc.ts');
    expect(trpc?.dependencies.map((d) => d.resolved)).toContain('server/trpc/router.ts');
    expect(violations(result)).toEqual([]);
  });
});
