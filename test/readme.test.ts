import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as env from '#server/config/env.ts';
import { NOT_A_FEATURE } from '../dependency-cruiser.config.ts';

// The README stays true to the code: its feature map names every server feature folder (a folder
// dependency-cruiser's layers count as a feature, decision 049) and every tRPC router, and its
// environment table and .env.example name exactly the variables the server's schemas read.

const ROOT = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const envExample = readFileSync(path.join(ROOT, '.env.example'), 'utf8');

/** The text of a `## Heading` section of the README, up to the next `## `. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** Lines of the markdown tables in `text`, minus the header separator. */
function tableRows(text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line));
}

/** The backticked names in the first column of each row. */
function firstColumnNames(rows: readonly string[]): string[] {
  return rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
  );
}

const featureFolders = readdirSync(path.join(ROOT, 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `server/${entry.name}/`)
  .filter((folder) => !NOT_A_FEATURE.some((pattern) => new RegExp(pattern).test(folder)));

const routers = readdirSync(path.join(ROOT, 'server/trpc/routers')).filter(
  (name) => name.endsWith('.ts') && !name.includes('.test.'),
);

/** Every variable a schema of server/config/env.ts reads: the keys of each exported object schema. */
const schemaVariables = [
  ...new Set(
    Object.values(env).flatMap((value) => (value instanceof z.ZodObject ? Object.keys(value.shape) : [])),
  ),
].sort();

/** Read outside the schemas, by tests, the e2e run or the embedded PostgreSQL's placement. */
const OUTSIDE_THE_SCHEMAS = ['CHROMIUM_PATH', 'EMBEDDED_PG_HOME', 'TEST_DATABASE_URL'];
/** Read by docker-compose.yml for its postgres service. */
const COMPOSE_ONLY = ['POSTGRES_PASSWORD'];

/** Variables set (or shown commented out, `# NAME=`) in .env.example. */
const exampleVariables = [...envExample.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '');

describe('README feature map', () => {
  const map = tableRows(section('Feature map')).join('\n');

  it('finds the feature folders and routers it checks', () => {
    // A wrong path or pattern would make the checks below pass on nothing.
    expect(featureFolders).toEqual(expect.arrayContaining(['server/auth/', 'server/campaigns/']));
    expect(featureFolders).not.toContain('server/trpc/');
    expect(routers).toEqual(expect.arrayContaining(['lead.ts', 'admin-team.ts']));
  });

  it('names every server feature folder', () => {
    expect(featureFolders.filter((folder) => !map.includes(`\`${folder}`))).toEqual([]);
  });

  it('names every tRPC router', () => {
    expect(routers.filter((file) => !map.includes(`\`${file}\``))).toEqual([]);
  });
});

describe('environment variables', () => {
  const tableVariables = firstColumnNames(
    tableRows(section('Configuration').split('Build-time variables')[0] ?? ''),
  );

  it('reads the schemas it checks', () => {
    expect(schemaVariables).toEqual(expect.arrayContaining(['APP_SECRET', 'REGISTER_KEY', 'TRUST_PROXY']));
  });

  it('lists every variable the schemas read in .env.example', () => {
    expect(schemaVariables.filter((name) => !exampleVariables.includes(name))).toEqual([]);
  });

  it('lists every variable the schemas read in the README table', () => {
    expect(schemaVariables.filter((name) => !tableVariables.includes(name))).toEqual([]);
  });

  it('lists nothing stale in either', () => {
    const known = [...schemaVariables, ...OUTSIDE_THE_SCHEMAS];
    expect(exampleVariables.filter((name) => !known.includes(name) && !COMPOSE_ONLY.includes(name))).toEqual(
      [],
    );
    expect(tableVariables.filter((name) => !known.includes(name))).toEqual([]);
  });
});
