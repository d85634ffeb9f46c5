import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  type ComplianceView,
  DEADLINE_RULES,
  deadlineDueOn,
  type DeadlineKind,
  deadlineNote,
  type DeadlineView,
  type EntryComplianceView,
  LINKED_CASH_DAYS,
  linkedCashPayments,
  type LinkedCashView,
  purchaseDeadlines,
  sellerKey,
} from '#shared/register/deadlines.ts';
import { AML_CASH_THRESHOLD_CENTS, type PaymentMethod } from '#shared/register/schemas.ts';
import { addDays, type AuState } from '#shared/register/states.ts';
import { localDate } from '#shared/time/zones.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { memberNames } from '../db/member-names.ts';
import { getSettingsTimezone } from '../settings/entry.ts';

// The register's legal clock (decision 070): deadlines are rows written in the transaction of the
// purchase (or of the suspicious-matter note), due on a local date, so the Compliance list, Today
// and the day-before reminder are plain queries.

interface Actor {
  id: string;
  email: string;
}

/** Writes the deadlines a purchase starts, from the business's day of the purchase. */
export async function createPurchaseDeadlines(
  trx: DbTransaction,
  purchaseId: string,
  state: AuState,
  purchasedOn: string,
  payment: { paymentMethod: PaymentMethod; priceCents: number },
  actor: Actor,
): Promise<void> {
  const deadlines = purchaseDeadlines(state, purchasedOn, payment);
  if (deadlines.length === 0) return;
  await trx
    .insertInto('register_deadlines')
    .values(
      deadlines.map((d) => ({
        id: randomUUID(),
        purchase_record_id: purchaseId,
        kind: d.kind,
        due_on: d.dueOn,
        created_by: actor.id,
      })),
    )
    .execute();
}

/** A staff-only suspicious-matter note on an entry: starts the SMR's 3 business days. */
export async function addSuspiciousMatter(
  trx: DbTransaction,
  input: { purchaseId: string; note: string },
  actor: Actor,
): Promise<{ status: 'ok'; id: string; dueOn: string } | { status: 'not_found' }> {
  const entry = await trx
    .selectFrom('purchase_records')
    .select(['id', 'register_state'])
    .where('id', '=', input.purchaseId)
    .executeTakeFirst();
  if (!entry) return { status: 'not_found' };
  const today = localDate(new Date(), await getSettingsTimezone(trx));
  const dueOn = deadlineDueOn(entry.register_state as AuState, 'austrac_smr', today);
  const id = randomUUID();
  await trx
    .insertInto('register_deadlines')
    .values({
      id,
      purchase_record_id: entry.id,
      kind: 'austrac_smr',
      due_on: dueOn,
      note: input.note,
      created_by: actor.id,
    })
    .execute();
  return { status: 'ok', id, dueOn };
}

export async function completeDeadline(
  trx: DbTransaction,
  input: { id: string; reference: string | null },
  actor: Actor,
): Promise<'ok' | 'not_found' | 'already_done'> {
  const row = await trx
    .selectFrom('register_deadlines')
    .select(['id', 'done_at'])
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return 'not_found';
  if (row.done_at) return 'already_done';
  await trx
    .updateTable('register_deadlines')
    .set({
      done_at: sql<Date>`now()`,
      done_by: actor.id,
      done_by_email: actor.email,
      reference: input.reference,
    })
    .where('id', '=', input.id)
    .execute();
  return 'ok';
}

