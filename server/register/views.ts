import { sql } from 'kysely';
import { localDate } from '#shared/time/zones.ts';
import {
  maskIdentityNumber,
  type PurchaseRecordView,
  type RegisterPeriod,
} from '#shared/register/schemas.ts';
import { releaseStatus, type HoldNoticeView, type NoticeKind } from '#shared/register/release.ts';
import { keptUntilText } from '#shared/register/retention.ts';
import { type AuState, holdDateNote } from '#shared/register/states.ts';
import type { DbExecutor } from '../db/database.ts';
import { memberNames } from '../db/member-names.ts';
import { getSettingsTimezone } from '../settings/entry.ts';

// How a register entry is read (decision 058): the columns, the hold notices and the business's day
// each view needs, and the view itself with the identity number masked. register.ts lists and
// exports entries through these.

export function recordColumns(db: DbExecutor) {
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

export type RecordRow = Awaited<ReturnType<ReturnType<typeof recordColumns>['execute']>>[number];

export interface ViewContext {
  /** The current register key's id: a row under another cannot be read yet. */
  keyId: string;
  /** The business's day, for the release status, and its timezone (the purchase's day). */
  today: string;
  timezone: string;
  notices: Map<string, HoldNoticeView[]>;
  /** Members' names by address, for the employees each entry names (decision 095). */
  names: Record<string, string>;
}

/** The hold notices of these entries, oldest first (decision 071). */
export async function noticesOf(
  db: DbExecutor,
  purchaseIds: string[],
): Promise<Map<string, HoldNoticeView[]>> {
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

export async function viewContext(db: DbExecutor, keyId: string, rows: RecordRow[]): Promise<ViewContext> {
  const timezone = await getSettingsTimezone(db);
  const notices = await noticesOf(
    db,
    rows.map((r) => r.id),
  );
  const noticePeople = [...notices.values()].flat().flatMap((n) => [n.recordedByEmail, n.liftedByEmail]);
  return {
    keyId,
    today: localDate(new Date(), timezone),
    timezone,
    notices,
    names: await memberNames(db, [
      ...rows.flatMap((r) => [
        r.id_checked_by_email,
        r.received_by_email,
        r.released_by_email,
        r.stolen_checked_by_email,
      ]),
      ...noticePeople,
    ]),
  };
}

/** The names of these addresses that `names` holds (decision 102). */
function namesOf(names: Readonly<Record<string, string>>, emails: (string | null)[]): Record<string, string> {
  return Object.fromEntries(emails.flatMap((e) => (e && names[e] ? [[e, names[e]]] : [])));
}

export function toView(row: RecordRow, context: ViewContext): PurchaseRecordView {
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
    idCheckedByName: row.id_checked_by_email ? (context.names[row.id_checked_by_email] ?? null) : null,
    idCheckMethod: row.id_check_method as PurchaseRecordView['idCheckMethod'],
    hasIdentityCopy: row.id_upload_id !== null,
    serialNumber: row.serial_number,
    referenceNumber: row.reference_number,
    identifyingMarks: row.identifying_marks,
    declarationMethod: row.declaration_method as PurchaseRecordView['declarationMethod'],
    declarationAcceptanceId: row.declaration_acceptance_id,
    receivedByEmail: row.received_by_email,
    receivedByName: row.received_by_email ? (context.names[row.received_by_email] ?? null) : null,
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
    people: namesOf(context.names, [
      row.released_by_email,
      row.stolen_checked_by_email,
      ...notices.flatMap((n) => [n.recordedByEmail, n.liftedByEmail]),
    ]),
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
    keptUntil: keptUntilText(state, localDate(row.created_at, context.timezone), row.retain_until),
    cddDateOfBirth: row.cdd_date_of_birth,
    cddOccupation: row.cdd_occupation,
    storageLocation: row.storage_location,
    watch: row.watch_description,
    createdAt: row.created_at.toISOString(),
  };
}

/** The register's entries bought within the period (calendar days in the settings timezone). */
export async function periodRows(db: DbExecutor, period: RegisterPeriod, timezone: string) {
  return recordColumns(db)
    .select(['p.id_number_ciphertext', 'p.id_number_iv', 'p.id_number_tag'])
    .where(sql<boolean>`p.created_at >= (${period.from}::date)::timestamp AT TIME ZONE ${timezone}`)
    .where(sql<boolean>`p.created_at < (${period.to}::date + 1)::timestamp AT TIME ZONE ${timezone}`)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}
