import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  type HoldNoticeInput,
  type LiftNoticeInput,
  type ReleaseInput,
  releaseMissing,
  RELEASE_MESSAGES,
  type StolenCheckInput,
} from '#shared/register/release.ts';
import { localDate } from '#shared/time/zones.ts';
import type { DbTransaction } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import type { Actor } from './register.ts';

// Leaving the hold (decision 071): a stolen-goods check recorded, no police hold notice open, and
// the hold over (or a reason to end it early). Each step runs in the caller's transaction, so the
// audit middleware's row is written with it or not at all.

export type StepResult =
  | { status: 'ok' }
  | { status: 'not_found'; message: string }
  | { status: 'conflict'; message: string }
  | { status: 'refused'; message: string }
  | { status: 'invalid'; message: string };

const notFound: StepResult = { status: 'not_found', message: 'Purchase record not found' };

/** The entry, locked so that a check, notice or release cannot cross another in flight. */
async function lockEntry(trx: DbTransaction, id: string) {
  return trx
    .selectFrom('purchase_records')
    .select([
      'id',
      'released_at',
      'stolen_register_checked',
      sql<string | null>`to_char(held_until, 'YYYY-MM-DD')`.as('held_until'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordStolenCheck(
  trx: DbTransaction,
  input: StolenCheckInput,
  actor: Actor,
): Promise<StepResult> {
  const entry = await lockEntry(trx, input.id);
  if (!entry) return notFound;
  if (entry.released_at) return { status: 'conflict', message: RELEASE_MESSAGES.released };
  await trx
    .updateTable('purchase_records')
    .set({
      stolen_register_checked: true,
      stolen_register_name: input.registerName,
      stolen_register_reference: input.reference,
      stolen_checked_at: sql<Date>`now()`,
      stolen_checked_by: actor.id,
      stolen_checked_by_email: actor.email,
    })
    .where('id', '=', input.id)
    .execute();
  return { status: 'ok' };
}

export async function recordHoldNotice(
  trx: DbTransaction,
  input: HoldNoticeInput,
  actor: Actor,
): Promise<StepResult & { noticeId?: string }> {
  const entry = await lockEntry(trx, input.id);
  if (!entry) return notFound;
  if (entry.released_at) return { status: 'conflict', message: RELEASE_MESSAGES.released };
  if (input.issuedOn > localDate(new Date(), await getSettingsTimezone(trx)))
    return { status: 'invalid', message: RELEASE_MESSAGES.issuedInFuture };
  const noticeId = randomUUID();
  await trx
    .insertInto('hold_notices')
    .values({
      id: noticeId,
      purchase_id: input.id,
      kind: input.kind,
      officer: input.officer,
      station: input.station,
      reference: input.reference,
      issued_on: input.issuedOn,
      notes: input.notes,
      recorded_by: actor.id,
      recorded_by_email: actor.email,
    })
    .execute();
  return { status: 'ok', noticeId };
}

export async function liftHoldNotice(
  trx: DbTransaction,
  input: LiftNoticeInput,
  actor: Actor,
): Promise<StepResult & { purchaseId?: string }> {
  const notice = await trx
    .selectFrom('hold_notices')
    .select(['id', 'lifted_at', 'purchase_id'])
    .where('id', '=', input.noticeId)
    .forUpdate()
    .executeTakeFirst();
  if (!notice) return { status: 'not_found', message: RELEASE_MESSAGES.noticeNotFound };
  if (notice.lifted_at) return { status: 'conflict', message: RELEASE_MESSAGES.noticeLifted };
  await trx
    .updateTable('hold_notices')
    .set({
      lifted_at: sql<Date>`now()`,
      lifted_by: actor.id,
      lifted_by_email: actor.email,
      lift_reference: input.reference,
    })
    .where('id', '=', input.noticeId)
    .execute();
  return { status: 'ok', purchaseId: notice.purchase_id };
}

/**
 * Releases the watch when nothing is in the way; otherwise refuses, naming everything missing
 * (decision 071). A reason makes it an early release: it ends the hold, never skips the check or
 * an open notice.
 */
export async function releaseEntry(
  trx: DbTransaction,
  input: ReleaseInput,
  actor: Actor,
): Promise<StepResult> {
  const entry = await lockEntry(trx, input.id);
  if (!entry) return notFound;
  if (entry.released_at) return { status: 'conflict', message: RELEASE_MESSAGES.released };
  const open = await trx
    .selectFrom('hold_notices')
    .select('reference')
    .where('purchase_id', '=', input.id)
    .where('lifted_at', 'is', null)
    .orderBy('recorded_at')
    .execute();
  const today = localDate(new Date(), await getSettingsTimezone(trx));
  const missing = releaseMissing(
    {
      releasedAt: null,
      heldUntil: entry.held_until,
      stolenRegisterChecked: entry.stolen_register_checked,
      openNoticeReferences: open.map((n) => n.reference),
    },
    today,
    input.reason !== null,
  );
  if (missing.length > 0) return { status: 'refused', message: RELEASE_MESSAGES.refused(missing) };
  const early = entry.held_until !== null && entry.held_until >= today;
  await trx
    .updateTable('purchase_records')
    .set({
      released_at: sql<Date>`now()`,
      released_by: actor.id,
      released_by_email: actor.email,
      // A reason is kept only for what it explains: ending a hold early.
      release_reason: early ? input.reason : null,
    })
    .where('id', '=', input.id)
    .execute();
  return { status: 'ok' };
}
