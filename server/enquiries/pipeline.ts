import { rolesWith } from '#shared/auth/permissions.ts';
import { sql } from 'kysely';
import { checkTransition, type EnquiryStatus, isClosed, takesOffers } from '#shared/enquiries/status.ts';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/schemas.ts';
import { enterEnquiryStatus } from '../automations/entry.ts';
import type { DbTransaction } from '../db/database.ts';
import { endNextStepsWith, endsNextSteps, type MailServices } from '../appointments/entry.ts';

// Every change an admin makes to an enquiry, each written with its timeline event in the same
// transaction (decision 026). The row is locked first, so two admins acting at once are
// serialised and the transition is checked against the status that is really there.

export interface Actor {
  id: string;
  email: string;
}

export type ChangeResult =
  | { status: 'ok'; from: EnquiryStatus; to: EnquiryStatus }
  | { status: 'not_found' }
  | { status: 'refused'; message: string };

async function lockEnquiry(trx: DbTransaction, id: string) {
  return trx
    .selectFrom('enquiries')
    .select(['id', 'status', 'first_replied_at', 'assignee_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Writes one status change on a locked row; the caller has checked it. `services` queues the
 * e-mails a change into a closed status or Purchased may send (decision 062); only a move that
 * cannot end the enquiry's visit (advanceIfAllowed's) passes none.
 */
async function writeStatus(
  trx: DbTransaction,
  id: string,
  from: EnquiryStatus,
  to: EnquiryStatus,
  reason: string | null,
  // A seller answering an offer on their page has no account: id null, their address (decision 059).
  actor: { id: string | null; email: string } | null,
  purchasePriceCents: number | null,
  services: MailServices | null,
): Promise<void> {
  await trx
    .updateTable('enquiries')
    .set({
      status: to,
      // Purchased is final, so the price is written once, with the move (decision 026).
      ...(to === 'purchased' ? { purchase_price_cents: purchasePriceCents } : {}),
      status_changed_at: sql<Date>`now()`,
      // Retention counts from the day an enquiry closed; reopening stops the clock.
      closed_at: isClosed(to) ? sql<Date>`now()` : null,
    })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('enquiry_events')
    .values({
      enquiry_id: id,
      kind: 'status',
      from_status: from,
      to_status: to,
      reason,
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
    })
    .execute();
  // A booked visit and an unposted kit end with the enquiry, in this transaction (decision 062).
  if (endsNextSteps(to)) {
    if (!services) throw new Error(`A move to ${to} needs the services that e-mail the seller.`);
    await endNextStepsWith(trx, services, id, to);
  }
  // Every status change passes here (an admin's move, a reply or offer moving it on, the seller's
  // answer on their page, Purchased with its register entry), so flows started by a status are
  // entered in the transaction that records it (decision 064).
  await enterEnquiryStatus(trx, id);
}

export async function changeEnquiryStatus(
  trx: DbTransaction,
  input: {
    id: string;
    to: EnquiryStatus;
    reason?: string | null | undefined;
    purchase?: { priceCents: number } | undefined;
  },
  actor: Actor,
  services: MailServices,
): Promise<ChangeResult> {
  const row = await lockEnquiry(trx, input.id);
  if (!row) return { status: 'not_found' };
  const reason = input.reason?.trim() || null;
  const check = checkTransition(row.status, input.to, reason);
  if (!check.ok) return { status: 'refused', message: check.message };
  // The input schema requires the purchase record for Purchased; a caller that skipped it is
  // refused too. Its price stays on the enquiry as well, for the figures that read it (decision 058).
  if (input.to === 'purchased' && input.purchase === undefined)
    return { status: 'refused', message: ENQUIRY_MESSAGES.purchaseRecordRequired };
  await writeStatus(
    trx,
    row.id,
    row.status,
    input.to,
    reason,
    actor,
    input.purchase?.priceCents ?? null,
    services,
  );
  return { status: 'ok', from: row.status, to: input.to };
}

/**
 * The seller's own move, answering an offer on their page (decision 059): through the same table,
 * recorded with the seller's address as the actor and no member id.
 */
export async function advanceBySeller(
  trx: DbTransaction,
  id: string,
  from: EnquiryStatus,
  to: EnquiryStatus,
  sellerEmail: string,
  reason: string | null,
  services: MailServices,
): Promise<boolean> {
  if (!checkTransition(from, to, reason).ok) return false;
  await writeStatus(trx, id, from, to, reason, { id: null, email: sellerEmail }, null, services);
  return true;
}

/**
 * Moves an enquiry to `to` only when the table allows it from where it is, as a side effect of
 * another action (the first reply → Contacted, an offer → Offer made). Anything else is left as is,
 * and so is a move into a closed status or Purchased: that is a person's decision, made through
 * changeEnquiryStatus, which ends the visit and the kit with it (decision 062).
 */
export async function advanceIfAllowed(
  trx: DbTransaction,
  id: string,
  from: EnquiryStatus,
  to: EnquiryStatus,
  /** null: the business itself (an automation flow's reply to an unassigned enquiry). */
  actor: Actor | null,
): Promise<boolean> {
  if (endsNextSteps(to) || !checkTransition(from, to, null).ok) return false;
  await writeStatus(trx, id, from, to, null, actor, null, null);
  return true;
}

export async function assignEnquiry(
  trx: DbTransaction,
  input: { id: string; assigneeId: string | null },
  actor: Actor,
): Promise<{ status: 'ok' | 'not_found' | 'unknown_user' }> {
  const row = await lockEnquiry(trx, input.id);
  if (!row) return { status: 'not_found' };
  if (input.assigneeId) {
    const admin = await trx
      .selectFrom('user_roles')
      .select('user_id')
      .where('user_id', '=', input.assigneeId)
      .where('role', 'in', rolesWith('enquiries.write'))
      .executeTakeFirst();
    if (!admin) return { status: 'unknown_user' };
  }
  // Picking the member who already has it keeps it (decision 095): no change, no timeline entry.
  if (row.assignee_id === input.assigneeId) return { status: 'ok' };
  await trx
    .updateTable('enquiries')
    .set({ assignee_id: input.assigneeId })
    .where('id', '=', input.id)
    .execute();
  await trx
    .insertInto('enquiry_events')
    .values({
      enquiry_id: input.id,
      kind: 'assignment',
      assignee_id: input.assigneeId,
      actor_id: actor.id,
      actor_email: actor.email,
    })
    .execute();
  return { status: 'ok' };
}

export async function addEnquiryNote(
  trx: DbTransaction,
  input: { id: string; body: string },
  actor: Actor,
): Promise<{ status: 'ok' | 'not_found' }> {
  const row = await lockEnquiry(trx, input.id);
  if (!row) return { status: 'not_found' };
  await trx
    .insertInto('enquiry_events')
    .values({
      enquiry_id: input.id,
      kind: 'note',
      body: input.body,
      actor_id: actor.id,
      actor_email: actor.email,
    })
    .execute();
  return { status: 'ok' };
}

/**
 * Records an offer. An enquiry still New or Contacted moves to Offer made with it; one further on
 * (Accepted, say) keeps its status, as a revised offer does not undo the seller's yes.
 */
export async function recordOffer(
  trx: DbTransaction,
  input: { id: string; amountCents: number; validUntil: string | null; conditions: string | null },
  actor: Actor,
): Promise<{ status: 'ok'; offerId: string } | { status: 'not_found' | 'closed' }> {
  const row = await lockEnquiry(trx, input.id);
  if (!row) return { status: 'not_found' };
  if (!takesOffers(row.status)) return { status: 'closed' };
  const offer = await trx
    .insertInto('enquiry_offers')
    .values({
      enquiry_id: input.id,
      amount_cents: input.amountCents,
      valid_until: input.validUntil,
      conditions: input.conditions,
      created_by: actor.id,
      created_by_email: actor.email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (row.status === 'new' || row.status === 'contacted')
    await advanceIfAllowed(trx, input.id, row.status, 'offer_made', actor);
  return { status: 'ok', offerId: offer.id };
}
