import { describe, expect, it } from 'vitest';
import { liveNoticeText } from './live.ts';

// Decision 063: the assignee's notice, one sentence per kind of change.
describe('liveNoticeText', () => {
  it('names the change and the watch', () => {
    expect(liveNoticeText('offer_accepted', 'Rolex Datejust')).toBe(
      'The seller accepted the offer on Rolex Datejust',
    );
    expect(liveNoticeText('offer_declined', 'Rolex Datejust')).toBe(
      'The seller declined the offer on Rolex Datejust',
    );
    expect(liveNoticeText('incoming_message', 'Omega Speedmaster')).toBe(
      'New message from the seller on Omega Speedmaster',
    );
  });
});
