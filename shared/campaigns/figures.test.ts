import { describe, expect, it } from 'vitest';
import { campaignRates, rateOf } from './figures.ts';

describe('campaign figures (decision 052)', () => {
  it('gives a rate in percent, or null with nothing to divide by', () => {
    expect(rateOf(4, 7)).toBeCloseTo(57.142857, 5);
    expect(rateOf(0, 7)).toBe(0);
    expect(rateOf(0, 0)).toBeNull();
    expect(rateOf(3, 0)).toBeNull();
  });

  it('takes open and click rates over delivered sends and the bounce rate over sent ones', () => {
    const rates = campaignRates({ sent: 8, delivered: 7, opened: 4, clicked: 2, bounced: 1 });
    expect(rates.openRate).toBeCloseTo(57.142857, 5);
    expect(rates.clickRate).toBeCloseTo(28.571428, 5);
    expect(rates.bounceRate).toBe(12.5);
  });

  it('has no rates before anything was sent or delivered', () => {
    expect(campaignRates({ sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0 })).toEqual({
      openRate: null,
      clickRate: null,
      bounceRate: null,
    });
    // Sent but nothing delivered yet: a bounce rate, no open or click rate.
    expect(campaignRates({ sent: 2, delivered: 0, opened: 0, clicked: 0, bounced: 1 })).toEqual({
      openRate: null,
      clickRate: null,
      bounceRate: 50,
    });
  });
});
