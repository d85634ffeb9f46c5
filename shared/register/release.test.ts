import { describe, expect, it } from 'vitest';
import { releaseMissing, releaseStatus } from './release.ts';

// Decision 071: what a release still needs and the status the held stock list shows.
const TODAY = '2026-12-06';
const clear = {
  releasedAt: null,
  heldUntil: '2026-12-05',
  stolenRegisterChecked: true,
  openNoticeReferences: [],
};

describe('releasing from the hold', () => {
  it('may go once the hold ended yesterday, a check is recorded and no notice is open', () => {
    expect(releaseMissing(clear, TODAY)).toEqual([]);
    expect(releaseStatus(clear, TODAY)).toBe('releasable');
    expect(releaseStatus({ ...clear, heldUntil: null }, TODAY)).toBe('releasable');
  });

  it('is still held on the hold’s last day, unless released early', () => {
    const held = { ...clear, heldUntil: '2026-12-06' };
    expect(releaseMissing(held, TODAY)).toEqual([
      'it is held until 2026-12-06 (give a reason to release it early)',
    ]);
    expect(releaseMissing(held, TODAY, true)).toEqual([]);
    expect(releaseStatus(held, TODAY)).toBe('in_hold');
  });

  it('names every missing step; an early release skips only the hold', () => {
    const facts = {
      releasedAt: null,
      heldUntil: '2026-12-10',
      stolenRegisterChecked: false,
      openNoticeReferences: ['HN-1', 'HN-2'],
    };
    expect(releaseMissing(facts, TODAY)).toEqual([
      'a police hold notice is open (HN-1, HN-2): it must be lifted first',
      'no stolen-goods check is recorded',
      'it is held until 2026-12-10 (give a reason to release it early)',
    ]);
    expect(releaseMissing(facts, TODAY, true)).toHaveLength(2);
    expect(releaseStatus(facts, TODAY)).toBe('police_hold');
    expect(releaseStatus({ ...facts, openNoticeReferences: [] }, TODAY)).toBe('in_hold');
    expect(releaseStatus({ ...facts, openNoticeReferences: [], heldUntil: null }, TODAY)).toBe('needs_check');
    expect(releaseStatus({ ...facts, releasedAt: '2026-12-01T00:00:00.000Z' }, TODAY)).toBe('released');
  });
});
