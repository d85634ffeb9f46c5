import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decisions 036, 043: a failed sign-in's row kept the address typed. From now on it keeps none on
// a member's address (the row is filed under the member) and a keyed hash on any other; the hash
// needs the app secret, which a migration does not have, so the rows already written name the
// field without its value, as the other personal text in the log does. The log stays append-only:
// the trigger is switched off for this transaction only.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`.execute(db);
  await sql`
    UPDATE audit_log SET summary = jsonb_set(summary, '{email}', '"[personal data]"'::jsonb)
    WHERE action = 'auth.signInFailed'
      AND summary ? 'email'
      AND summary -> 'email' <> '"[personal data]"'::jsonb`.execute(db);
  await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`.execute(db);
}

// The text removed is gone; there is nothing to put back.
export async function down(): Promise<void> {}
