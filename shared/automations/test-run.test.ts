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
const plan = (assumptions: TestRunAssumptions, enteredAt: Date, respectQuietHours = true) =>
  planTestRun({
    steps,
    respectQuietHours,
    enteredAt,
    timeZone: 'Australia/Sydney',
    assumptions,
    templateNames: { [FIRST]: 'Welcome', [SECOND]: 'What we buy' },
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
});
