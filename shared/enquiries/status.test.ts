import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  checkTransition,
  closedStatuses,
  ENQUIRY_TRANSITIONS,
  enquiryStatuses,
  isClosed,
  takesOffers,
} from './status.ts';

describe('enquiry transitions', () => {
  it('walks the happy path New → Contacted → Offer made → Accepted → Purchased', () => {
    const path = ['new', 'contacted', 'offer_made', 'accepted', 'purchased'] as const;
    for (let i = 1; i < path.length; i++)
      expect(checkTransition(path[i - 1]!, path[i]!, null)).toEqual({ ok: true });
  });

  it('keeps Purchased final', () => {
    expect(allowedTransitions('purchased')).toEqual([]);
    for (const to of enquiryStatuses) expect(checkTransition('purchased', to, 'x').ok).toBe(false);
  });

  it('refuses skipping back or forward outside the table', () => {
    expect(checkTransition('new', 'purchased', null)).toEqual({
      ok: false,
      message: 'An enquiry cannot move from New to Purchased.',
    });
    expect(checkTransition('accepted', 'new', null).ok).toBe(false);
    expect(checkTransition('spam', 'contacted', null).ok).toBe(false);
    expect(checkTransition('new', 'new', null).ok).toBe(false);
  });

  it('requires a reason for Lost, and only for Lost', () => {
    expect(checkTransition('contacted', 'lost', null).ok).toBe(false);
    expect(checkTransition('contacted', 'lost', '   ').ok).toBe(false);
    expect(checkTransition('contacted', 'lost', 'Sold elsewhere').ok).toBe(true);
    expect(checkTransition('contacted', 'declined', null).ok).toBe(true);
    expect(checkTransition('new', 'spam', null).ok).toBe(true);
  });

  it('lets a closed enquiry be reopened, and no status reach itself', () => {
    expect(checkTransition('declined', 'contacted', null).ok).toBe(true);
    expect(checkTransition('lost', 'contacted', null).ok).toBe(true);
    expect(checkTransition('spam', 'new', null).ok).toBe(true);
    for (const from of enquiryStatuses) expect(ENQUIRY_TRANSITIONS[from]).not.toContain(from);
  });

  it('names Declined, Lost and Spam as the closed statuses', () => {
    expect(enquiryStatuses.filter(isClosed)).toEqual([...closedStatuses]);
    expect(isClosed('purchased')).toBe(false);
  });

  it('takes offers until the enquiry is purchased or closed', () => {
    expect(enquiryStatuses.filter(takesOffers)).toEqual(['new', 'contacted', 'offer_made', 'accepted']);
  });
});
