import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { rolesWith } from '#shared/auth/permissions.ts';
import { businessToday } from '#shared/enquiries/schemas.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import {
  maskIdentityNumber,
  normaliseSerial,
  type PurchaseRecordValues,
  type PurchaseRecordView,
  type PurchaseRules,
  purchaseRuleIssues,
  REGISTER_MESSAGES,
  REGISTER_RETENTION_DEFAULT_YEARS,
  type RegisterPeriod,
  type RegisterSettings,
  type RegisterSettingsView,
  type SeenBefore,
} from '#shared/register/schemas.ts';
import { releaseStatus, type HoldNoticeView, type NoticeKind } from '#shared/register/release.ts';
import { addYears, keptUntilText, retentionYears } from '#shared/register/retention.ts';
import {
  type AuState,
  DEFAULT_STATE,
  holdDateNote,
  holdUntil,
  STATE_RULES,
} from '#shared/register/states.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { open, type RegisterKey, RegisterKeyError, seal } from './crypto.ts';
import { createPurchaseDeadlines } from './deadlines.ts';

// The dealer's register (decision 058): one purchase record per purchased enquiry, written in the
// transaction of the move to Purchased, the identity number sealed (crypto.ts), the hold from the
// state's rule, and the seller's name and address copied so the entry outlives an erasure.

export interface Actor {
  id: string;
  email: string;
}

// Serials compare as normaliseSerial does (shared/register/schemas.ts), in SQL for the indexes.
const normalisedSql = (column: string) =>
  sql<string>`upper(regexp_replace(${sql.ref(column)}, '[\\s./_-]', '', 'g'))`;

export async function getRegisterSettings(db: DbExecutor): Promise<RegisterSettings> {
  const row = await db
    .selectFrom('settings')
    .select(['register_state', 'aml_cdd_enabled', 'register_retention_years'])
    .executeTakeFirst();
  return {
    state: (row?.register_state as AuState | undefined) ?? DEFAULT_STATE,
    amlCddEnabled: row?.aml_cdd_enabled ?? false,
    retentionYears: row?.register_retention_years ?? REGISTER_RETENTION_DEFAULT_YEARS,
  };
}

/** The years a purchase made today is kept: its state's or the settings', the longer (decision 071). */
export async function registerRetentionYears(db: DbExecutor): Promise<number> {
  const settings = await getRegisterSettings(db);
  return retentionYears(settings.state, settings.retentionYears);
}

export async function saveRegisterSettings(db: DbExecutor, input: RegisterSettings): Promise<void> {
  await db
    .updateTable('settings')
    .set({
      register_state: input.state,
      aml_cdd_enabled: input.amlCddEnabled,
      register_retention_years: input.retentionYears,
    })
    .execute();
}

/** Team members who may check identity and take goods: those who record purchases. */
async function registerMembers(db: DbExecutor): Promise<Array<{ id: string; email: string }>> {
  return db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('user_roles.role', 'in', rolesWith('enquiries.write'))
    .orderBy('users.email')
    .execute();
}

export async function registerSettingsView(db: DbExecutor): Promise<RegisterSettingsView> {
  const settings = await getRegisterSettings(db);
  const rule = STATE_RULES[settings.state];
  return {
    ...settings,
    stateName: rule.name,
    acceptedDocuments: [...rule.acceptedDocuments],
    holdPeriod: rule.holdPeriod,
    source: rule.source,
    confirm: rule.confirm,
    members: await registerMembers(db),
    today: businessToday(await getSettingsTimezone(db)),
  };
}

export async function purchaseRules(db: DbExecutor): Promise<PurchaseRules> {
  const settings = await getRegisterSettings(db);
  const rule = STATE_RULES[settings.state];
  return {
    state: settings.state,
    stateName: rule.name,
    acceptedDocuments: rule.acceptedDocuments,
    today: businessToday(await getSettingsTimezone(db)),
    amlCddEnabled: settings.amlCddEnabled,
  };
}

export type RecordResult = { status: 'ok'; id: string } | { status: 'refused'; message: string };

/**
 * Checks the record against the business's state, day and AML setting and the team, then writes
 * it. The caller runs this in the transaction of the status change (one or neither is kept).
 */
