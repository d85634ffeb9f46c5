import { describe, expect, it } from 'vitest';
import {
  normaliseSerial,
  purchaseRuleIssues,
  purchaseRecordInputSchema,
  REGISTER_MESSAGES,
} from './schemas.ts';
import { NSW_PUBLIC_HOLIDAYS, QLD_PUBLIC_HOLIDAYS, VIC_PUBLIC_HOLIDAYS } from './holidays.ts';
import {
  acceptsDocument,
  addBusinessDays,
  AU_STATES,
  businessDayNote,
  holdDateNote,
  holdUntil,
  isBusinessDay,
  STATE_RULES,
} from './states.ts';

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
    // NSW (decision 070): 14 calendar days. Friday 27 November + 14 = Friday 11 December.
    expect(holdUntil('NSW', '2026-11-27')).toBe('2026-12-11');
    // Thursday 24 December 2026 + 14 = Thursday 7 January 2027: holidays do not stretch it.
    expect(holdUntil('NSW', '2026-12-24')).toBe('2027-01-07');
    expect(holdUntil('WA', '2026-11-27')).toBeNull();
  });

  it('holds NSW purchases 14 days, to be confirmed against the licence’s exemptions', () => {
    expect(STATE_RULES.NSW.holdPeriod).toEqual({ days: 14, kind: 'calendar' });
    expect(STATE_RULES.NSW.confirm).toMatch(/^Confirm with your licence: exemptions/);
    expect(STATE_RULES.NSW.source).toContain('14 days');
    expect(holdDateNote('NSW', '2028-03-10')).toBeNull();
  });

  describe('business days skip weekends and the state’s public holidays (decision 070)', () => {
    it('over Easter 2026 in NSW: Good Friday 3 April to Easter Monday 6 April', () => {
      // Thursday 2 April + 3: Fri 3, Sat 4, Sun 5, Mon 6 skipped; Tue 7 (1), Wed 8 (2), Thu 9 (3).
      expect(addBusinessDays('NSW', '2026-04-02', 3, 'working')).toBe('2026-04-09');
      // + 10: Tue 7, Wed 8, Thu 9, Fri 10, Mon 13, Tue 14, Wed 15, Thu 16, Fri 17, Mon 20.
      expect(addBusinessDays('NSW', '2026-04-02', 10, 'working')).toBe('2026-04-20');
      // Weekends only would have given Tuesday 7 April.
      expect(addBusinessDays('WA', '2026-04-02', 3, 'working')).toBe('2026-04-07');
    });

    it('before Christmas 2026 in NSW: Christmas Friday, Boxing Day Saturday, Monday 28 added', () => {
      // Wednesday 23 December + 3: Thu 24 (1), Fri 25, Sat 26, Sun 27, Mon 28 skipped, Tue 29 (2), Wed 30 (3).
      expect(addBusinessDays('NSW', '2026-12-23', 3, 'working')).toBe('2026-12-30');
      // Thursday 24 December + 10: Tue 29, Wed 30, Thu 31, (Fri 1 January New Year) Mon 4 … Fri 8, Mon 11, Tue 12.
      expect(addBusinessDays('NSW', '2026-12-24', 10, 'working')).toBe('2027-01-12');
      expect(isBusinessDay('NSW', '2026-12-28', 'working')).toBe(false);
    });

    it('over Melbourne Cup Day in Victoria, not in NSW', () => {
      // Friday 30 October + 3: Mon 2 November (1), Tue 3 Melbourne Cup skipped, Wed 4 (2), Thu 5 (3).
      expect(addBusinessDays('VIC', '2026-10-30', 3, 'working')).toBe('2026-11-05');
      // NSW works on Cup Day: Mon 2 (1), Tue 3 (2), Wed 4 (3).
      expect(addBusinessDays('NSW', '2026-10-30', 3, 'working')).toBe('2026-11-04');
      // Victoria's Labour Day, Monday 9 March 2026: Friday 6 March + 3 = Thursday 12 (NSW: Wednesday 11).
      expect(addBusinessDays('VIC', '2026-03-06', 3, 'working')).toBe('2026-03-12');
      expect(addBusinessDays('NSW', '2026-03-06', 3, 'working')).toBe('2026-03-11');
    });

    it('on each state’s own King’s Birthday: June in NSW, October in Queensland', () => {
      // Friday 5 June 2026 + 3: NSW skips Monday 8 June: Tue 9, Wed 10, Thu 11. QLD: Mon 8, Tue 9, Wed 10.
      expect(addBusinessDays('NSW', '2026-06-05', 3, 'working')).toBe('2026-06-11');
      expect(addBusinessDays('QLD', '2026-06-05', 3, 'working')).toBe('2026-06-10');
      // Monday 5 October 2026 is NSW Labour Day and the Queensland King’s Birthday: Friday 2 + 1 = Tuesday 6.
      expect(addBusinessDays('NSW', '2026-10-02', 1, 'working')).toBe('2026-10-06');
      expect(addBusinessDays('QLD', '2026-10-02', 1, 'working')).toBe('2026-10-06');
    });

    it('counts an unsettled holiday as a working day for a deadline and a holiday for a hold', () => {
      // The Friday before the AFL Grand Final 2026 is listed as 25 September, not settled.
      // Thursday 24 September + 1: the deadline is that Friday; a hold would run to Monday 28.
      expect(addBusinessDays('VIC', '2026-09-24', 1, 'working')).toBe('2026-09-25');
      expect(addBusinessDays('VIC', '2026-09-24', 1, 'holiday')).toBe('2026-09-28');
      // Anzac Day 2027 (a Sunday) is not moved in NSW: Friday 23 April + 1 = Monday 26 April.
      expect(addBusinessDays('NSW', '2027-04-23', 1, 'working')).toBe('2027-04-26');
    });

    it('falls back to weekends only past 2027 and says so beside the date', () => {
      // Friday 31 December 2027 + 3: Mon 3 January 2028 counts (not listed), Tue 4, Wed 5.
      expect(addBusinessDays('NSW', '2027-12-31', 3, 'working')).toBe('2028-01-05');
      expect(businessDayNote('NSW', '2028-01-05')).toMatch(/^Public holidays after 2027-12-31/);
      expect(businessDayNote('NSW', '2027-12-30')).toBeNull();
      expect(businessDayNote('WA', '2028-01-05')).toBeNull();
    });

    it('lists 2026 and 2027 for NSW and Victoria, every day once with its name', () => {
      const nsw = Object.keys(NSW_PUBLIC_HOLIDAYS);
      const vic = Object.keys(VIC_PUBLIC_HOLIDAYS);
      expect(nsw.every((d) => /^202[67]-\d\d-\d\d$/.test(d))).toBe(true);
      expect(vic.every((d) => /^202[67]-\d\d-\d\d$/.test(d))).toBe(true);
      // NSW: 12 days in 2026 (with 28 Dec), 13 in 2027 (27 and 28 Dec). VIC adds Labour Day, the
      // Grand Final Friday and Melbourne Cup each year: 14 and 15.
      expect(nsw).toHaveLength(25);
      expect(vic).toHaveLength(29);
      // No bank holiday in NSW (banks only): Monday 3 August 2026 is a business day.
      expect(isBusinessDay('NSW', '2026-08-03', 'working')).toBe(true);
    });
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

  it('asks a Victorian purchase where the goods are stored (decision 070)', () => {
    const vic = { ...rules, state: 'VIC' as const, stateName: 'Victoria' };
    const transfer = { ...base, paymentMethod: 'bank_transfer' as const };
    expect(purchaseRuleIssues(transfer, vic)).toEqual([
      { path: 'storageLocation', message: REGISTER_MESSAGES.storageLocation },
    ]);
    expect(purchaseRuleIssues({ ...transfer, storageLocation: 'Safe 2' }, vic)).toEqual([]);
    expect(purchaseRuleIssues(transfer, rules)).toEqual([]);
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
