import { describe, expect, it } from 'vitest';
import { attributeTouches, type TouchCandidate } from './attribution.ts';

const CONTACT = 'contact-1';
const SUBMITTED = new Date('2026-12-01T12:00:00.000Z');
const daysBefore = (days: number, extraMs = 0) => new Date(SUBMITTED.getTime() - days * 86_400_000 + extraMs);

function touch(over: Partial<TouchCandidate>): TouchCandidate {
  return {
    source: 'campaign',
    sourceId: 'c-1',
    kind: 'click',
    at: daysBefore(1),
    machine: false,
    contactId: CONTACT,
    ...over,
  };
}

describe('attributeTouches (decision 096)', () => {
  it('has no touch without candidates', () => {
    expect(attributeTouches([], SUBMITTED, 30, CONTACT)).toBeNull();
  });

  it('keeps the earliest click as first and the latest as last', () => {
    const result = attributeTouches(
      [
        touch({ sourceId: 'c-2', at: daysBefore(3) }),
        touch({ sourceId: 'c-1', at: daysBefore(10) }),
        touch({ source: 'flow', sourceId: 'f-1', at: daysBefore(2) }),
      ],
      SUBMITTED,
      30,
      CONTACT,
    );
    expect(result).toEqual({
      first: { source: 'campaign', sourceId: 'c-1', kind: 'click', at: daysBefore(10) },
      last: { source: 'flow', sourceId: 'f-1', kind: 'click', at: daysBefore(2) },
    });
  });

  it('counts the window inclusive at its start and nothing after the submission', () => {
    const result = attributeTouches(
      [
        touch({ sourceId: 'too-old', at: daysBefore(30, -1) }),
        touch({ sourceId: 'edge', at: daysBefore(30) }),
        touch({ sourceId: 'after', at: new Date(SUBMITTED.getTime() + 1) }),
      ],
      SUBMITTED,
      30,
      CONTACT,
    );
    expect(result?.first.sourceId).toBe('edge');
    expect(result?.last.sourceId).toBe('edge');
    expect(attributeTouches([touch({ at: daysBefore(8) })], SUBMITTED, 7, CONTACT)).toBeNull();
  });

  it('weighs opens lower: an open counts only when the window holds no click', () => {
    const open = touch({ sourceId: 'opened', kind: 'open', at: daysBefore(1) });
    const click = touch({ sourceId: 'clicked', kind: 'click', at: daysBefore(5) });
    expect(attributeTouches([open, click], SUBMITTED, 30, CONTACT)?.last).toEqual({
      source: 'campaign',
      sourceId: 'clicked',
      kind: 'click',
      at: daysBefore(5),
    });
    expect(attributeTouches([open], SUBMITTED, 30, CONTACT)?.last.kind).toBe('open');
    // A click outside the window does not outweigh an open inside it.
    const oldClick = touch({ sourceId: 'old', at: daysBefore(40) });
    expect(attributeTouches([open, oldClick], SUBMITTED, 30, CONTACT)?.first.sourceId).toBe('opened');
  });

  it('never counts a machine open (decision 025), but a machine-flagged click is still a click', () => {
    expect(attributeTouches([touch({ kind: 'open', machine: true })], SUBMITTED, 30, CONTACT)).toBeNull();
    expect(
      attributeTouches([touch({ kind: 'click', machine: true })], SUBMITTED, 30, CONTACT)?.last.kind,
    ).toBe('click');
  });

  it('ignores sends that no longer name the contact (erased) or name another one', () => {
    const erased = touch({ sourceId: 'erased', contactId: null });
    const other = touch({ sourceId: 'other', contactId: 'contact-2' });
    expect(attributeTouches([erased, other], SUBMITTED, 30, CONTACT)).toBeNull();
  });

  it('breaks ties at one instant: a campaign before a flow, then the smaller id, first and last alike', () => {
    const at = daysBefore(2);
    const result = attributeTouches(
      [
        touch({ source: 'flow', sourceId: 'a-flow', at }),
        touch({ source: 'campaign', sourceId: 'z-campaign', at }),
        touch({ source: 'campaign', sourceId: 'b-campaign', at }),
      ],
      SUBMITTED,
      30,
      CONTACT,
    );
    expect(result?.first.sourceId).toBe('b-campaign');
    expect(result?.last.sourceId).toBe('b-campaign');
  });
});