export async function recordPurchase(
  trx: DbTransaction,
  key: RegisterKey,
  enquiryId: string,
  input: PurchaseRecordValues,
  actor: Actor,
): Promise<RecordResult> {
  const rules = await purchaseRules(trx);
  const issue = purchaseRuleIssues(input, rules)[0];
  if (issue) return { status: 'refused', message: issue.message };
  const members = await trx
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('users.id', 'in', [input.idCheckedBy, input.receivedBy])
    .where('user_roles.role', 'in', rolesWith('enquiries.write'))
    .execute();
  const emailOf = new Map(members.map((m) => [m.id, m.email]));
  const checkedBy = emailOf.get(input.idCheckedBy);
  const receivedBy = emailOf.get(input.receivedBy);
  if (!checkedBy || !receivedBy) return { status: 'refused', message: REGISTER_MESSAGES.unknownMember };
  // An identity copy (decision 058) is one uploaded for this purpose and not yet any purchase's;
  // it is kept only when the check was "uploaded".
  const idCopyId = input.idCheckMethod === 'uploaded' ? (input.idUploadId ?? null) : null;
  if (idCopyId) {
    const copy = await trx
      .selectFrom('identity_copies')
      .select('id')
      .where('id', '=', idCopyId)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('purchase_records').select('id').where('id_upload_id', '=', idCopyId)),
        ),
      )
      .executeTakeFirst();
    if (!copy) return { status: 'refused', message: REGISTER_MESSAGES.idUpload };
  }
  const enquiry = await trx
    .selectFrom('enquiries')
    .select(['watch_brand', 'watch_model', 'watch_year'])
    .where('id', '=', enquiryId)
    .executeTakeFirstOrThrow();
  // The entry's own retention (decision 071): the longer of its state's years and the business's
  // setting, fixed at purchase so a later settings change never shortens it.
  const { retentionYears: settingYears } = await getRegisterSettings(trx);
  const keepYears = retentionYears(rules.state, settingYears);
  const watch = [enquiry.watch_brand, enquiry.watch_model, enquiry.watch_year].filter(Boolean).join(' ');
  const id = randomUUID();
  const sealed = seal(key, input.idNumber, id);
  const digits = input.idNumber.replace(/\s/g, '');
  await trx
    .insertInto('purchase_records')
    .values({
      id,
      enquiry_id: enquiryId,
      price_cents: input.priceCents,
      payment_method: input.paymentMethod,
      seller_name: input.sellerName,
      seller_address: input.sellerAddress,
      watch_description: watch,
      id_document: input.idDocument,
      id_number_ciphertext: sealed.ciphertext,
      id_number_iv: sealed.iv,
      id_number_tag: sealed.tag,
      id_number_key_id: sealed.keyId,
      id_number_last4: digits.slice(-4),
      id_expiry: input.idExpiry,
      id_checked_by: input.idCheckedBy,
      id_checked_by_email: checkedBy,
      id_check_method: input.idCheckMethod,
      id_upload_id: idCopyId,
      serial_number: input.serialNumber,
      reference_number: input.referenceNumber,
      identifying_marks: input.identifyingMarks,
      declaration_method: input.declarationMethod,
      declaration_acceptance_id: input.declarationAcceptanceId,
      received_by: input.receivedBy,
      received_by_email: receivedBy,
      register_state: rules.state,
      held_until: holdUntil(rules.state, rules.today),
      stolen_register_checked: input.stolenRegisterChecked,
      stolen_register_name: input.stolenRegisterChecked ? input.stolenRegisterName : null,
      stolen_register_reference: input.stolenRegisterChecked ? input.stolenRegisterReference : null,
      stolen_checked_at: input.stolenRegisterChecked ? sql<Date>`now()` : null,
      stolen_checked_by: input.stolenRegisterChecked ? actor.id : null,
      stolen_checked_by_email: input.stolenRegisterChecked ? actor.email : null,
      retain_until: addYears(rules.today, keepYears),
      cdd_date_of_birth: input.cddDateOfBirth,
      cdd_occupation: input.cddOccupation,
      storage_location: input.storageLocation,
      created_by: actor.id,
    })
    .execute();
  // The legal clock starts with the entry, in its transaction (decision 070).
  await createPurchaseDeadlines(trx, id, rules.state, rules.today, input, actor);
  // The enquiry's serial follows the record, so "seen before" finds it from either side.
  await trx
    .updateTable('enquiries')
    .set({ serial_number: input.serialNumber })
    .where('id', '=', enquiryId)
    .execute();
  return { status: 'ok', id };
}

