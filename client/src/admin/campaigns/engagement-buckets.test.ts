import { describe, expect, it } from 'vitest';
import type { CampaignEngagementPoint } from '#shared/campaigns/schemas.ts';
import { displayTime } from '../widgets/display-time.tsx';
import { bucketLabel as bucketIn, label as labelIn } from './engagement-buckets.ts';

const sydney = displayTime('Australia/Sydney');
const label = (point: CampaignEngagementPoint) => labelIn(point, sydney);
const bucketLabel = (points: CampaignEngagementPoint[], iso: string | null) => bucketIn(points, iso, sydney);

const zero = { delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 };
const hour = (at: string): CampaignEngagementPoint => ({ at, unit: 'hour', ...zero });
const day = (at: string): CampaignEngagementPoint => ({ at, unit: 'day', ...zero });

// As the server sends them: 48 hours from 10:00 UTC, then Sydney days (the first one begins at
// 13:00 UTC, before the hourly window ends at 10:00 UTC two days on).
const hours = Array.from({ length: 48 }, (_, i) =>
  hour(new Date(Date.UTC(2026, 10, 20, 10) + i * 3_600_000).toISOString()),
);
const points = [...hours, day('2026-11-21T13:00:00.000Z'), day('2026-11-22T13:00:00.000Z')];

describe('bucketLabel', () => {
  it('finds the hour an instant falls in, even when a day bucket began earlier', () => {
    expect(bucketLabel(points, '2026-11-21T16:20:00.000Z')).toBe(label(hour('2026-11-21T16:00:00.000Z')));
    expect(bucketLabel(points, '2026-11-20T10:00:00.000Z')).toBe(label(hours[0] ?? hour('')));
  });

  it('finds the day after the hourly window, and nothing outside the chart', () => {
    expect(bucketLabel(points, '2026-11-22T11:00:00.000Z')).toBe(label(day('2026-11-21T13:00:00.000Z')));
    expect(bucketLabel(points, '2026-11-23T05:00:00.000Z')).toBe(label(day('2026-11-22T13:00:00.000Z')));
    expect(bucketLabel(points, '2026-11-20T09:59:59.000Z')).toBeNull();
    expect(bucketLabel(points, '2026-11-25T00:00:00.000Z')).toBeNull();
    expect(bucketLabel(points, null)).toBeNull();
  });
});

describe('label', () => {
  it('writes an hour or a day in the display zone', () => {
    // 16:00 UTC on 21 November is 3 am on the 22nd in Sydney (UTC+11); 13:00 UTC starts the 22nd.
    expect(label(hour('2026-11-21T16:00:00.000Z'))).toBe('22 Nov, 3 am');
    expect(label(day('2026-11-21T13:00:00.000Z'))).toBe('22 Nov 2026');
  });
});
