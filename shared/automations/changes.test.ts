import { describe, expect, it } from 'vitest';
import { describeFlowChanges } from './changes.ts';
import type { FlowDefinition } from './flows.ts';

// Hand-written versions and the lines a reader expects for each edit.

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const SEG = '33333333-3333-4333-8333-333333333333';
const names = { templates: { [T1]: 'Offer follow-up', [T2]: 'Last call' }, segments: { [SEG]: 'VIPs' } };

const v1: FlowDefinition = {
  name: 'Offer reminder',
  description: 'Nudges a seller who has an offer',
  trigger: { type: 'enquiry_status', status: 'offer_made', brands: [] },
  reentry: 'per_occurrence',
  respectQuietHours: true,
  steps: [
    { id: 'wait-1', type: 'wait', days: 2, hours: 0, minutes: 0 },
    { id: 'send-1', type: 'send', templateId: T1, template: 'reply' },
    {
      id: 'if-open',
      type: 'branch',
      condition: { type: 'opened_previous' },
      then: [{ id: 'done', type: 'exit' }],
      otherwise: [{ id: 'send-2', type: 'send', templateId: T2, template: 'marketing' }],
    },
  ],
};

describe('describeFlowChanges', () => {
  it('says nothing when the versions read the same', () => {
    expect(describeFlowChanges(v1, structuredClone(v1), names)).toEqual([]);
  });

  it('shows an edited wait as its old and new length', () => {
    const v2 = structuredClone(v1);
    v2.steps[0] = { id: 'wait-1', type: 'wait', days: 1, hours: 12, minutes: 0 };
    expect(describeFlowChanges(v1, v2, names)).toEqual(['Step 1: Wait 2 days → Wait 1 day 12 hours']);
  });

  it('names the settings that changed', () => {
    const v2: FlowDefinition = {
      ...structuredClone(v1),
      name: 'Offer nudge',
      description: 'Shorter',
      trigger: { type: 'segment_entered', segmentId: SEG },
      reentry: 'once',
      respectQuietHours: false,
    };
    expect(describeFlowChanges(v1, v2, names)).toEqual([
      'Name: “Offer reminder” → “Offer nudge”',
      'Description changed',
      'Trigger: When an enquiry becomes Offer made → When a contact enters the segment “VIPs”',
      'Runs each time the trigger happens → once ever per contact',
      'Quiet hours: on → off',
    ]);
  });

  it('lists added, removed and changed steps inside a branch by where they sit', () => {
    const v2 = structuredClone(v1);
    const branch = v2.steps[2];
    if (branch?.type !== 'branch') throw new Error('fixture');
    branch.then = [];
    branch.otherwise = [
      { id: 'send-2', type: 'send', templateId: T1, template: 'marketing' },
      { id: 'wait-2', type: 'wait', days: 0, hours: 0, minutes: 30 },
    ];
    expect(describeFlowChanges(v1, v2, names)).toEqual([
      'Step 3 › if no › step 1: Send “Last call” → Send “Offer follow-up”',
      'Added step 3 › if no › step 2: Wait 30 minutes',
      'Removed step 3 › if yes › step 1: Exit the flow',
    ]);
  });

  it('tells a move from an edit, and an insertion moves nothing', () => {
    const moved = structuredClone(v1);
    moved.steps = [moved.steps[1]!, moved.steps[0]!, moved.steps[2]!];
    expect(describeFlowChanges(v1, moved, names)).toEqual([
      'Moved Send “Offer follow-up” as a reply: step 2 → step 1',
      'Moved Wait 2 days: step 1 → step 2',
    ]);
    const inserted = structuredClone(v1);
    inserted.steps.unshift({ id: 'first', type: 'wait_until', weekday: 'monday', time: '09:30' });
    expect(describeFlowChanges(v1, inserted, names)).toEqual(['Added step 1: Wait until Monday 09:30']);
  });

  it('names a deleted template and segment as such', () => {
    const v2 = structuredClone(v1);
    v2.steps[2] = {
      id: 'if-open',
      type: 'branch',
      condition: { type: 'in_segment', segmentId: '44444444-4444-4444-8444-444444444444' },
      then: [{ id: 'done', type: 'exit' }],
      otherwise: [{ id: 'send-2', type: 'send', templateId: T2, template: 'marketing' }],
    };
    expect(describeFlowChanges(v1, v2, { templates: {}, segments: {} })).toEqual([
      'Step 3: If they opened the previous e-mail → If they are in the segment (deleted segment)',
    ]);
  });
});
