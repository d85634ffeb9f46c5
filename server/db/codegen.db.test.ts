import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { generateSchemaSource, schemaFile } from './codegen.ts';

// server/db/schema.ts is generated from the migrations (decision 048); this fails when a migration
// changed the database and the file was not regenerated.
describe('generated database types', () => {
  const t = useTestDatabase();

  it('match a freshly migrated database', async () => {
    const generated = await generateSchemaSource(t.db);
    const written = path.join(os.tmpdir(), `schema.generated.${process.pid}.ts`);
    await writeFile(written, generated);
    const committed = await readFile(schemaFile, 'utf8');
    // Kept for a diff when they differ.
    if (committed === generated) await rm(written);
    expect(
      committed,
      `server/db/schema.ts differs from the migrated database (generated: ${written}): run \`npm run db:types\``,
    ).toBe(generated);
  });

  it("cover the app's tables and no others, and change with the database", async () => {
    const publicTables = (
      await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_migration%'
        ORDER BY table_name`.execute(t.db)
    ).rows.map((r) => r.table_name);
    // The template holds pg-boss's schema too (test/support/global-db.ts): it must stay out.
    const pgbossTables = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'pgboss'`.execute(t.db);
    expect(pgbossTables.rows[0]?.n).toBeGreaterThan(0);

    const before = await generateSchemaSource(t.db);
    const dbInterface = /export interface DB \{([^}]*)\}/.exec(before)?.[1] ?? '';
    const listed = [...dbInterface.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(publicTables);

    await sql`ALTER TABLE leads ADD COLUMN codegen_probe text`.execute(t.db);
    const after = await generateSchemaSource(t.db);
    expect(after).not.toBe(before);
    expect(after).toContain('codegen_probe: string | null;');
  });
});
