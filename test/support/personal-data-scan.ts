import { sql } from 'kysely';
import type { Database } from '../../server/db/database.ts';

/**
 * Every column of every table in the public schema and pg-boss's that could hold a person's data as
 * text (text, varchar, JSON, arrays) and, with `bytes`, as raw bytes (bytea): the columns the
 * erasure and sealing tests look through (decisions 036, 069).
 */
async function columnsOf(db: Database, bytes: boolean) {
  const types = bytes
    ? ['text', 'character varying', 'jsonb', 'json', 'ARRAY', 'bytea']
    : ['text', 'character varying', 'jsonb', 'json', 'ARRAY'];
  const columns = await sql<{
    table_schema: string;
    table_name: string;
    column_name: string;
    data_type: string;
  }>`
    SELECT c.table_schema, c.table_name, c.column_name, c.data_type FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema IN ('public', 'pgboss') AND t.table_type = 'BASE TABLE'
      AND c.data_type = ANY(${types}::text[])`.execute(db);
  return columns.rows;
}

/**
 * "schema.table.column: needle" for every column holding one of the needles (case-insensitive in
 * text; byte for byte in bytea, where the needle is looked for as UTF-8).
 */
export async function columnsHolding(
  db: Database,
  needles: readonly string[],
  { bytes = false }: { bytes?: boolean } = {},
): Promise<{ found: string[]; columns: number }> {
  const columns = await columnsOf(db, bytes);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name, data_type } of columns) {
    for (const needle of needles) {
      const where =
        data_type === 'bytea'
          ? sql`position(${Buffer.from(needle, 'utf8')}::bytea in ${sql.ref(column_name)}) > 0`
          : sql`strpos(lower(${sql.ref(column_name)}::text), lower(${needle})) > 0`;
      const hit = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(`${table_schema}.${table_name}`)} WHERE ${where}`.execute(
        db,
      );
      const n = hit.rows[0]?.n ?? 0;
      if (n > 0) found.push(`${table_schema}.${table_name}.${column_name}: ${needle} (${n} row(s))`);
    }
  }
  return { found, columns: columns.length };
}
