import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 069: an identity copy's bytes are sealed like the identity number (decision 058):
// AES-256-GCM, the IV, tag and key id beside the ciphertext in `data`. A migration cannot see the
// register key (it is the app's configuration, not the database's), so rows uploaded before this
// keep the three columns empty and are sealed by the app when it starts
// (server/register/identity-copies.ts); the three are all set or all empty.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE identity_copies
      ADD COLUMN data_iv bytea,
      ADD COLUMN data_tag bytea,
      ADD COLUMN data_key_id text,
      ADD CONSTRAINT identity_copies_sealed_together CHECK (
        (data_iv IS NULL AND data_tag IS NULL AND data_key_id IS NULL)
        OR (data_iv IS NOT NULL AND data_tag IS NOT NULL AND data_key_id IS NOT NULL))`.execute(db);
  // The rows still in clear, for the start-up's sealing pass.
  await sql`CREATE INDEX identity_copies_unsealed ON identity_copies (id) WHERE data_key_id IS NULL`.execute(
    db,
  );
}

// Sealed rows cannot be opened here (no key): going down refuses rather than lose them.
export async function down(db: Kysely<any>): Promise<void> {
  const sealed = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM identity_copies WHERE data_key_id IS NOT NULL`.execute(db);
  if ((sealed.rows[0]?.n ?? 0) > 0)
    throw new Error('identity_copies holds sealed copies: open them with the app before going down');
  await sql`
    ALTER TABLE identity_copies DROP CONSTRAINT identity_copies_sealed_together,
      DROP COLUMN data_iv, DROP COLUMN data_tag, DROP COLUMN data_key_id`.execute(db);
}
