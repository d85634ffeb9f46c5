import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 098: the live flows each process keeps in memory are keyed by a generation that every
// change to the flow tables replaces, in the changing transaction. A random value, not a counter:
// a restored or re-seeded database can never present an old generation with other flows. The
// sell form's statement reads it with its own snapshot, so a cached list is used only while no
// flow change has committed since it was read. Row triggers, so a statement that changes nothing
// (the complaint brake's check finding no live flow) does not invalidate every process's list;
// TRUNCATE has only a statement trigger.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE automation_flows_generation (
      id boolean PRIMARY KEY DEFAULT true CONSTRAINT automation_flows_generation_single_row CHECK (id),
      generation uuid NOT NULL DEFAULT gen_random_uuid()
    )`.execute(db);
  await sql`INSERT INTO automation_flows_generation DEFAULT VALUES`.execute(db);
  await sql`
    CREATE FUNCTION automation_flows_bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO automation_flows_generation (id, generation) VALUES (true, gen_random_uuid())
        ON CONFLICT (id) DO UPDATE SET generation = EXCLUDED.generation;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['automation_flows', 'automation_flow_versions']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_bump_generation`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION automation_flows_bump_generation()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_truncate_bump_generation`)}
        AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION automation_flows_bump_generation()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['automation_flows', 'automation_flow_versions']) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_truncate_bump_generation`)} ON ${sql.table(table)}`.execute(
      db,
    );
    await sql`DROP TRIGGER ${sql.raw(`${table}_bump_generation`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION automation_flows_bump_generation()`.execute(db);
  await sql`DROP TABLE automation_flows_generation`.execute(db);
}
