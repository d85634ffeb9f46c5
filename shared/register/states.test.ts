import { describe, expect, it } from 'vitest';
import {
  normaliseSerial,
  purchaseRuleIssues,
  purchaseRecordInputSchema,
  REGISTER_MESSAGES,
} from './schemas.ts';
import { acceptsDocument, AU_STATES, holdUntil, STATE_RULES } from './states.ts';

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
