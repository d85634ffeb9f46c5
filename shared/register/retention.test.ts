import { describe, expect, it } from 'vitest';
import { AU_STATES } from './states.ts';
import { addYears, keptUntilText, REGISTER_RETENTION, retentionYears } from './retention.ts';

// Decision 071: each state's register retention, dates worked out by hand.
describe('the register’s retention per state', () => {
  it('keeps a NSW purchase on 2026-03-15 until 2029-03-15, and the others for their years', () => {
    expect(addYears('2026-03-15', retentionYears('NSW', 1))).toBe('2029-03-15');
    expect(addYears('2026-03-15', retentionYears('VIC', 1))).toBe('2031-03-15');
    expect(addYears('2026-03-15', retentionYears('QLD', 1))).toBe('2028-03-15');
    expect(addYears('2026-03-15', retentionYears('WA', 1))).toBe('2033-03-15');
  });

  it('keeps for the business’s setting when it is longer than the state’s years, never shorter', () => {
    expect(retentionYears('NSW', 7)).toBe(7);
    expect(retentionYears('VIC', 2)).toBe(5);
    expect(addYears('2026-12-31', retentionYears('QLD', 7))).toBe('2033-12-31');
  });

  it('keeps a purchase on 29 February until 1 March in a year without one', () => {
    expect(addYears('2028-02-29', 3)).toBe('2031-03-01');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
  });

  it('says where the date comes from, to confirm', () => {
    expect(keptUntilText('NSW', '2026-03-15', '2029-03-15')).toBe(
      'Kept until 2029-03-15 (state rule, confirm with your licence)',
    );
    expect(keptUntilText('NSW', '2026-03-15', '2033-03-15')).toBe(
      'Kept until 2033-03-15 (the business’s 7-year setting, longer than the NSW rule of 3 years; confirm with your licence)',
    );
  });

  it('names an act (or its absence) and asks to confirm for every state', () => {
    for (const state of AU_STATES) {
      const rule = REGISTER_RETENTION[state];
      expect(rule.source).toMatch(/Act \d{4} \(|No second-hand dealers act/);
      expect(rule.confirm).toBe('state rule, confirm with your licence');
      expect(rule.years).toBeGreaterThanOrEqual(1);
    }
  });
});
