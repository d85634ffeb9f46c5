/**
 * The postcode ranges of each Australian state and territory (decision 062), so a shipping kit's
 * address is refused when its postcode cannot be in the state chosen. Source: Australia Post's
 * allocation of postcodes by state, as tabulated in "Postcodes in Australia" (Wikipedia,
 * https://en.wikipedia.org/wiki/Postcodes_in_Australia, "Allocation" table), including the
 * PO-box and large-user ranges (NSW 1000–1999, VIC 8000–8999, QLD 9000–9999) and the ACT's
 * enclaves inside the NSW block (2600–2618, 2900–2920).
 */

export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AustralianStateCode = (typeof AUSTRALIAN_STATES)[number];

export const STATE_NAMES: Record<AustralianStateCode, string> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  SA: 'South Australia',
  TAS: 'Tasmania',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
};

/** Inclusive [from, to] ranges of four-digit postcodes. */
export const POSTCODE_RANGES: Record<AustralianStateCode, ReadonlyArray<readonly [number, number]>> = {
  NSW: [
    [1000, 1999],
    [2000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

/** Whether a four-digit postcode lies in one of the state's ranges. */
export function postcodeInState(postcode: string, state: AustralianStateCode): boolean {
  if (!/^\d{4}$/.test(postcode)) return false;
  const n = Number(postcode);
  return POSTCODE_RANGES[state].some(([from, to]) => n >= from && n <= to);
}
