import { describe, expect, it } from 'vitest';
import {
  completeDeadlineInputSchema,
  deadlineDueOn,
  linkedCashPayments,
  purchaseDeadlines,
  sellerKey,
  suspiciousMatterInputSchema,
} from './deadlines.ts';

describe('the register’s deadlines (decision 070)', () => {
  it('starts the NSW transfer to police, 3 working days from the purchase', () => {
    // Thursday 2 April 2026, before Easter: Good Friday 3 to Easter Monday 6 April skipped,
    // Tue 7 (1), Wed 8 (2), Thu 9 (3).
    expect(
      purchaseDeadlines('NSW', '2026-04-02', { paymentMethod: 'bank_transfer', priceCents: 900_000 }),
    ).toEqual([{ kind: 'nsw_police_transfer', dueOn: '2026-04-09' }]);
    // Victoria has no transfer to police; bank transfers start no TTR.
    expect(
      purchaseDeadlines('VIC', '2026-04-02', { paymentMethod: 'bank_transfer', priceCents: 2_000_000 }),
    ).toEqual([]);
  });

  it('starts a TTR for cash of $10,000 or more, due in 10 business days', () => {
    // Wednesday 23 December 2026 in NSW: Thu 24 (1), Christmas Fri 25, Boxing Day Sat 26 and its
    // Monday 28 skipped, Tue 29 (2), Wed 30 (3), Thu 31 (4), New Year Fri 1 January skipped,
    // Mon 4 (5), Tue 5 (6), Wed 6 (7), Thu 7 (8), Fri 8 (9), Mon 11 (10).
    expect(purchaseDeadlines('NSW', '2026-12-23', { paymentMethod: 'cash', priceCents: 10_000_00 })).toEqual([
      { kind: 'nsw_police_transfer', dueOn: '2026-12-30' },
      { kind: 'austrac_ttr', dueOn: '2027-01-11' },
    ]);
    // One cent under: no TTR.
    expect(purchaseDeadlines('QLD', '2026-12-23', { paymentMethod: 'cash', priceCents: 9_999_99 })).toEqual(
      [],
    );
    // Victoria, Friday 30 October 2026: Melbourne Cup Tuesday 3 November skipped. Mon 2 (1), Wed 4 (2),
    // Thu 5 (3), Fri 6 (4), Mon 9 (5), Tue 10 (6), Wed 11 (7), Thu 12 (8), Fri 13 (9), Mon 16 (10).
    expect(purchaseDeadlines('VIC', '2026-10-30', { paymentMethod: 'cash', priceCents: 12_000_00 })).toEqual([
      { kind: 'austrac_ttr', dueOn: '2026-11-16' },
    ]);
  });

  it('gives a suspicious-matter note 3 business days', () => {
    // Friday 4 December 2026: Mon 7 (1), Tue 8 (2), Wed 9 (3).
    expect(deadlineDueOn('NSW', 'austrac_smr', '2026-12-04')).toBe('2026-12-09');
    // Noted on Saturday 5 December: the count starts on Monday all the same.
    expect(deadlineDueOn('NSW', 'austrac_smr', '2026-12-05')).toBe('2026-12-09');
  });

  it('flags cash payments by one seller that reach $10,000 within 30 days', () => {
    // $6,000 on 1 March and $6,000 on 21 March 2026: 20 days apart, $12,000 together.
    expect(
      [
        ...linkedCashPayments([
          { id: 'a', day: '2026-03-01', cents: 6_000_00 },
          { id: 'b', day: '2026-03-21', cents: 6_000_00 },
        ]),
      ].sort(),
    ).toEqual(['a', 'b']);
    // 1 March and 1 April: 31 days apart, not linked. 30 days apart (31 March) is.
    expect(
      linkedCashPayments([
        { id: 'a', day: '2026-03-01', cents: 6_000_00 },
        { id: 'b', day: '2026-04-01', cents: 6_000_00 },
      ]).size,
    ).toBe(0);
    expect(
      linkedCashPayments([
        { id: 'a', day: '2026-03-01', cents: 6_000_00 },
        { id: 'b', day: '2026-03-31', cents: 6_000_00 },
      ]).size,
    ).toBe(2);
    // $4,000 + $5,000 = $9,000 stays under; a third $1,000 in the window reaches $10,000.
    const under = [
      { id: 'a', day: '2026-03-01', cents: 4_000_00 },
      { id: 'b', day: '2026-03-10', cents: 5_000_00 },
    ];
    expect(linkedCashPayments(under).size).toBe(0);
    expect(linkedCashPayments([...under, { id: 'c', day: '2026-03-20', cents: 1_000_00 }]).size).toBe(3);
    // A payment of $10,000 or more has its own TTR and is not counted as linked.
    expect(
      linkedCashPayments([
        { id: 'a', day: '2026-03-01', cents: 10_000_00 },
        { id: 'b', day: '2026-03-02', cents: 1_000_00 },
      ]).size,
    ).toBe(0);
  });

  it('matches a seller without case, spaces or punctuation', () => {
    expect(sellerKey('Mary-Jane O’Brien', '12 George St, Paddington')).toBe(
      sellerKey('mary jane obrien', '12 George St Paddington'),
    );
    expect(sellerKey('Mary Jane', '12 George St')).not.toBe(sellerKey('Mary Jane', '14 George St'));
  });

  it('validates the inputs', () => {
    expect(
      suspiciousMatterInputSchema.safeParse({ purchaseId: crypto.randomUUID(), note: '  ' }).success,
    ).toBe(false);
    expect(
      completeDeadlineInputSchema.parse({ id: '00000000-0000-4000-8000-000000000001', reference: ' ' }),
    ).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      reference: null,
    });
  });
});
