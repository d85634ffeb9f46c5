import { describe, expect, it } from 'vitest';
import type { SendEventRow } from '#shared/campaigns/send-events.ts';
import { safeHttpUrl, sendEventDetail, sendEventLabel } from './send-event-labels.ts';

const base: SendEventRow = {
  id: 'e',
  type: 'email.bounced',
  occurredAt: null,
  receivedAt: '2026-11-21T10:00:00.000Z',
  bounceType: 'Permanent',
  bounceSubType: 'General',
  bounceMessage: 'Mailbox does not exist',
  clickedLink: null,
  failureReason: null,
  fromSendRecord: false,
};

describe('send event labels', () => {
  it('names known types and keeps unknown ones', () => {
    expect(sendEventLabel('email.complained').label).toBe('Marked as spam');
    expect(sendEventLabel('email.scheduled')).toEqual({ label: 'email.scheduled', color: 'gray' });
  });

  it('describes a bounce with its kind and message, a failure with its reason', () => {
    expect(sendEventDetail(base)).toBe('Permanent / General: Mailbox does not exist');
    expect(sendEventDetail({ ...base, bounceSubType: null, bounceMessage: null })).toBe('Permanent');
    expect(sendEventDetail({ ...base, type: 'email.failed', failureReason: 'reached_daily_quota' })).toBe(
      'reached_daily_quota',
    );
    expect(sendEventDetail({ ...base, type: 'email.delivered' })).toBeNull();
  });

  it('links only http(s) addresses', () => {
    expect(safeHttpUrl('https://sterlingwatchbuyers.com.au/sell')).toBe(
      'https://sterlingwatchbuyers.com.au/sell',
    );
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
