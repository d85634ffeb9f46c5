import { describe, expect, it } from 'vitest';
import {
  normaliseSerial,
  purchaseRuleIssues,
  purchaseRecordInputSchema,
  REGISTER_MESSAGES,
} from './schemas.ts';
import { QLD_PUBLIC_HOLIDAYS } from './holidays.ts';
import { acceptsDocument, AU_STATES, holdDateNote, holdUntil, STATE_RULES } from './states.ts';

describe('state rules (decision 058)', () => {
  it('covers every state and territory, each with a source and no invented hold period', () => {
    expect(Object.keys(STATE_RULES).sort()).toEqual([...AU_STATES].sort());
    for (const state of AU_STATES) {
      const rule = STATE_RULES[state];
      expect(rule.source.length).toBeGreaterThan(10);
      expect(rule.acceptedDocuments).toContain('driver_licence');
      expect(rule.acceptedDocuments).toContain('passport');
      // A state without a confirmed hold period says what to confirm.
      if (rule.holdPeriod === null) expect(rule.confirm).toMatch(/^Confirm with your licence/);
    }
    expect(STATE_RULES.VIC.holdPeriod).toEqual({ days: 7, kind: 'calendar' });
    expect(STATE_RULES.VIC.source).toContain('s 21');
  });

  it('dates the hold from the business’s day: calendar days, or working days skipping weekends', () => {
    expect(holdUntil('VIC', '2026-11-27')).toBe('2026-12-04');
    expect(holdUntil('TAS', '2026-12-28')).toBe('2027-01-04');
    // Friday 27 November + 7 working days = Tuesday 8 December.
    expect(holdUntil('QLD', '2026-11-27')).toBe('2026-12-08');
    expect(holdUntil('NSW', '2026-11-27')).toBeNull();
  });

  describe('Queensland’s working days skip its public holidays (decision 058)', () => {
    it('over Easter 2026 (Good Friday 3 April to Easter Monday 6 April)', () => {
      // Thursday 2 April: Tue 7, Wed 8, Thu 9, Fri 10, Mon 13, Tue 14, Wed 15 (weekends only: 13th).
      expect(holdUntil('QLD', '2026-04-02')).toBe('2026-04-15');
      // Bought on Good Friday itself: the count starts on the Tuesday all the same.
      expect(holdUntil('QLD', '2026-04-03')).toBe('2026-04-15');
      expect(holdUntil('QLD', '2026-04-06')).toBe('2026-04-15');
    });

    it('over Christmas and New Year, with the additional Boxing Day on Monday 28 December 2026', () => {
      // Thursday 24 December: Tue 29, Wed 30, Thu 31, Mon 4, Tue 5, Wed 6, Thu 7 (weekends only: 4th).
      expect(holdUntil('QLD', '2026-12-24')).toBe('2027-01-07');
      // Christmas 2027 on a Saturday: Monday 27 and Tuesday 28 December are the holidays.
      expect(holdUntil('QLD', '2027-12-22')).toBe('2028-01-04');
      expect(holdDateNote('QLD', '2027-12-31')).toBeNull();
    });

    it('over Labour Day, and not over Anzac Day 2026 (a Saturday)', () => {
      expect(holdUntil('QLD', '2026-04-27')).toBe('2026-05-07');
      expect(holdUntil('QLD', '2026-04-22')).toBe('2026-05-01');
      expect(holdUntil('QLD', '2026-11-27')).toBe('2026-12-08');
    });

    it('falls back to weekends only past 2027, and says so beside the date', () => {
      // Wednesday 1 March 2028: Thu 2, Fri 3, Mon 6 … Fri 10, no holidays known.
      expect(holdUntil('QLD', '2028-03-01')).toBe('2028-03-10');
      expect(holdDateNote('QLD', '2028-03-10')).toMatch(
        /^Public holidays after 2027-12-31 are not listed here/,
      );
      // Friday 24 December 2027: Wed 29, Thu 30, Fri 31, then Mon 3 January 2028 counts (not known).
      expect(holdUntil('QLD', '2027-12-24')).toBe('2028-01-06');
      expect(holdDateNote('QLD', '2028-01-06')).not.toBeNull();
      expect(holdDateNote('QLD', null)).toBeNull();
      expect(holdDateNote('VIC', '2028-03-10')).toBeNull();
    });

    it('lists 2026 and 2027 only, and leaves the other states alone', () => {
      const days = Object.keys(QLD_PUBLIC_HOLIDAYS);
      expect(days.every((d) => /^202[67]-\d\d-\d\d$/.test(d))).toBe(true);
      expect(days).toHaveLength(26);
      // Victoria counts calendar days: Christmas changes nothing.
      expect(holdUntil('VIC', '2026-12-24')).toBe('2026-12-31');
    });
  });

  it('accepts only the core photo documents where the list is unconfirmed', () => {
    expect(acceptsDocument('VIC', 'firearms_licence')).toBe(true);
    expect(acceptsDocument('WA', 'firearms_licence')).toBe(false);
    expect(acceptsDocument('WA', 'passport')).toBe(true);
  });
});

describe('the purchase record rules', () => {
  const base = purchaseRecordInputSchema.parse({
    priceCents: 10_000_00,
    paymentMethod: 'cash',
    sellerName: 'A Seller',
    sellerAddress: '1 Street',
    idDocument: 'passport',
    idNumber: 'PA1234567',
    idExpiry: '2030-01-01',
    idCheckedBy: '00000000-0000-4000-8000-000000000001',
    idCheckMethod: 'in_person',
    serialNumber: 'X1',
    referenceNumber: 'R1',
    identifyingMarks: 'none',
    declarationAccepted: true,
    declarationMethod: 'signed_in_person',
    receivedBy: '00000000-0000-4000-8000-000000000001',
  });
  const rules = {
    state: 'NSW' as const,
    stateName: 'New South Wales',
    acceptedDocuments: STATE_RULES.NSW.acceptedDocuments,
    today: '2026-11-27',
    amlCddEnabled: false,
  };

  it('refuses cash of $10,000 or more without the AML switch, and asks for the CDD with it', () => {
    expect(purchaseRuleIssues(base, rules).map((i) => i.message)).toEqual([REGISTER_MESSAGES.cashNeedsAml]);
    expect(purchaseRuleIssues({ ...base, priceCents: 9_999_99 }, rules)).toEqual([]);
    expect(purchaseRuleIssues({ ...base, paymentMethod: 'bank_transfer' }, rules)).toEqual([]);
    const aml = { ...rules, amlCddEnabled: true };
    expect(purchaseRuleIssues(base, aml).map((i) => i.message)).toEqual([REGISTER_MESSAGES.cddRequired]);
    expect(purchaseRuleIssues({ ...base, cddDateOfBirth: '1980-01-01', cddOccupation: 'Chef' }, aml)).toEqual(
      [],
    );
  });

  it('refuses an expired document, today still being valid', () => {
    expect(purchaseRuleIssues({ ...base, paymentMethod: 'cheque', idExpiry: '2026-11-26' }, rules)).toEqual([
      { path: 'idExpiry', message: REGISTER_MESSAGES.idExpired },
    ]);
    expect(purchaseRuleIssues({ ...base, paymentMethod: 'cheque', idExpiry: '2026-11-27' }, rules)).toEqual(
      [],
    );
  });

  it('normalises serials without case, spaces, dashes, dots or slashes', () => {
    expect(normaliseSerial(' ab-12 3.4/5_6 ')).toBe('AB123456');
  });
});
