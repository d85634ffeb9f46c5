import { describe, expect, it } from 'vitest';
import {
  branchTarget,
  findStep,
  FLOW_MESSAGES,
  flowDefinitionSchema,
  MAX_FLOW_STEPS,
  rawStepTreeProblem,
  stepAfter,
  type FlowStep,
} from './flows.ts';

const TEMPLATE = '0b6f4d0e-7d0b-4c53-9f8e-2f6a0f3b1a11';
const SEGMENT = '7c2a4a55-5f0d-4f43-8b51-0d3c2b9d6e22';

const welcome = {
  name: 'Welcome series',
  description: 'Two e-mails for a new subscriber',
  trigger: { type: 'consent_confirmed' },
  reentry: 'once',
  respectQuietHours: true,
  steps: [
    { id: 'first', type: 'send', templateId: TEMPLATE, template: 'marketing' },
    { id: 'pause', type: 'wait', days: 3, hours: 0, minutes: 0 },
    {
      id: 'opened',
      type: 'branch',
      condition: { type: 'opened_previous' },
      then: [{ id: 'second', type: 'send', templateId: TEMPLATE, template: 'marketing' }],
      otherwise: [{ id: 'leave', type: 'exit' }],
    },
  ],
};

const messagesOf = (input: unknown) => {
  const parsed = flowDefinitionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('flow definitions', () => {
  it('accepts a welcome series with a branch on opens', () => {
    expect(messagesOf(welcome)).toEqual([]);
  });

  it('stores template and segment ids lower-case, whatever case they came in', () => {
    const shouted = {
      ...welcome,
      trigger: { type: 'segment_entered', segmentId: SEGMENT.toUpperCase() },
      steps: [{ id: 'first', type: 'send', templateId: TEMPLATE.toUpperCase(), template: 'marketing' }],
    };
    const parsed = flowDefinitionSchema.parse(shouted);
    expect(parsed.trigger).toEqual({ type: 'segment_entered', segmentId: SEGMENT });
    expect(parsed.steps[0]).toMatchObject({ templateId: TEMPLATE });
  });

  it('refuses two steps with one id, anywhere in the tree', () => {
    const steps = structuredClone(welcome.steps);
    (steps[2] as { then: FlowStep[] }).then[0]!.id = 'first';
    expect(messagesOf({ ...welcome, steps })).toEqual([FLOW_MESSAGES.duplicateStepId('first')]);
  });

  it('refuses a flow that sends nothing', () => {
    expect(
      messagesOf({ ...welcome, steps: [{ id: 'w', type: 'wait', days: 1, hours: 0, minutes: 0 }] }),
    ).toEqual([FLOW_MESSAGES.noSend]);
  });

  it('keeps reply templates and status branches to flows started by an enquiry', () => {
    const steps = [
      { id: 'reply', type: 'send', templateId: TEMPLATE, template: 'reply' },
      {
        id: 'status',
        type: 'branch',
        condition: { type: 'enquiry_status', statuses: ['offer_made'] },
        then: [],
        otherwise: [],
      },
    ];
    expect(messagesOf({ ...welcome, steps })).toEqual([
      FLOW_MESSAGES.replyNeedsEnquiry,
      FLOW_MESSAGES.statusNeedsEnquiry,
    ]);
    const enquiryFlow = {
      ...welcome,
      trigger: { type: 'enquiry_status', status: 'offer_made', brands: ['Rolex'] },
    };
    expect(messagesOf({ ...enquiryFlow, steps })).toEqual([]);
    const anniversary = { ...welcome, trigger: { type: 'after_purchase', days: 365, yearly: true } };
    expect(messagesOf({ ...anniversary, steps })).toEqual([]);
  });

  it('branches on opens or clicks only after a send on every way there', () => {
    const steps = [
      {
        id: 'b',
        type: 'branch',
        condition: { type: 'in_segment', segmentId: SEGMENT },
        then: [{ id: 's', type: 'send', templateId: TEMPLATE, template: 'marketing' }],
        otherwise: [],
      },
      { id: 'c', type: 'branch', condition: { type: 'clicked_previous' }, then: [], otherwise: [] },
    ];
    expect(messagesOf({ ...welcome, steps })).toEqual([FLOW_MESSAGES.engagementNeedsSend]);
  });

  it('refuses steps after an exit, empty and overlong waits, and bad times', () => {
    const steps = [
      { id: 'x', type: 'exit' },
      { id: 's', type: 'send', templateId: TEMPLATE, template: 'marketing' },
      { id: 'w0', type: 'wait', days: 0, hours: 0, minutes: 0 },
      { id: 'w1', type: 'wait', days: 366, hours: 0, minutes: 0 },
      { id: 'u', type: 'wait_until', weekday: 'monday', time: '24:00' },
    ];
    const messages = messagesOf({ ...welcome, steps });
    expect(messages).toContain(FLOW_MESSAGES.stepsAfterExit);
    expect(messages).toContain(FLOW_MESSAGES.emptyWait);
    expect(messages.some((m) => m.includes('365'))).toBe(true);
    expect(messages).toContain('Enter a time as HH:MM');
  });

  it('caps the size and depth of the tree', () => {
    const many = Array.from({ length: MAX_FLOW_STEPS + 1 }, (_, i) => ({
      id: `s${i}`,
      type: 'send',
      templateId: TEMPLATE,
      template: 'marketing',
    }));
    expect(messagesOf({ ...welcome, steps: many })).toEqual([FLOW_MESSAGES.tooManySteps]);
    let nested: unknown[] = [{ id: 'leaf', type: 'send', templateId: TEMPLATE, template: 'marketing' }];
    for (let depth = 0; depth < 4; depth += 1)
      nested = [
        {
          id: `b${depth}`,
          type: 'branch',
          condition: { type: 'in_segment', segmentId: SEGMENT },
          then: nested,
          otherwise: [],
        },
      ];
    expect(messagesOf({ ...welcome, steps: nested })).toEqual([FLOW_MESSAGES.tooDeep]);
  });

  it('refuses unknown triggers, statuses and brands at the boundary', () => {
    expect(messagesOf({ ...welcome, trigger: { type: 'birthday' } })).not.toEqual([]);
    expect(
      messagesOf({ ...welcome, trigger: { type: 'enquiry_status', status: 'sold', brands: [] } }),
    ).toEqual(['Choose a status']);
    expect(
      messagesOf({ ...welcome, trigger: { type: 'enquiry_status', status: 'purchased', brands: ['Casio'] } }),
    ).toEqual(['Choose a brand']);
  });
});

describe('moving through a flow', () => {
  const steps = welcome.steps as FlowStep[];
  const nested: FlowStep[] = [
    {
      id: 'b',
      type: 'branch',
      condition: { type: 'clicked_previous' },
      then: [
        { id: 't1', type: 'send', templateId: TEMPLATE, template: 'marketing' },
        {
          id: 'inner',
          type: 'branch',
          condition: { type: 'in_segment', segmentId: SEGMENT },
          then: [],
          otherwise: [{ id: 'o1', type: 'wait', days: 1, hours: 0, minutes: 0 }],
        },
      ],
      otherwise: [],
    },
    { id: 'last', type: 'send', templateId: TEMPLATE, template: 'marketing' },
  ];

  it('goes to the next step, out of a branch at the end of its arm, and ends after the last', () => {
    expect(stepAfter(steps, 'first')).toBe('pause');
    expect(stepAfter(steps, 'second')).toBeNull();
    expect(stepAfter(nested, 't1')).toBe('inner');
    expect(stepAfter(nested, 'o1')).toBe('last');
    expect(stepAfter(nested, 'inner')).toBe('last');
    expect(stepAfter(nested, 'last')).toBeNull();
    expect(stepAfter(nested, 'missing')).toBeUndefined();
  });

  it('follows a branch into its arm, or past it when the arm is empty', () => {
    const outer = findStep(nested, 'b') as Extract<FlowStep, { type: 'branch' }>;
    const inner = findStep(nested, 'inner') as Extract<FlowStep, { type: 'branch' }>;
    expect(branchTarget(nested, outer, true)).toBe('t1');
    expect(branchTarget(nested, outer, false)).toBe('last');
    expect(branchTarget(nested, inner, true)).toBe('last');
    expect(branchTarget(nested, inner, false)).toBe('o1');
    expect(findStep(nested, 'o1')?.type).toBe('wait');
  });
});

describe('flow documents past the raw ceilings (decision 068)', () => {
  const nestedBranches = (depth: number) => {
    let steps: unknown[] = [{ id: 'leave', type: 'exit' }];
    for (let i = 0; i < depth; i += 1)
      steps = [
        { id: `b${i}`, type: 'branch', condition: { type: 'opened_previous' }, then: [], otherwise: steps },
      ];
    return steps;
  };

  it('refuses a tree 2,000 deep with one message at the steps, without overflowing', () => {
    const parsed = flowDefinitionSchema.safeParse({ ...welcome, steps: nestedBranches(2000) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.message, issue.path])).toEqual([
      ['Branches nest at most 3 deep', ['steps']],
    ]);
  });

  it('draws the ceilings at 16 branches deep and 500 steps in all', () => {
    expect(rawStepTreeProblem(nestedBranches(16))).toBeNull();
    expect(rawStepTreeProblem(nestedBranches(17))).toBe('Branches nest at most 3 deep');
    const exits = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, type: 'exit' }));
    expect(rawStepTreeProblem(exits(500))).toBeNull();
    expect(rawStepTreeProblem(exits(501))).toBe('A flow has at most 50 steps');
    // Counted across the arms too: 2 branches of 250 steps each, plus the branches themselves.
    const arms = [
      { id: 'a', type: 'branch', then: exits(250), otherwise: [] },
      { id: 'b', type: 'branch', then: [], otherwise: exits(250) },
    ];
    expect(rawStepTreeProblem(arms)).toBe('A flow has at most 50 steps');
    expect(rawStepTreeProblem('not a list')).toBeNull();
  });
});
