import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 036: audit rows keep ids, field names and the before/after of non-personal fields only.
// Until now the rows of some actions copied what an admin typed about a person (a note, offer
// conditions, a reply's subject and body, a status reason, consent and suppression notes, test
// addresses, export search terms) and the before/after of a contact's unsubscribe reason or a
// suppression's note. Rows written from now on name those fields without their values; this
// applies the same rule once to the rows already written, including those of contacts erased
// before it, whom nothing else could find any more. The log stays append-only: the trigger is
// switched off for this transaction only.

const PERSONAL_VALUE = '"[personal data]"';

/** The summary paths that held personal text, by action (as the code wrote them until now). */
const INPUT_PATHS: Record<string, string[][]> = {
  'admin.enquiries.setStatus': [['input', 'reason']],
  'admin.enquiries.addNote': [['input', 'body']],
  'admin.enquiries.recordOffer': [['input', 'conditions']],
  'admin.enquiries.reply': [
    ['input', 'subject'],
    ['input', 'html'],
  ],
  'admin.contacts.create': [
    ['input', 'email'],
    ['input', 'fullName'],
    ['input', 'phone'],
    ['input', 'consentEvidence', 'note'],
  ],
  'admin.contacts.update': [['input', 'consentEvidence', 'note']],
  'admin.contacts.updateDetails': [
    ['input', 'fullName'],
    ['input', 'phone'],
  ],
  'admin.contacts.erase': [['input', 'confirmation']],
  'admin.suppressions.add': [
    ['input', 'addresses'],
    ['input', 'note'],
  ],
  'admin.campaigns.saveDraft': [['input', 'test_emails']],
  'admin.campaigns.sendNow': [['input', 'test_emails']],
  'admin.campaigns.schedule': [['input', 'test_emails']],
  'admin.campaigns.sendTest': [['input', 'to']],
  'admin.templates.sendTest': [
    ['input', 'to'],
    ['input', 'samples'],
  ],
  'exports.contacts': [['filter', 'search']],
  'exports.unsubscribeLogs': [['filter', 'search']],
  'exports.suppressions': [['filter', 'search']],
};

/** Before/after fields shown only as "changed", whatever the action. */
const PERSONAL_CHANGES = [
  'email',
  'full_name',
  'phone',
  'consent_ip',
  'consent_user_agent',
  'contact_name',
  'contact_phone',
  'additional_details',
  'ip',
  'user_agent',
  'email_hash',
  'unsubscribe_reason',
  'note',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`.execute(db);
  for (const [action, paths] of Object.entries(INPUT_PATHS)) {
    for (const path of paths) {
      // Only a value that was given: null, absent or '' said nothing about anyone.
      await sql`
        UPDATE audit_log SET summary = jsonb_set(summary, ${path}::text[], ${PERSONAL_VALUE}::jsonb)
        WHERE action = ${action}
          AND summary #> ${path}::text[] IS NOT NULL
          AND summary #> ${path}::text[] NOT IN ('null'::jsonb, '""'::jsonb, ${PERSONAL_VALUE}::jsonb)`.execute(
        db,
      );
    }
  }
  for (const field of PERSONAL_CHANGES) {
    const path = ['changes', field];
    await sql`
      UPDATE audit_log SET summary = jsonb_set(summary, ${path}::text[], '"changed"'::jsonb)
      WHERE jsonb_typeof(summary -> 'changes') = 'object'
        AND summary -> 'changes' ? ${field}
        AND summary #> ${path}::text[] <> '"changed"'::jsonb`.execute(db);
  }
  await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`.execute(db);
}

// The text removed is gone; there is nothing to put back.
export async function down(): Promise<void> {}
