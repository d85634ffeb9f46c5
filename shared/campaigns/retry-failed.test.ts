import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, canRetryFailedSends } from './schemas.ts';

describe('canRetryFailedSends', () => {
  it('offers Retry failed only for a finished campaign with failed sends', () => {
    const offered = CAMPAIGN_STATUSES.filter((status) => canRetryFailedSends({ status, failedCount: 3 }));
    expect(offered).toEqual(['completed', 'failed']);
    expect(canRetryFailedSends({ status: 'completed', failedCount: 0 })).toBe(false);
    expect(canRetryFailedSends({ status: 'failed', failedCount: 0 })).toBe(false);
  });
});
