import type { DbExecutor } from '../db/database.ts';

// Before/after summaries for the audit log (decision 030): the record an update touches is read
// before and after the action, in the action's transaction, and only the fields that changed are
// kept. Secrets are never copied; bodies (HTML, long text) are only said to have changed.

type Row = Record<string, unknown>;
type Snapshot = (db: DbExecutor, id: string | null) => Promise<Row | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entity types (the router's name under admin.) whose updates carry a before/after. */
const SNAPSHOTS: Partial<Record<string, Snapshot>> = {
  settings: (db) => db.selectFrom('settings').selectAll().executeTakeFirst(),
  templates: (db, id) =>
    id ? db.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirst() : none(),
  campaigns: (db, id) =>
    id ? db.selectFrom('email_campaigns').selectAll().where('id', '=', id).executeTakeFirst() : none(),
  contacts: (db, id) =>
    id ? db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst() : none(),
  enquiries: (db, id) =>
    id ? db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst() : none(),
  team: (db, id) =>
    id ? db.selectFrom('user_roles').select('role').where('user_id', '=', id).executeTakeFirst() : none(),
  segments: (db, id) =>
    id ? db.selectFrom('segments').selectAll().where('id', '=', id).executeTakeFirst() : none(),
  automations: (db, id) =>
    id ? db.selectFrom('automation_flows').selectAll().where('id', '=', id).executeTakeFirst() : none(),
  // A removal deletes the row: the diff shows what was lifted, each field's "after" null.
  suppressions: (db, id) =>
    id ? db.selectFrom('email_suppressions').selectAll().where('id', '=', id).executeTakeFirst() : none(),
};

const invitation: Snapshot = (db, id) =>
  id ? db.selectFrom('team_invitations').selectAll().where('id', '=', id).executeTakeFirst() : none();

/**
 * Procedures whose record is not their router's entity (decision 043): the 2FA rule is a setting
 * changed on the Team page, and invitations are rows of their own. Looked up before SNAPSHOTS.
 */
const PROCEDURE_SNAPSHOTS: Partial<Record<string, Snapshot>> = {
  'admin.team.setTwoFactorPolicy': (db) =>
    db.selectFrom('settings').select('require_two_factor').executeTakeFirst(),
  'admin.team.invite': invitation,
  'admin.team.resendInvitation': invitation,
  'admin.team.revokeInvitation': invitation,
};

/** Creations whose new record the audit row describes: read after the action by the id it answers. */
const CREATIONS = new Set(['admin.team.invite']);

/** Whether the record an action created (named by its answer) is compared with nothing before it. */
export function describesCreation(path: string): boolean {
  return CREATIONS.has(path);
}

function none(): Promise<undefined> {
  return Promise.resolve(undefined);
}

/** Bookkeeping columns that change with every write and say nothing about the action. */
const IGNORED = new Set(['id', 'created_at', 'updated_at', 'search', 'search_text', 'search_vector']);
const SECRET = /password|token|secret|code_hash|recovery|otp|totp/i;
const BODY = /html|body|content|text_part|plain_text/i;
const LONG_TEXT = 200;
/**
 * A seller's personal data: the log is append-only and outlives an erasure (decision 036), so an
 * edit of these is recorded as "changed", without the values.
 */
const PERSONAL = new Set([
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
  // A suppressed address's hash names the address as well as the address does.
  'email_hash',
  // Free text about the person: their own reason for leaving, an admin's note on a suppression.
  'unsubscribe_reason',
  'note',
  // A draft's test addresses may be a customer's (a preview sent to them): the input names them
  // only as personal data, so the before/after must not copy them either.
  'test_emails',
]);

/** Reads the record an action names, or undefined when there is nothing to compare. */
export async function snapshotFor(
  db: DbExecutor,
  path: string,
  entityType: string | null,
  id: unknown,
): Promise<Row | undefined> {
  const byProcedure = PROCEDURE_SNAPSHOTS[path];
  const snapshot = byProcedure ?? (entityType ? SNAPSHOTS[entityType] : undefined);
  if (!snapshot) return undefined;
  // The raw input has not been validated yet: an id that is not a uuid names no record (and must
  // not reach PostgreSQL, whose error would abort the transaction).
  const validId = typeof id === 'string' && UUID.test(id) ? id : null;
  // Singletons (the settings row) need no id; every other record does.
  if (!byProcedure && entityType !== 'settings' && !validId) return undefined;
  return snapshot(db, validId);
}

function comparable(value: unknown): string {
  return JSON.stringify(value instanceof Date ? value.toISOString() : value) ?? 'null';
}

function shown(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value.length > LONG_TEXT) return `[${value.length} characters]`;
  if (Buffer.isBuffer(value)) return '[binary]';
  if (value !== null && typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > LONG_TEXT ? `[${text.length} characters]` : value;
  }
  return value;
}

/**
 * The fields that differ between two reads of a record, as { field: { before, after } }; secrets
 * and bodies as "changed". Null when nothing changed or there was nothing to compare.
 */
export function changedFields(before: Row | undefined, after: Row | undefined): Row | null {
  if (!before && !after) return null;
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Row = {};
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    // A record that did not exist (created, or deleted) reads as null on that side.
    const was = before ? before[key] : null;
    const now = after ? after[key] : null;
    if (comparable(was) === comparable(now)) continue;
    changes[key] =
      SECRET.test(key) || BODY.test(key) || PERSONAL.has(key)
        ? 'changed'
        : { before: shown(was), after: shown(now) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
