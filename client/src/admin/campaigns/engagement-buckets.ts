import type { CampaignEngagementPoint } from '#shared/campaigns/schemas.ts';
import type { DisplayTime } from '../widgets/display-time.tsx';

type BucketTime = Pick<DisplayTime, 'formatDate' | 'formatHour'>;

/** The engagement chart's x-axis label of a bucket, in the admin's display zone. */
export const label = (point: Pick<CampaignEngagementPoint, 'at' | 'unit'>, time: BucketTime) =>
  point.unit === 'hour' ? time.formatHour(point.at) : time.formatDate(point.at);

const HOUR_MS = 3_600_000;

/**
 * The label of the bucket an instant falls in, when the chart has that bucket. The server sends
 * every bucket, empty ones as zeros (hours first, then days): an hour holds the instant when it
 * began at most an hour before; a day, up to the next day's start (23 or 25 hours across DST).
 */
export function bucketLabel(
  points: CampaignEngagementPoint[],
  iso: string | null,
  time: BucketTime,
): string | null {
  if (!iso) return null;
  const at = new Date(iso).getTime();
  const bucket = points.find((point, i) => {
    const start = new Date(point.at).getTime();
    if (start > at) return false;
    if (point.unit === 'hour') return at < start + HOUR_MS;
    const next = points[i + 1];
    return next ? at < new Date(next.at).getTime() : at < start + 25 * HOUR_MS;
  });
  return bucket ? label(bucket, time) : null;
}
