import { describe, expect, it } from 'vitest';
import { CSV_CELL_SAMPLES } from '#test/support/csv.ts';
import { csvText } from './csv.ts';

// The Node writer against the same hand-written fields the COPY path is held to (csv.db.test.ts):
// one definition of a CSV field for every export (decision 022).

describe('csvText', () => {
  it.each(CSV_CELL_SAMPLES)('writes %j as %j', (value, written) => {
    expect(csvText([[value, 'No']])).toBe(`${written},No\n`);
  });

  it('ends every row with LF and joins fields with commas', () => {
    expect(
      csvText([
        ['Date', 'Watch'],
        ['2026-12-07', 'Rolex, Submariner'],
      ]),
    ).toBe('Date,Watch\n2026-12-07,"Rolex, Submariner"\n');
  });
});
