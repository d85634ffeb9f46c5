import { describe, expect, it } from 'vitest';
import {
  averageRate,
  bounceRate,
  complaintLevel,
  mergeRecentActivity,
  type RecentActivityItem,
} from './schemas.ts';

describe('dashboard rates', () => {
  it('averages rates rounded to one decimal, null without campaigns', () => {
    expect(averageRate([50, 33.33, 20])).toBe(34.4);
    expect(averageRate([])).toBeNull();
  });

  it('computes the bounce rate as bounces / sent x 100', () => {
    expect(bounceRate(3, 120)).toBe(2.5);
    expect(bounceRate(1, 3)).toBe(33.3);
    expect(bounceRate(0, 0)).toBeNull();
  });
});

describe('mergeRecentActivity', () => {
  it('merges newest first and keeps ten', () => {
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
    const campaigns: RecentActivityItem[] = [1, 5, 9, 13, 17].map((n) => ({
      kind: 'campaign_completed',
      id: `c${n}`,
      name: `C${n}`,
      recipients: 1,
      at: at(n),
    }));
    const unsubscribes: RecentActivityItem[] = [2, 3, 4, 20, 30, 0].map((n) => ({
      kind: 'unsubscribe',
      id: `u${n}`,
      email: `${n}@example.com`,
      action: 'email_unsubscribe',
      at: at(n),
    }));
    expect(mergeRecentActivity(campaigns, unsubscribes).map((i) => i.id)).toEqual([
      'u30',
      'u20',
      'c17',
      'c13',
      'c9',
      'c5',
      'u4',
      'u3',
      'u2',
      'c1',
    ]);
  });
});

describe("complaint rate against Gmail's lines (decision 074)", () => {
  it('is within the guidance up to 0.1 % inclusive, over it above, blocking from 0.3 %', () => {
    expect(complaintLevel(null)).toBe('none');
    expect(complaintLevel(0)).toBe('under');
    expect(complaintLevel(0.1)).toBe('under');
    expect(complaintLevel(0.11)).toBe('over_guidance');
    expect(complaintLevel(0.29)).toBe('over_guidance');
    expect(complaintLevel(0.3)).toBe('over_blocking');
    expect(complaintLevel(2)).toBe('over_blocking');
  });
});