function deadlineColumns(db: DbExecutor) {
  return db
    .selectFrom('register_deadlines as d')
    .innerJoin('purchase_records as p', 'p.id', 'd.purchase_record_id')
    .select([
      'd.id',
      'd.purchase_record_id',
      'p.enquiry_id',
      'd.kind',
      sql<string>`to_char(d.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'd.note',
      'd.done_at',
      'd.done_by_email',
      'd.reference',
      'p.watch_description',
      'p.seller_name',
      'p.register_state',
    ]);
}

type DeadlineRow = Awaited<ReturnType<ReturnType<typeof deadlineColumns>['execute']>>[number];

/** Each row's view, the member who did it named (decision 102). */
async function deadlineViews(db: DbExecutor, rows: DeadlineRow[]): Promise<DeadlineView[]> {
  const names = await memberNames(
    db,
    rows.map((r) => r.done_by_email),
  );
  return rows.map((row) => toDeadlineView(row, names));
}

function toDeadlineView(row: DeadlineRow, names: Readonly<Record<string, string>>): DeadlineView {
  const kind = row.kind as DeadlineKind;
  const rule = DEADLINE_RULES[kind];
  return {
    id: row.id,
    purchaseId: row.purchase_record_id,
    enquiryId: row.enquiry_id,
    kind,
    label: rule.label,
    action: rule.action,
    confirm: rule.confirm,
    dueOn: row.due_on,
    dueNote: deadlineNote(row.register_state as AuState, row.due_on),
    note: row.note,
    doneAt: row.done_at?.toISOString() ?? null,
    doneByEmail: row.done_by_email,
    doneByName: row.done_by_email ? (names[row.done_by_email] ?? null) : null,
    reference: row.reference,
    watch: row.watch_description,
    sellerName: row.seller_name,
  };
}

interface CashRow {
  id: string;
  enquiry_id: string | null;
  seller_name: string;
  seller_address: string;
  watch_description: string;
  price_cents: string | number;
  day: string;
}

/** Cash payments under the threshold bought from `from` to `to` (the business's days). */
async function cashPayments(db: DbExecutor, timezone: string, from: string, to: string): Promise<CashRow[]> {
  const { rows } = await sql<CashRow>`
    SELECT id, enquiry_id, seller_name, seller_address, watch_description, price_cents,
      to_char(created_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS day
    FROM purchase_records
    WHERE payment_method = 'cash' AND price_cents < ${AML_CASH_THRESHOLD_CENTS}
      AND created_at >= (${from}::date)::timestamp AT TIME ZONE ${timezone}
      AND created_at < (${to}::date + 1)::timestamp AT TIME ZONE ${timezone}
    ORDER BY created_at, id`.execute(db);
  return rows;
}

/** The payments among `rows` that are linked with others by the same seller (decision 070). */
function linkedAmong(rows: readonly CashRow[]): CashRow[] {
  const bySeller = new Map<string, CashRow[]>();
  for (const row of rows) {
    const key = sellerKey(row.seller_name, row.seller_address);
    bySeller.set(key, [...(bySeller.get(key) ?? []), row]);
  }
  const linked = new Set<string>();
  for (const group of bySeller.values())
    for (const id of linkedCashPayments(
      group.map((r) => ({ id: r.id, day: r.day, cents: Number(r.price_cents) })),
    ))
      linked.add(id);
  return rows.filter((r) => linked.has(r.id));
}

function toLinkedView(row: CashRow): LinkedCashView {
  return {
    purchaseId: row.id,
    enquiryId: row.enquiry_id,
    sellerName: row.seller_name,
    watch: row.watch_description,
    day: row.day,
    priceCents: Number(row.price_cents),
  };
}

/** The entry's deadlines and, when its cash is linked with the seller's other cash, those payments. */
export async function entryCompliance(db: DbExecutor, enquiryId: string): Promise<EntryComplianceView> {
  const entry = await db
    .selectFrom('purchase_records')
    .select(['id', 'seller_name', 'seller_address', 'payment_method', 'price_cents', 'created_at'])
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
  if (!entry) return { deadlines: [], linkedCash: [] };
  const rows = await deadlineColumns(db)
    .where('d.purchase_record_id', '=', entry.id)
    .orderBy('d.due_on')
    .orderBy('d.created_at')
    .execute();
  let linkedCash: LinkedCashView[] = [];
  if (entry.payment_method === 'cash' && Number(entry.price_cents) < AML_CASH_THRESHOLD_CENTS) {
    const timezone = await getSettingsTimezone(db);
    const day = localDate(entry.created_at, timezone);
    // Any window of 30 days holding this payment lies within 30 days either side of it.
    const around = await cashPayments(
      db,
      timezone,
      addDays(day, -LINKED_CASH_DAYS),
      addDays(day, LINKED_CASH_DAYS),
    );
    const key = sellerKey(entry.seller_name, entry.seller_address);
    const linked = linkedAmong(around.filter((r) => sellerKey(r.seller_name, r.seller_address) === key));
    if (linked.some((r) => r.id === entry.id))
      linkedCash = linked.filter((r) => r.id !== entry.id).map(toLinkedView);
  }
  return { deadlines: await deadlineViews(db, rows), linkedCash };
}

/** How far back the Compliance list looks for done deadlines and linked cash. */
const DONE_DAYS = 30;
const LINKED_LOOKBACK_DAYS = 90;

export async function complianceList(db: DbExecutor, now: Date = new Date()): Promise<ComplianceView> {
  const timezone = await getSettingsTimezone(db);
  const today = localDate(now, timezone);
  const open = await deadlineColumns(db)
    .where('d.done_at', 'is', null)
    .orderBy('d.due_on')
    .orderBy('d.created_at')
    .execute();
  const done = await deadlineColumns(db)
    .where('d.done_at', 'is not', null)
    .where(sql<boolean>`d.done_at >= ${now}::timestamptz - make_interval(days => ${DONE_DAYS}::int)`)
    .orderBy('d.done_at', 'desc')
    .execute();
  const cash = await cashPayments(db, timezone, addDays(today, -LINKED_LOOKBACK_DAYS), today);
  return {
    today,
    open: await deadlineViews(db, open),
    done: await deadlineViews(db, done),
    linkedCash: linkedAmong(cash).map(toLinkedView),
  };
}
