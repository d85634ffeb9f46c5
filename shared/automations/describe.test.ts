import { describe, expect, it } from 'vitest';
import { applyTestRunFacts, describeStep, triggerSummary } from './describe.ts';
import type { FlowStep } from './flows.ts';
import type { PlannedStep } from './test-run.ts';

const NOW = new Date('2026-11-25T03:00:00Z');
const steps: FlowStep[] = [
  { id: 'a', type: 'send', templateId: 'ta', template: 'marketing' },
  { id: 'w', type: 'wait', days: 8, hours: 0, minutes: 0 },
  { id: 'b', type: 'send', templateId: 'tb', template: 'marketing' },
];
const plan: PlannedStep[] = [
  { stepId: 'a', kind: 'send', at: NOW.toISOString(), text: 'Send “A”' },
  { stepId: 'w', kind: 'wait', at: '2026-12-03T03:00:00.000Z', text: 'Wait 8 d 0 h 0 min' },
  { stepId: 'b', kind: 'send', at: '2026-12-03T03:00:00.000Z', text: 'Send “B”' },
  { stepId: 'end', kind: 'finish', at: '2026-12-03T03:00:00.000Z', text: 'Finishes the flow' },
];
const facts = { consent: true, unsubscribed: false, suppressed: false };

describe('test run facts (decision 066)', () => {
  it('leaves a plan alone for a contact who may be mailed', () => {
    expect(applyTestRunFacts(plan, steps, facts).map((l) => [l.text, l.skipped])).toEqual(
      plan.map((l) => [l.text, null]),
    );
  });

  it('ends the run at the first marketing send without consent, and skips all when unsubscribed', () => {
    expect(applyTestRunFacts(plan, steps, { ...facts, consent: false }).map((l) => l.skipped)).toEqual([
      'skipped: no consent (leaves the flow here)',
      'skipped: left the flow',
      'skipped: left the flow',
      'skipped: left the flow',
    ]);
    expect(
      applyTestRunFacts(plan, steps, { ...facts, suppressed: true }).every(
        (l) => l.skipped === 'skipped: suppressed',
      ),
    ).toBe(true);
  });

  it('reads triggers and steps as sentences', () => {
    expect(triggerSummary({ type: 'enquiry_status', status: 'offer_made', brands: ['Rolex'] })).toBe(
      'When an enquiry becomes Offer made (Rolex)',
    );
    expect(triggerSummary({ type: 'after_purchase', days: 1, yearly: true })).toBe(
      '1 day after a purchase, then yearly',
    );
    expect(describeStep({ id: 'w', type: 'wait', days: 2, hours: 1, minutes: 0 })).toBe('Wait 2 days 1 hour');
    expect(describeStep({ id: 'u', type: 'wait_until', weekday: 'monday', time: '09:00' })).toBe(
      'Wait until Monday 09:00',
    );
    expect(describeStep(steps[0]!, { ta: 'Welcome' })).toBe('Send “Welcome”');
  });
});
