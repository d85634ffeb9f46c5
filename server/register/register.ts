import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { rolesWith } from '#shared/auth/permissions.ts';
import { localDate } from '#shared/time/zones.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import {
  normaliseSerial,
  type PurchaseRecordValues,
  type PurchaseRecordView,
  purchaseRuleIssues,
  REGISTER_MESSAGES,
  type RegisterPeriod,
  type SeenBefore,
} from '#shared/register/schemas.ts';
import { addYears, retentionYears } from '#shared/register/retention.ts';
import { holdUntil } from '#shared/register/states.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { open, type RegisterKey, RegisterKeyError, seal } from './crypto.ts';
import { createPurchaseDeadlines } from './deadlines.ts';
import { getRegisterSettings, purchaseRules } from './settings.ts';
import { periodRows, type RecordRow, recordColumns, toView, viewContext } from './views.ts';

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
  const today = localDate(now, await getSettingsTimezone(db));
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
