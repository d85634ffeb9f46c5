import { describe, expect, it } from 'vitest';
import type { FlowStep } from './flows.ts';
import { planTestRun, type TestRunAssumptions } from './test-run.ts';

const FIRST = '0b6f4d0e-7d0b-4c53-9f8e-2f6a0f3b1a11';
const SECOND = '5d1c0f0a-2a8b-4f7e-9a61-3c7e8f9d0b22';
const steps: FlowStep[] = [
  { id: 'first', type: 'send', templateId: FIRST, template: 'marketing' },
  { id: 'pause', type: 'wait', days: 3, hours: 0, minutes: 0 },
  {
    id: 'opened',
    type: 'branch',
    condition: { type: 'opened_previous' },
    then: [{ id: 'second', type: 'send', templateId: SECOND, template: 'marketing' }],
    otherwise: [{ id: 'leave', type: 'exit' }],
  },
];
const none: TestRunAssumptions = { opened: false, clicked: false, enquiryStatus: null, segments: {} };
const plan = (
  assumptions: TestRunAssumptions,
  enteredAt: Date,
  respectQuietHours = true,
  marketingCap?: { weeklyCap: number; recentSends: Date[] },
) =>
  planTestRun({
    steps,
    respectQuietHours,
    enteredAt,
    timeZone: 'Australia/Sydney',
    assumptions,
    templateNames: { [FIRST]: 'Welcome', [SECOND]: 'What we buy' },
    ...(marketingCap ? { marketingCap } : {}),
  }).map((p) => `${p.at} ${p.kind} ${p.text}`);

describe('a test run for one contact', () => {
  it('shows each send and wait with its time, and the way a branch goes', () => {
    expect(plan({ ...none, opened: true }, new Date('2026-11-25T03:00:00Z'))).toEqual([
      '2026-11-25T03:00:00.000Z send Send “Welcome”',
      '2026-11-28T03:00:00.000Z wait Wait 3 d 0 h 0 min',
      '2026-11-28T03:00:00.000Z branch Opened the previous e-mail? Yes',
      '2026-11-28T03:00:00.000Z send Send “What we buy”',
      '2026-11-28T03:00:00.000Z finish Finishes the flow',
    ]);
  });

  it('stops at an exit', () => {
    expect(plan(none, new Date('2026-11-25T03:00:00Z')).at(-1)).toBe(
      '2026-11-28T03:00:00.000Z exit Leaves the flow',
    );
  });

  it('holds a marketing send entered at night until the morning unless the flow says not to', () => {
    const night = new Date('2026-11-25T12:00:00Z'); // 23:00 in Sydney
    expect(plan(none, night)[0]).toBe(
      '2026-11-25T21:00:00.000Z send Send “Welcome” (held until quiet hours end)',
    );
    expect(plan(none, night, false)[0]).toBe('2026-11-25T12:00:00.000Z send Send “Welcome”');
  });

  it('moves every step after a send the weekly cap holds by the engine’s delay', () => {
    // One marketing e-mail two days ago, a cap of one a week: the first send waits until that
    // e-mail is a week and a second old, and the wait, the branch and the second send follow it.
    const entered = new Date('2026-11-25T03:00:00Z');
    const cap = { weeklyCap: 1, recentSends: [new Date('2026-11-23T03:00:00Z')] };
    expect(plan({ ...none, opened: true }, entered, false, cap)).toEqual([
      '2026-11-30T03:00:01.000Z send Send “Welcome” (held: weekly cap of 1 reached)',
      '2026-12-03T03:00:01.000Z wait Wait 3 d 0 h 0 min',
      '2026-12-03T03:00:01.000Z branch Opened the previous e-mail? Yes',
      // The first send, three days before, is now the one in the week: held again.
      '2026-12-07T03:00:02.000Z send Send “What we buy” (held: weekly cap of 1 reached)',
      '2026-12-07T03:00:02.000Z finish Finishes the flow',
    ]);
    // Under the cap nothing moves.
    expect(plan({ ...none, opened: true }, entered, false, { ...cap, weeklyCap: 2 })[1]).toBe(
      '2026-11-28T03:00:00.000Z wait Wait 3 d 0 h 0 min',
    );
  });

  it('holds a capped send that would leave at night until the morning, as the engine tries again', () => {
    // The counted e-mail left at 23:00 in Sydney: a week and a second later is quiet hours.
    const entered = new Date('2026-11-25T03:00:00Z');
    const cap = { weeklyCap: 1, recentSends: [new Date('2026-11-24T12:00:00Z')] };
    expect(plan(none, entered, true, cap).slice(0, 2)).toEqual([
      '2026-12-01T21:00:00.000Z send Send “Welcome” (held until quiet hours end) (held: weekly cap of 1 reached)',
      '2026-12-04T21:00:00.000Z wait Wait 3 d 0 h 0 min',
    ]);
  });
});
