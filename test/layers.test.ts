import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import config, { layerRules } from '../dependency-cruiser.config.ts';

// The layer rules of dependency-cruiser.config.ts (decision 049), each shown to fire on a tiny
// server/ tree with one planted violation per rule, and the real server/ shown clean by them.

// The CLI reads tsconfig.json for itself; through the API the relative `.ts` imports resolve as is.
const { tsConfig: _tsConfig, ...options } = config.options ?? {};

async function violations(baseDir: string): Promise<string[]> {
  const cruiseOptions: ICruiseOptions = {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: layerRules },
  };
  const { output } = await cruise(['server'], cruiseOptions);
  const result = output as ICruiseResult;
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
};

describe('server layers (dependency-cruiser)', () => {
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
    expect(await violations(dir)).toEqual([
      'base-imports-only-base: server/db/database.ts -> server/contacts/entry.ts',
      'feature-imports-no-composition: server/segments/segments.ts -> server/trpc/router.ts',
      'feature-imports-other-feature-entry-only: server/contacts/contacts.ts -> server/campaigns/hub.ts',
      'infrastructure-imports-no-feature: server/email/send.ts -> server/campaigns/entry.ts',
      'no-server-folder-cycle: server/campaigns -> server/contacts',
      'no-server-folder-cycle: server/contacts -> server/campaigns',
      'services-imports-no-feature: server/services.ts -> server/campaigns/hub.ts',
    ]);
  });

  it('finds the real server/ clean', async () => {
    expect(await violations(process.cwd())).toEqual([]);
  });
});
