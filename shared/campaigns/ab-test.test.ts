import { describe, expect, it } from 'vitest';
import {
  type AbVariantResult,
  abRecipientsPerSubject,
  abSmallTestWarning,
  abTestSchema,
  abTestSize,
  pickWinner,
} from './ab-test.ts';

const result = (variant: 'A' | 'B', openRate: number | null, clickRate: number | null): AbVariantResult => ({
  variant,
  subject: variant,
  sent: 10,
  delivered: 10,
  opened: 0,
  clicked: 0,
  openRate,
  clickRate,
});

describe('A/B subject test rules (decision 037)', () => {
  it('accepts the limits and refuses what lies outside them with the form’s messages', () => {
    const valid = { subjectB: 'B', testPercent: 10, waitHours: 24, metric: 'clicks' };
    expect(abTestSchema.parse(valid)).toEqual(valid);
    expect(abTestSchema.parse({ ...valid, testPercent: 50, waitHours: 1 }).testPercent).toBe(50);
    const message = (input: object) =>
      abTestSchema.safeParse({ ...valid, ...input }).error?.issues[0]?.message;
    expect(message({ testPercent: 9 })).toBe('The test share must be at least 10%');
    expect(message({ testPercent: 51 })).toBe('The test share must be at most 50%');
    expect(message({ testPercent: 12.5 })).toBe('The test share is a whole percentage');
    expect(message({ waitHours: 0 })).toBe('Wait at least 1 hour');
    expect(message({ waitHours: 25 })).toBe('Wait at most 24 hours');
    expect(message({ subjectB: '  ' })).toBe('Subject line B is required');
    expect(message({ subjectB: 'a\r\nBcc: x@example.com' })).toBe('Subject B cannot contain line breaks');
    expect(message({ metric: 'revenue' })).toBe('Choose how the winner is picked');
  });

  it('sizes the test share, at least one recipient per subject, never more than the audience', () => {
    expect(abTestSize(1000, 20)).toBe(200);
    expect(abTestSize(7, 10)).toBe(2);
    expect(abTestSize(1, 50)).toBe(1);
    expect(abTestSize(0, 50)).toBe(0);
    expect(abTestSize(33, 50)).toBe(17);
  });

  it('picks the higher rate by the chosen metric; a tie or no data goes to A', () => {
    expect(pickWinner('opens', result('A', 10, 9), result('B', 12, 1))).toBe('B');
    expect(pickWinner('clicks', result('A', 10, 9), result('B', 12, 1))).toBe('A');
    expect(pickWinner('opens', result('A', 12, 0), result('B', 12, 0))).toBe('A');
    expect(pickWinner('opens', result('A', null, null), result('B', null, null))).toBe('A');
    expect(pickWinner('clicks', result('A', null, null), result('B', 0.1, 0.1))).toBe('B');
  });

  it('warns, with the numbers, when fewer than 100 recipients get each subject', () => {
    // 420 × 20 % = 84 in the test, 42 per subject.
    expect(abRecipientsPerSubject(420, 20)).toBe(42);
    expect(abSmallTestWarning(420, 20)).toBe(
      '42 recipients per subject: results under 100 per subject are mostly chance',
    );
    // 1,000 × 20 % = 200, 100 per subject: enough. 999 × 20 % = 200 too (rounded).
    expect(abSmallTestWarning(1000, 20)).toBeNull();
    expect(abSmallTestWarning(995, 20)).toBe(
      '99 recipients per subject: results under 100 per subject are mostly chance',
    );
    // An odd test size: the smaller half counts. A tiny list still gets one each.
    expect(abRecipientsPerSubject(1005, 20)).toBe(100);
    expect(abSmallTestWarning(3, 10)).toBe(
      '1 recipient per subject: results under 100 per subject are mostly chance',
    );
    // No audience yet: nothing to say.
    expect(abSmallTestWarning(0, 20)).toBeNull();
  });
});