function recordColumns(db: DbExecutor) {
  return db
    .selectFrom('purchase_records as p')
    .select([
      'p.id',
      'p.id_upload_id',
      'p.enquiry_id',
      'p.price_cents',
      'p.payment_method',
      'p.seller_name',
      'p.seller_address',
      'p.watch_description',
      'p.id_document',
      'p.id_number_last4',
      'p.id_number_key_id',
      sql<string>`to_char(p.id_expiry, 'YYYY-MM-DD')`.as('id_expiry'),
      'p.id_checked_by_email',
      'p.id_check_method',
      'p.serial_number',
      'p.reference_number',
      'p.identifying_marks',
      'p.declaration_method',
      'p.declaration_acceptance_id',
      'p.received_by_email',
      'p.register_state',
      sql<string | null>`to_char(p.held_until, 'YYYY-MM-DD')`.as('held_until'),
      'p.released_at',
      'p.released_by_email',
      'p.release_reason',
      'p.stolen_register_checked',
      'p.stolen_register_name',
      'p.stolen_register_reference',
      'p.stolen_checked_at',
      'p.stolen_checked_by_email',
      sql<string>`to_char(p.retain_until, 'YYYY-MM-DD')`.as('retain_until'),
      sql<string | null>`to_char(p.cdd_date_of_birth, 'YYYY-MM-DD')`.as('cdd_date_of_birth'),
      'p.cdd_occupation',
      'p.storage_location',
      'p.created_at',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordColumns>['execute']>>[number];

interface ViewContext {
  /** The current register key's id: a row under another cannot be read yet. */
  keyId: string;
  /** The business's day, for the release status, and its timezone (the purchase's day). */
  today: string;
  timezone: string;
  notices: Map<string, HoldNoticeView[]>;
}

/** The hold notices of these entries, oldest first (decision 071). */
async function noticesOf(db: DbExecutor, purchaseIds: string[]): Promise<Map<string, HoldNoticeView[]>> {
  const byPurchase = new Map<string, HoldNoticeView[]>();
  if (purchaseIds.length === 0) return byPurchase;
  const rows = await db
    .selectFrom('hold_notices')
    .select([
      'id',
      'purchase_id',
      'kind',
      'officer',
      'station',
      'reference',
      sql<string>`to_char(issued_on, 'YYYY-MM-DD')`.as('issued_on'),
      'notes',
      'recorded_by_email',
      'recorded_at',
      'lifted_at',
      'lifted_by_email',
      'lift_reference',
    ])
    .where('purchase_id', 'in', purchaseIds)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byPurchase.get(row.purchase_id) ?? [];
    list.push({
      id: row.id,
      kind: row.kind as NoticeKind,
      officer: row.officer,
      station: row.station,
      reference: row.reference,
      issuedOn: row.issued_on,
      notes: row.notes,
      recordedByEmail: row.recorded_by_email,
      recordedAt: row.recorded_at.toISOString(),
      liftedAt: row.lifted_at?.toISOString() ?? null,
      liftedByEmail: row.lifted_by_email,
      liftReference: row.lift_reference,
    });
    byPurchase.set(row.purchase_id, list);
  }
  return byPurchase;
}

async function viewContext(db: DbExecutor, keyId: string, rows: RecordRow[]): Promise<ViewContext> {
  const timezone = await getSettingsTimezone(db);
  return {
    keyId,
    today: businessToday(timezone),
    timezone,
    notices: await noticesOf(
      db,
      rows.map((r) => r.id),
    ),
  };
}

function toView(row: RecordRow, context: ViewContext): PurchaseRecordView {
  const { keyId } = context;
  const notices = context.notices.get(row.id) ?? [];
  const state = row.register_state as AuState;
  return {
    id: row.id,
    enquiryId: row.enquiry_id,
    priceCents: Number(row.price_cents),
    paymentMethod: row.payment_method as PurchaseRecordView['paymentMethod'],
    sellerName: row.seller_name,
    sellerAddress: row.seller_address,
    idDocument: row.id_document as PurchaseRecordView['idDocument'],
    idNumberMasked: maskIdentityNumber(row.id_number_last4),
    idNumberReadable: row.id_number_key_id === keyId,
    idExpiry: row.id_expiry,
    idCheckedByEmail: row.id_checked_by_email,
    idCheckMethod: row.id_check_method as PurchaseRecordView['idCheckMethod'],
    hasIdentityCopy: row.id_upload_id !== null,
    serialNumber: row.serial_number,
    referenceNumber: row.reference_number,
    identifyingMarks: row.identifying_marks,
    declarationMethod: row.declaration_method as PurchaseRecordView['declarationMethod'],
    declarationAcceptanceId: row.declaration_acceptance_id,
    receivedByEmail: row.received_by_email,
    heldUntil: row.held_until,
    heldUntilNote: holdDateNote(row.register_state as AuState, row.held_until),
    releasedAt: row.released_at?.toISOString() ?? null,
    releasedByEmail: row.released_by_email,
    releaseReason: row.release_reason,
    stolenRegisterChecked: row.stolen_register_checked,
    stolenRegisterName: row.stolen_register_name,
    stolenRegisterReference: row.stolen_register_reference,
    stolenCheckedAt: row.stolen_checked_at?.toISOString() ?? null,
    stolenCheckedByEmail: row.stolen_checked_by_email,
    notices,
    releaseStatus: releaseStatus(
      {
        releasedAt: row.released_at?.toISOString() ?? null,
        heldUntil: row.held_until,
        stolenRegisterChecked: row.stolen_register_checked,
        openNoticeReferences: notices.filter((n) => n.liftedAt === null).map((n) => n.reference),
      },
      context.today,
    ),
    retainUntil: row.retain_until,
    keptUntil: keptUntilText(state, businessToday(context.timezone, row.created_at), row.retain_until),
    cddDateOfBirth: row.cdd_date_of_birth,
    cddOccupation: row.cdd_occupation,
    storageLocation: row.storage_location,
    watch: row.watch_description,
    createdAt: row.created_at.toISOString(),
  };
}

export async function purchaseForEnquiry(
  db: DbExecutor,
  enquiryId: string,
  keyId: string,
): Promise<PurchaseRecordView | null> {
  const row = await recordColumns(db).where('p.enquiry_id', '=', enquiryId).executeTakeFirst();
  return row ? toView(row, await viewContext(db, keyId, [row])) : null;
}

/** The full identity number of one record; the caller is the audited reveal (decision 058). */
export async function revealIdentityNumber(
  db: DbExecutor,
  key: RegisterKey,
  id: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('purchase_records')
    .select(['id', 'id_number_ciphertext', 'id_number_iv', 'id_number_tag', 'id_number_key_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return open(
    key,
    {
      ciphertext: row.id_number_ciphertext,
      iv: row.id_number_iv,
      tag: row.id_number_tag,
      keyId: row.id_number_key_id,
    },
    row.id,
  );
}

/** Other enquiries and purchases with the same serial as this enquiry's (possible stolen watch). */
export async function seenBefore(db: DbExecutor, enquiryId: string): Promise<SeenBefore[]> {
  const own = await db
    .selectFrom('enquiries')
    .leftJoin('purchase_records', 'purchase_records.enquiry_id', 'enquiries.id')
    .select([
      'enquiries.serial_number as enquiry_serial',
      'purchase_records.serial_number as purchase_serial',
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  const serials = [
    ...new Set(
      [own?.enquiry_serial, own?.purchase_serial]
        .filter((s): s is string => Boolean(s))
        .map(normaliseSerial)
        .filter((s) => s !== ''),
    ),
  ];
  if (serials.length === 0) return [];
  const onEnquiries = await db
    .selectFrom('enquiries')
    .select(['id', 'serial_number'])
    .where('id', '<>', enquiryId)
    .where('serial_number', 'is not', null)
    .where(normalisedSql('serial_number'), 'in', serials)
    .execute();
  const onPurchases = await db
    .selectFrom('purchase_records')
    .select(['enquiry_id', 'serial_number'])
    .where('enquiry_id', 'is not', null)
    .where('enquiry_id', '<>', enquiryId)
    .where(normalisedSql('serial_number'), 'in', serials)
    .execute();
  const found = new Map<string, SeenBefore>();
  for (const p of onPurchases)
    if (p.enquiry_id)
      found.set(p.enquiry_id, {
        enquiryId: p.enquiry_id,
        reference: enquiryReference(p.enquiry_id),
        serialNumber: p.serial_number,
        where: 'purchase',
      });
  for (const e of onEnquiries)
    if (!found.has(e.id) && e.serial_number)
      found.set(e.id, {
        enquiryId: e.id,
        reference: enquiryReference(e.id),
        serialNumber: e.serial_number,
        where: 'enquiry',
      });
  return [...found.values()];
}

export async function enquirySerial(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('enquiries')
    .select(['id', 'serial_number', 'status'])
    .where('id', '=', enquiryId)
    .executeTakeFirst();
}

export async function setEnquirySerial(
  trx: DbTransaction,
  input: { id: string; serialNumber: string | null },
): Promise<'ok' | 'not_found'> {
  const row = await trx
    .updateTable('enquiries')
    .set({ serial_number: input.serialNumber })
    .where('id', '=', input.id)
    .returning('id')
    .executeTakeFirst();
  return row ? 'ok' : 'not_found';
}

/**
 * Watches not yet released (decision 071): in their hold, under a police notice, waiting for a
 * stolen-goods check, or releasable. The hold's end first; entries without a hold after them.
 */
export async function heldStock(db: DbExecutor, keyId: string): Promise<PurchaseRecordView[]> {
  const rows = await recordColumns(db)
    .where('p.released_at', 'is', null)
    .orderBy(sql`p.held_until NULLS LAST`)
    .orderBy('p.created_at')
    .execute();
  const context = await viewContext(db, keyId, rows);
  return rows.map((row) => toView(row, context));
}

/** The register's entries bought within the period (calendar days in the settings timezone). */
async function periodRows(db: DbExecutor, period: RegisterPeriod, timezone: string) {
  return recordColumns(db)
    .select(['p.id_number_ciphertext', 'p.id_number_iv', 'p.id_number_tag'])
    .where(sql<boolean>`p.created_at >= (${period.from}::date)::timestamp AT TIME ZONE ${timezone}`)
    .where(sql<boolean>`p.created_at < (${period.to}::date + 1)::timestamp AT TIME ZONE ${timezone}`)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

export async function registerList(
  db: DbExecutor,
  period: RegisterPeriod,
  keyId: string,
): Promise<PurchaseRecordView[]> {
  const rows = await periodRows(db, period, await getSettingsTimezone(db));
  const context = await viewContext(db, keyId, rows);
  return rows.map((row) => toView(row, context));
}

export interface RegisterExportRow extends PurchaseRecordView {
  idNumber: string;
}

export const UNREADABLE_NUMBER = 'Cannot be decrypted with the current REGISTER_KEY';

/**
 * One row's number for the export. A row sealed with another key (REGISTER_KEY changed without
 * re-encrypting) says so in its cell rather than failing the whole register.
 */
function exportedNumber(key: RegisterKey, row: RecordRow & SealedColumns): string {
  try {
    return open(
      key,
      {
        ciphertext: row.id_number_ciphertext,
        iv: row.id_number_iv,
        tag: row.id_number_tag,
        keyId: row.id_number_key_id,
      },
      row.id,
    );
  } catch (error) {
    if (error instanceof RegisterKeyError) return UNREADABLE_NUMBER;
    throw error;
  }
}

interface SealedColumns {
  id_number_ciphertext: Buffer;
  id_number_iv: Buffer;
  id_number_tag: Buffer;
  id_number_key_id: string;
}

/** The register with full identity numbers: for the audited export and printable page only. */
export async function registerExportRows(
  db: DbExecutor,
  key: RegisterKey,
  period: RegisterPeriod,
): Promise<{ rows: RegisterExportRow[]; timezone: string }> {
  const timezone = await getSettingsTimezone(db);
  const rows = await periodRows(db, period, timezone);
  const context = await viewContext(db, key.id, rows);
  return {
    timezone,
    rows: rows.map((row) => ({ ...toView(row, context), idNumber: exportedNumber(key, row) })),
  };
}

/** Register entries this contact's enquiries hold, which an erasure keeps (decision 058). */
export async function registerEntriesOfContact(db: DbExecutor, contactId: string): Promise<number> {
  const row = await db
    .selectFrom('purchase_records')
    .innerJoin('enquiries', 'enquiries.id', 'purchase_records.enquiry_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enquiries.lead_id', '=', contactId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Housekeeping: entries whose retention ended before the business's day (their `retain_until`,
 * decision 071) are deleted with their hold notices (cascade) and their identity copies. The
 * database refuses deleting one any earlier (the migration's guard), erasure included.
 */
export async function deleteExpiredRegisterEntries(db: DbExecutor, now = new Date()): Promise<number> {
  const today = businessToday(await getSettingsTimezone(db), now);
  const deleted = await db
    .deleteFrom('purchase_records')
    .where(sql<boolean>`retain_until < ${today}::date`)
    .returning('id_upload_id')
    .execute();
  const copies = deleted.map((r) => r.id_upload_id).filter((id): id is string => id !== null);
  if (copies.length > 0) await db.deleteFrom('identity_copies').where('id', 'in', copies).execute();
  // Identity copies no entry names any more (their entry's retention ended, or a purchase was never
  // recorded with them) go too; a day's grace covers a form still being filled in.
  await db
    .deleteFrom('identity_copies')
    .where(sql<boolean>`created_at < ${now}::timestamptz - interval '1 day'`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('purchase_records')
            .select('purchase_records.id')
            .whereRef('purchase_records.id_upload_id', '=', 'identity_copies.id'),
        ),
      ),
    )
    .execute();
  return deleted.length;
}
