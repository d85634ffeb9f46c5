import { z } from 'zod';

// Releasing a watch from the register's hold (decision 071): one schema per input, the statuses
// and what a release still needs, shared by the server (which refuses) and the admin (which shows).

export const NOTICE_KINDS = ['vic_s26', 'police_hold'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  vic_s26: 'Hold notice (Vic s 26, Second-Hand Dealers and Pawnbrokers Act 1989)',
  police_hold: 'Police hold notice or embargo',
};

export const RELEASE_STATUSES = ['in_hold', 'police_hold', 'needs_check', 'releasable', 'released'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  in_hold: 'In hold',
  police_hold: 'Police hold',
  needs_check: 'Needs stolen-goods check',
  releasable: 'Releasable',
  released: 'Released',
};

export const RELEASE_MESSAGES = {
  registerName: 'Name the register searched (for example The Watch Register).',
  reference: 'Enter the search’s reference or certificate number.',
  officer: 'Enter the issuing officer’s name.',
  station: 'Enter the police station.',
  noticeReference: 'Enter the notice’s reference.',
  issuedOn: 'Enter the date the notice was issued.',
  issuedInFuture: 'A notice cannot be issued after today.',
  liftReference: 'Enter the reference of the notice’s lifting (or of the officer’s release).',
  earlyReason: 'Give a reason for releasing this watch before its hold ends.',
  noticeNotFound: 'Hold notice not found',
  noticeLifted: 'This hold notice is already lifted.',
  released: 'This watch is already released.',
  missingCheck: 'no stolen-goods check is recorded',
  openNotice: (references: string[]) =>
    `a police hold notice is open (${references.join(', ')}): it must be lifted first`,
  inHold: (until: string) => `it is held until ${until} (give a reason to release it early)`,
  refused: (missing: string[]) => `This watch cannot be released: ${missing.join('; ')}.`,
} as const;

const text = (max: number, message: string) => z.string(message).trim().min(1, message).max(max);
const id = z.uuid('Purchase record not found');

export const stolenCheckInputSchema = z.object({
  id,
  registerName: text(200, RELEASE_MESSAGES.registerName),
  reference: text(200, RELEASE_MESSAGES.reference),
});
export type StolenCheckInput = z.output<typeof stolenCheckInputSchema>;

export const holdNoticeInputSchema = z.object({
  id,
  kind: z.enum(NOTICE_KINDS, 'Choose the kind of notice'),
  officer: text(200, RELEASE_MESSAGES.officer),
  station: text(200, RELEASE_MESSAGES.station),
  reference: text(200, RELEASE_MESSAGES.noticeReference),
  issuedOn: z.iso.date(RELEASE_MESSAGES.issuedOn),
  notes: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type HoldNoticeInput = z.output<typeof holdNoticeInputSchema>;

export const liftNoticeInputSchema = z.object({
  noticeId: z.uuid(RELEASE_MESSAGES.noticeNotFound),
  reference: text(200, RELEASE_MESSAGES.liftReference),
});
export type LiftNoticeInput = z.output<typeof liftNoticeInputSchema>;

/** A release after the hold needs no reason; one before it ends does (an early release). */
export const releaseInputSchema = z.object({
  id,
  reason: z
    .string()
    .trim()
    .max(500, RELEASE_MESSAGES.earlyReason)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReleaseInput = z.output<typeof releaseInputSchema>;

export interface HoldNoticeView {
  id: string;
  kind: NoticeKind;
  officer: string;
  station: string;
  reference: string;
  issuedOn: string;
  notes: string | null;
  recordedByEmail: string;
  recordedAt: string;
  liftedAt: string | null;
  liftedByEmail: string | null;
  liftReference: string | null;
}

export interface ReleaseFacts {
  releasedAt: string | null;
  heldUntil: string | null;
  stolenRegisterChecked: boolean;
  openNoticeReferences: string[];
}

/**
 * What a release still needs, as the refusal words it (empty: it may go). `today` is the
 * business's day; a hold ends after its `heldUntil` day. `early` is a release with a reason,
 * which skips only the hold, never the check or a notice.
 */
export function releaseMissing(facts: ReleaseFacts, today: string, early = false): string[] {
  const missing: string[] = [];
  if (facts.openNoticeReferences.length > 0)
    missing.push(RELEASE_MESSAGES.openNotice(facts.openNoticeReferences));
  if (!facts.stolenRegisterChecked) missing.push(RELEASE_MESSAGES.missingCheck);
  if (!early && facts.heldUntil !== null && facts.heldUntil >= today)
    missing.push(RELEASE_MESSAGES.inHold(facts.heldUntil));
  return missing;
}

/** The one status the held stock list shows: the first thing still in the way, in that order. */
export function releaseStatus(facts: ReleaseFacts, today: string): ReleaseStatus {
  if (facts.releasedAt) return 'released';
  if (facts.openNoticeReferences.length > 0) return 'police_hold';
  if (facts.heldUntil !== null && facts.heldUntil >= today) return 'in_hold';
  if (!facts.stolenRegisterChecked) return 'needs_check';
  return 'releasable';
}
