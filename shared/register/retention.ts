import type { AuState } from './states.ts';

// How long each state's second-hand dealers act has the register kept (decision 071), as data
// beside the hold rules (states.ts). Written from memory without a connection to check the acts,
// so every figure is marked to confirm: the business confirms it against its licence. An entry is
// kept for the longer of its state's years and the business's own setting (default 7, the
// privacy notice's figure and AUSTRAC's record-keeping period), so a figure here set too low never
// shortens what the business already keeps.

export interface RetentionRule {
  years: number;
  /** The act the figure comes from, by name. */
  source: string;
  /** Said beside every date it gives: the figure is not confirmed. */
  confirm: string;
}

export const RETENTION_CONFIRM = 'state rule, confirm with your licence';

export const REGISTER_RETENTION: Readonly<Record<AuState, RetentionRule>> = {
  NSW: {
    years: 3,
    source: 'Pawnbrokers and Second-hand Dealers Act 1996 (NSW) and its Regulation (records)',
    confirm: RETENTION_CONFIRM,
  },
  VIC: {
    years: 5,
    source: 'Second-Hand Dealers and Pawnbrokers Act 1989 (Vic) s 20 (records)',
    confirm: RETENTION_CONFIRM,
  },
  QLD: {
    years: 2,
    source: 'Second-hand Dealers and Pawnbrokers Act 2003 (Qld) (transaction records)',
    confirm: RETENTION_CONFIRM,
  },
  WA: {
    years: 7,
    source: 'Pawnbrokers and Second-hand Dealers Act 1994 (WA) (records)',
    confirm: RETENTION_CONFIRM,
  },
  SA: {
    years: 3,
    source: 'Second-hand Goods Act 2013 (SA) (records)',
    confirm: RETENTION_CONFIRM,
  },
  TAS: {
    years: 3,
    source: 'Second-hand Dealers and Pawnbrokers Act 1994 (Tas) (records)',
    confirm: RETENTION_CONFIRM,
  },
  ACT: {
    years: 7,
    source: 'Second-hand Dealers Act 1906 (ACT): no period found, 7 years kept',
    confirm: RETENTION_CONFIRM,
  },
  NT: {
    years: 7,
    source: 'No second-hand dealers act found for the Northern Territory: 7 years kept',
    confirm: RETENTION_CONFIRM,
  },
};

/**
 * The day a register entry bought on `purchasedOn` (the business's day) is kept until, both days
 * included: the same day `years` later. A purchase on 29 February is kept until 1 March of a
 * year without one, a day longer rather than a day short.
 */
export function addYears(purchasedOn: string, years: number): string {
  const [y, m, d] = purchasedOn.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** The years an entry is kept: its state's, or the business's setting when that is longer. */
export function retentionYears(state: AuState, settingYears: number): number {
  return Math.max(REGISTER_RETENTION[state].years, settingYears);
}

/**
 * "Kept until 2029-03-15 (state rule, confirm with your licence)", as the entry shows it; when
 * the business's setting kept it longer than its state's years, that says so.
 */
export function keptUntilText(state: AuState, purchasedOn: string, retainUntil: string): string {
  const stateYears = REGISTER_RETENTION[state].years;
  if (retainUntil <= addYears(purchasedOn, stateYears))
    return `Kept until ${retainUntil} (${RETENTION_CONFIRM})`;
  const years = Number(retainUntil.slice(0, 4)) - Number(purchasedOn.slice(0, 4));
  return `Kept until ${retainUntil} (the business’s ${years}-year setting, longer than the ${state} rule of ${stateYears} years; confirm with your licence)`;
}
