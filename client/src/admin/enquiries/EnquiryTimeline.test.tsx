import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '#shared/enquiries/schemas.ts';
import { displayTime } from '../widgets/display-time.tsx';
import { describeEntry } from './EnquiryTimeline.tsx';

const sydney = displayTime('Australia/Sydney');

const at = '2026-06-01T02:00:00.000Z';
const accepted = (typedName: string | null): TimelineEntry => ({
  kind: 'offer_response',
  at,
  offerId: 'offer-1',
  response: 'accepted',
  typedName,
  reason: null,
});
const message = (body: string): TimelineEntry => ({
  kind: 'incoming',
  at,
  messageId: 'message-1',
  source: 'seller_page',
  from: 'Mary',
  subject: null,
  body,
  read: true,
  attachments: [],
});

// Retention (decision 026) empties the typed name and the seller's words of a closed enquiry; the
// timeline says they were removed instead of quoting nothing.
describe('timeline entries after retention', () => {
  it('quotes the typed name while it is kept', () => {
    expect(describeEntry(accepted('Mary Jones'), false, sydney)).toEqual({
      title: 'Offer accepted on the seller\'s page, signed "Mary Jones"',
      body: null,
    });
  });

  it('says the signed name was removed, never signed ""', () => {
    for (const typedName of ['', null]) {
      const { title, body } = describeEntry(accepted(typedName), true, sydney);
      expect(title).toBe("Offer accepted on the seller's page");
      expect(body).toBe('Signed name: Removed under the retention policy.');
    }
  });

  it("says a seller's removed message was removed, and shows a kept one as written", () => {
    expect(describeEntry(message(''), true, sydney)).toEqual({
      title: 'Message from Mary on their page',
      body: 'Removed under the retention policy.',
    });
    expect(describeEntry(message('Is Tuesday fine?'), true, sydney).body).toBe('Is Tuesday fine?');
    // Before retention an e-mail may be attachments only: nothing is claimed removed.
    expect(describeEntry(message(''), false, sydney).body).toBe('');
  });
});

// Decision 095: a member is named by name, the address as the title (hover), "System" for the app.
describe('who did it, on the timeline', () => {
  const names = { 'grace@example.com': 'Grace Buyer' };
  const title = (entry: TimelineEntry) =>
    renderToStaticMarkup(describeEntry(entry, false, sydney, names).title);

  it('names a member by name with the address on hover, or by address without a name', () => {
    expect(title({ kind: 'note', at, body: 'Called', actor: 'grace@example.com' })).toBe(
      'Note by <span title="grace@example.com">Grace Buyer</span>',
    );
    expect(title({ kind: 'note', at, body: 'Called', actor: 'sam@example.com' })).toBe(
      'Note by sam@example.com',
    );
    expect(
      title({
        kind: 'assignment',
        at,
        assigneeEmail: 'sam@example.com',
        assigneeName: 'Sam Desk',
        actor: 'grace@example.com',
      }),
    ).toBe(
      'Assigned to <span title="sam@example.com">Sam Desk</span> by <span title="grace@example.com">Grace Buyer</span>',
    );
  });

  it('says nothing of a member for what the app did itself', () => {
    expect(title({ kind: 'note', at, body: 'x', actor: null })).toBe('Note');
  });
});
