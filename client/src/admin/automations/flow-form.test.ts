import { describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowStep } from '#shared/automations/flows.ts';
import {
  addStep,
  emptyFlow,
  flowErrors,
  formatPlanTime,
  liveConfirmText,
  moveStep,
  newStepId,
  removeStep,
  stepErrors,
} from './flow-form.ts';

const TEMPLATE = '0b6f4d0e-7d0b-4c53-9f8e-2f6a0f3b1a11';

const tree: FlowStep[] = [
  { id: 'send-1', type: 'send', templateId: TEMPLATE, template: 'marketing' },
  {
    id: 'branch-1',
    type: 'branch',
    condition: { type: 'opened_previous' },
    then: [{ id: 'wait-1', type: 'wait', days: 1, hours: 0, minutes: 0 }],
    otherwise: [],
  },
];

const ids = (steps: FlowStep[]): string[] =>
  steps.flatMap((s) => [s.id, ...(s.type === 'branch' ? [...ids(s.then), '|', ...ids(s.otherwise)] : [])]);

describe('the flow editor’s edits (decision 066)', () => {
  it('adds a step to a branch arm with an id unused anywhere in the tree', () => {
    expect(newStepId(tree, 'wait')).toBe('wait-2');
    const added = addStep(tree, ['steps', 1, 'otherwise'], 'wait');
    expect(ids(added)).toEqual(['send-1', 'branch-1', 'wait-1', '|', 'wait-2']);
    // The original tree is left as it was (React state is replaced, never changed).
    expect(ids(tree)).toEqual(['send-1', 'branch-1', 'wait-1', '|']);
  });

  it('moves and removes steps within their own list only', () => {
    expect(ids(moveStep(tree, ['steps'], 0, 1))).toEqual(['branch-1', 'wait-1', '|', 'send-1']);
    expect(moveStep(tree, ['steps'], 0, -1)).toEqual(tree);
    const nested = addStep(tree, ['steps', 1, 'then'], 'exit');
    expect(ids(moveStep(nested, ['steps', 1, 'then'], 1, -1))).toEqual([
      'send-1',
      'branch-1',
      'exit-1',
      'wait-1',
      '|',
    ]);
    expect(ids(removeStep(nested, ['steps', 1, 'then'], 0))).toEqual(['send-1', 'branch-1', 'exit-1', '|']);
  });

  it('reads the shared schema’s messages by path and gives each step its own', () => {
    const flow: FlowDefinition = {
      ...emptyFlow(),
      name: 'Welcome',
      steps: addStep(addStep(tree, ['steps', 1, 'then'], 'send'), ['steps', 1, 'then'], 'exit'),
    };
    const errors = flowErrors(flow);
    expect(errors).toEqual({ 'steps.1.then.1.templateId': 'Choose one from the list' });
    expect(stepErrors(errors, ['steps', 1, 'then', 1])).toEqual(['Choose one from the list']);
    // The branch does not repeat its arm's messages; those show on the arm's own step.
    expect(stepErrors(errors, ['steps', 1])).toEqual([]);
    expect(flowErrors({ ...flow, name: ' ', steps: [] })).toEqual({
      name: 'Enter a name',
      steps: 'Add a step',
    });
  });

  it('warns how many may enter at once before a segment flow goes live', () => {
    expect(liveConfirmText('Spring', 'segment_entered', 1204)).toMatch(/^1,204 contacts may enter at once/);
    expect(liveConfirmText('Spring', 'segment_entered', 1)).toMatch(/^1 contact may enter at once/);
    expect(liveConfirmText('Welcome', 'consent_confirmed', null)).toBe(
      '“Welcome” starts for each contact from the next time its trigger happens.',
    );
  });

  it('writes the test run’s times in the business timezone', () => {
    expect(formatPlanTime('2026-12-01T21:00:00.000Z', 'Australia/Sydney')).toBe('Wed 2 Dec 08:00');
  });
});
