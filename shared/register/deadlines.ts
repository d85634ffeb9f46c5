import { z } from 'zod';
import { AML_CASH_THRESHOLD_CENTS, type PaymentMethod } from './schemas.ts';
import { addBusinessDays, addDays, type AuState, businessDayNote } from './states.ts';

// The register's legal clock (decision 070): each entry's deadlines, counted in business days of
// the entry's state from the business's day of the purchase (or of the suspicious-matter note).
// Deadlines count an unsettled holiday as a working day (holidays.ts): a day early, never late.

export const DEADLINE_KINDS = ['nsw_police_transfer', 'austrac_ttr', 'austrac_smr'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export interface DeadlineRule {
  label: string;
  businessDays: number;
  /** What the deadline asks for, shown beside it. */
  action: string;
  source: string;
  /** What is still to be confirmed, shown beside it. */
  confirm: string | null;
}

export const DEADLINE_RULES: Readonly<Record<DeadlineKind, DeadlineRule>> = {
  nsw_police_transfer: {
    label: 'Record to NSW Police',
    businessDays: 3,
    action: 'Transfer the purchase record to NSW Police.',
    source:
      'Pawnbrokers and Second-hand Dealers Act 1996 (NSW); NSW Fair Trading: records transferred to police electronically within 3 working days',
    confirm: 'Confirm the channel with NSW Police.',
  },
  austrac_ttr: {
    label: 'AUSTRAC threshold transaction report',
    businessDays: 10,
    action: 'Report the cash payment of $10,000 or more to AUSTRAC (TTR).',
    source:
      'Anti-Money Laundering and Counter-Terrorism Financing Act 2006 (Cth) s 43: within 10 business days',
    confirm: null,
  },
  austrac_smr: {
    label: 'AUSTRAC suspicious matter report',
    businessDays: 3,
    action: 'Report the suspicious matter to AUSTRAC (SMR); never tell the seller.',
    source:
      'Anti-Money Laundering and Counter-Terrorism Financing Act 2006 (Cth) s 41: within 3 business days of forming the suspicion (24 hours for terrorism financing)',
    confirm: null,
  },
};

/** The day a deadline of `kind` falls due, counted from `from` (the business's day). */
export function deadlineDueOn(state: AuState, kind: DeadlineKind, from: string): string {
  return addBusinessDays(state, from, DEADLINE_RULES[kind].businessDays, 'working');
}

/** Said beside a due date past the state's listed public holidays (only weekends skipped). */
export function deadlineNote(state: AuState, dueOn: string): string | null {
  return businessDayNote(state, dueOn);
}

/**
 * The deadlines a purchase starts (the SMR only starts with a staff note): the NSW transfer to
 * police for an entry in NSW, and the TTR for cash of AUD 10,000 or more, in any state.
 */
export function purchaseDeadlines(
  state: AuState,
  purchasedOn: string,
  payment: { paymentMethod: PaymentMethod; priceCents: number },
): Array<{ kind: DeadlineKind; dueOn: string }> {
  const kinds: DeadlineKind[] = [];
  if (state === 'NSW') kinds.push('nsw_police_transfer');
  if (payment.paymentMethod === 'cash' && payment.priceCents >= AML_CASH_THRESHOLD_CENTS)
    kinds.push('austrac_ttr');
  return kinds.map((kind) => ({ kind, dueOn: deadlineDueOn(state, kind, purchasedOn) }));
}

/** Cash payments by one seller that together reach the threshold within this many days are linked. */
export const LINKED_CASH_DAYS = 30;

export interface CashPayment {
  id: string;
  /** The business's day of the payment. */
  day: string;
  cents: number;
}

/**
 * The payments (of one seller's cash payments) that, with others within 30 days, together reach
 * AUD 10,000 while each is under it: possibly structured to stay under the TTR (decision 070).
 * A window is 30 days from a payment's day, both ends included.
 */
export function linkedCashPayments(payments: readonly CashPayment[]): Set<string> {
  const small = payments
    .filter((p) => p.cents < AML_CASH_THRESHOLD_CENTS)
    .sort((a, b) => a.day.localeCompare(b.day));
  const linked = new Set<string>();
  for (const start of small) {
    const end = addDays(start.day, LINKED_CASH_DAYS);
    const window = small.filter((p) => p.day >= start.day && p.day <= end);
    if (window.length > 1 && window.reduce((sum, p) => sum + p.cents, 0) >= AML_CASH_THRESHOLD_CENTS)
      for (const p of window) linked.add(p.id);
  }
  return linked;
}

/** How sellers are matched for linked cash: name and address without case, spaces or punctuation. */
export function sellerKey(name: string, address: string): string {
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return `${norm(name)}|${norm(address)}`;
}

export const DEADLINE_MESSAGES = {
  notFound: 'Deadline not found',
  alreadyDone: 'This deadline is already marked done.',
  note: 'Describe what made the matter suspicious.',
  reference: 'A reference can be at most 200 characters.',
} as const;

export const completeDeadlineInputSchema = z.object({
  id: z.uuid(DEADLINE_MESSAGES.notFound),
  reference: z
    .string()
    .trim()
    .max(200, DEADLINE_MESSAGES.reference)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const suspiciousMatterInputSchema = z.object({
  purchaseId: z.uuid('Purchase record not found'),
  note: z.string(DEADLINE_MESSAGES.note).trim().min(1, DEADLINE_MESSAGES.note).max(4000),
});

export interface DeadlineView {
  id: string;
  purchaseId: string;
  enquiryId: string | null;
  kind: DeadlineKind;
  label: string;
  action: string;
  confirm: string | null;
  dueOn: string;
  /** Beside a due date past the state's listed holidays. */
  dueNote: string | null;
  /** The staff-only suspicious-matter note (SMR). */
  note: string | null;
  doneAt: string | null;
  doneByEmail: string | null;
  /** The member who did it by name (decision 102); null for a member without one. */
  doneByName: string | null;
  reference: string | null;
  watch: string;
  sellerName: string;
}

export interface LinkedCashView {
  purchaseId: string;
  enquiryId: string | null;
  sellerName: string;
  watch: string;
  day: string;
  priceCents: number;
}

export interface EntryComplianceView {
  deadlines: DeadlineView[];
  /** The seller's other cash payments this one is linked with (empty: not flagged). */
  linkedCash: LinkedCashView[];
}

export interface ComplianceView {
  today: string;
  /** Open deadlines, soonest first, overdue included. */
  open: DeadlineView[];
  /** Done in the last 30 days, latest first. */
  done: DeadlineView[];
  /** Cash payments possibly linked, in the last 90 days. */
  linkedCash: LinkedCashView[];
}
