import { describe, expect, it } from 'vitest';
import { funnelCsv } from './csv.ts';
import type { FunnelRow } from './schemas.ts';

const row = (over: Partial<FunnelRow>): FunnelRow => ({
  key: 'k',
  label: 'Campaign: Spring',
  enquiries: 6,
  contacted: 4,
  offered: 3,
  accepted: 2,
  purchased: 2,
  purchaseValueCents: 3_140_000,
  averageFirstOfferCents: null,
  averagePriceCents: null,
  medianHoursToFirstReply: 3,
  medianHoursToOffer: 24,
  medianHoursToPurchase: null,
  ...over,
});

describe('funnelCsv', () => {
  it('writes a header and one line per row, money in dollars', () => {
    expect(funnelCsv([row({})]).split('\r\n')).toEqual([
      'Group,Enquiries,Contacted,Offered,Accepted,Purchased,Enquiry to purchase,Purchase value (AUD),Median hours to first reply,Median hours to offer,Median hours to purchase',
      'Campaign: Spring,6,4,3,2,2,33.3%,31400.00,3,24,',
      '',
    ]);
  });

  it('quotes commas and quotes, and defuses formulas', () => {
    const [, line] = funnelCsv([row({ label: '=HYPERLINK("x"), y', enquiries: 0, purchased: 0 })]).split(
      '\r\n',
    );
    expect(line).toBe(`"'=HYPERLINK(""x""), y",0,4,3,2,0,,31400.00,3,24,`);
  });
});
