import type pg from 'pg';

// What a backup copies (decision 085): every table of the application's schema and of pg-boss's,
// except the bookkeeping each one's installer writes itself (the migrations applied, pg-boss's
// schema version), in an order where each table comes after the tables it references.

export const BACKED_UP_SCHEMAS = ['public', 'pgboss'] as const;
const SKIPPED = new Set(['public.kysely_migration', 'public.kysely_migration_lock', 'pgboss.version']);

export interface TableInfo {
  schema: string;
  name: string;
  /** Stored columns in their order; generated columns are left to the database to compute. */
  columns: string[];
}

export interface SequenceInfo {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

export class ForeignKeyCycleError extends Error {
  override name = 'ForeignKeyCycleError';
}

/**
 * The tables, parents before children. Partitions are read and written through their partitioned
 * parent (pg-boss's job table), so only the parent is listed.
 */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{ oid: number; schema: string; name: string; columns: string[] }>(
    `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      GROUP BY c.oid, n.nspname, c.relname
      ORDER BY n.nspname, c.relname`,
    [BACKED_UP_SCHEMAS],
  );
  const kept = tables.rows.filter((t) => !SKIPPED.has(`${t.schema}.${t.name}`));
  const references = await client.query<{ child: number; parent: number }>(
    `SELECT DISTINCT conrelid::int AS child, confrelid::int AS parent
       FROM pg_constraint WHERE contype = 'f' AND conrelid <> confrelid`,
  );
  const parentsOf = new Map<number, number[]>();
  for (const { child, parent } of references.rows)
    parentsOf.set(child, [...(parentsOf.get(child) ?? []), parent]);
  const byOid = new Map(kept.map((t) => [t.oid, t]));
  const ordered: TableInfo[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (oid: number, path: string[]) => {
    const table = byOid.get(oid);
    if (!table || state.get(oid) === 'done') return;
    if (state.get(oid) === 'visiting')
      throw new ForeignKeyCycleError(`Foreign keys form a cycle: ${[...path, table.name].join(' -> ')}`);
    state.set(oid, 'visiting');
    for (const parent of parentsOf.get(oid) ?? []) visit(parent, [...path, table.name]);
    state.set(oid, 'done');
    ordered.push({ schema: table.schema, name: table.name, columns: table.columns });
  };
  for (const table of kept) visit(table.oid, []);
  return ordered;
}

export async function listSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const result = await client.query<{
    schema: string;
    name: string;
    last_value: string | null;
    start_value: string;
  }>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS last_value,
            start_value::text AS start_value
       FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2`,
    [BACKED_UP_SCHEMAS],
  );
  // A sequence never used shows a NULL last_value: it is restored as setval(start, false).
  return result.rows.map((row) => ({
    schema: row.schema,
    name: row.name,
    lastValue: row.last_value ?? row.start_value,
    isCalled: row.last_value !== null,
  }));
}

/** True when the database holds no table in the schemas a backup fills. */
export async function databaseIsEmpty(client: pg.ClientBase): Promise<boolean> {
  const result = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p')`,
    [BACKED_UP_SCHEMAS],
  );
  return (result.rows[0]?.n ?? 0) === 0;
}
