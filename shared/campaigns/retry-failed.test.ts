import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, campaignStatusLabel, canRetryFailedSends } from './schemas.ts';

describe('canRetryFailedSends', () => {
  it('offers Retry failed for a completed campaign with failed sends, and for any failed campaign', () => {
    const offered = CAMPAIGN_STATUSES.filter((status) => canRetryFailedSends({ status, failedCount: 3 }));
    expect(offered).toEqual(['completed', 'failed']);
    expect(canRetryFailedSends({ status: 'completed', failedCount: 0 })).toBe(false);
    // A job that gave up leaves recipients queued: the campaign must be able to carry on.
    expect(canRetryFailedSends({ status: 'failed', failedCount: 0 })).toBe(true);
  });
});

describe('campaignStatusLabel', () => {
  it('reads "completed with failures" only for a completed campaign with a failed send', () => {
    expect(campaignStatusLabel({ status: 'completed', failedCount: 3 })).toBe('completed with failures');
    expect(campaignStatusLabel({ status: 'completed', failedCount: 0 })).toBe('completed');
    expect(campaignStatusLabel({ status: 'failed', failedCount: 3 })).toBe('failed');
    expect(campaignStatusLabel({ status: 'sending', failedCount: 1 })).toBe('sending');
  });
});
