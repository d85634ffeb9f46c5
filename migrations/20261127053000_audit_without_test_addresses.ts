import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 036: a campaign draft's test addresses may be a customer's, so the audit log names
// them only as given. Until 2026-11-27 an update of a saved draft read the campaign before and
// after the action and copied a changed `test_emails` column into the row's before/after
// (`summary.changes.test_emails = { before: [...], after: [...] }`), addresses and all; the
// earlier scrub (20261126061500) covered the input's `test_emails`, not that key. This says
// "changed" there, as the code has written since. Any action's row is covered: only a campaign
// has the column. Running it again finds nothing left to change. The log stays append-only: the
// trigger is switched off for this transaction only.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`.execute(db);
  await sql`
    UPDATE audit_log SET summary = jsonb_set(summary, '{changes,test_emails}', '"changed"'::jsonb)
    WHERE jsonb_typeof(summary -> 'changes') = 'object'
      AND summary -> 'changes' ? 'test_emails'
      AND summary #> '{changes,test_emails}' <> '"changed"'::jsonb`.execute(db);
  await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`.execute(db);
}

// The addresses removed are gone, and the rows read as the code writes them today: there is
// nothing to put back, and putting anything back would undo decision 036.
export async function down(): Promise<void> {}
