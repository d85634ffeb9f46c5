import { z } from 'zod';
import { watchBrandChoices } from '../content/choices.ts';
import { enquiryStatuses, type EnquiryStatus } from '../enquiries/status.ts';

// An automation flow is data (decision 061): a trigger and a list of steps, branches nesting their
// own lists. The editor, the server's boundary and the engine read the same schema; a saved flow
// is one immutable version of it, so a contact finishes the version they started.

export const MAX_FLOW_NAME = 100;
export const MAX_FLOW_DESCRIPTION = 500;
/** Steps in the whole tree, branches included: a flow is a follow-up, not a program. */
export const MAX_FLOW_STEPS = 50;
/** Branches inside branches, at most this deep: deeper trees stop being readable as a list. */
export const MAX_BRANCH_DEPTH = 3;
export const MAX_WAIT_DAYS = 365;
export const MAX_TRIGGER_DAYS = 3650;

export const FLOW_MESSAGES = {
  duplicateStepId: (id: string) => `Two steps share the id "${id}"`,
  tooManySteps: `A flow has at most ${MAX_FLOW_STEPS} steps`,
  tooDeep: `Branches nest at most ${MAX_BRANCH_DEPTH} deep`,
  noSend: 'A flow needs at least one "Send an e-mail" step',
  replyNeedsEnquiry:
    'A reply template is sent as the enquiry’s assignee: use it only in a flow started by an enquiry',
  statusNeedsEnquiry: 'Only a flow started by an enquiry can branch on the enquiry’s status',
  engagementNeedsSend: 'Branch on opens or clicks only after a "Send an e-mail" step',
  stepsAfterExit: 'Nothing runs after "Exit": remove the steps below it or the exit',
  emptyWait: 'Wait at least one minute',
  waitTooLong: `Wait at most ${MAX_WAIT_DAYS} days`,
} as const;

const stepId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A step id is 1–40 lower-case letters, digits or dashes');
// Ids are stored lower-case, as PostgreSQL prints them, so the sender's and the template delete's
// text comparisons with the stored definition match whatever case a caller sent.
const uuid = z.uuid({ error: 'Choose one from the list' }).overwrite((id) => id.toLowerCase());

// ---- Triggers -------------------------------------------------------------------------------

export const flowTriggerSchema = z.discriminatedUnion('type', [
  /** A contact confirms marketing consent (double opt-in done, or given with evidence). */
  z.object({ type: z.literal('consent_confirmed') }),
  /** An enquiry enters a status, optionally only for some brands (none listed: any brand). */
  z.object({
    type: z.literal('enquiry_status'),
    status: z.enum(enquiryStatuses, { error: 'Choose a status' }),
    brands: z.array(z.enum(watchBrandChoices, { error: 'Choose a brand' })).max(20),
  }),
  /** A contact starts matching a segment. */
  z.object({ type: z.literal('segment_entered'), segmentId: uuid }),
  /** N days after a purchase; with `yearly`, again on each anniversary of that day. */
  z.object({
    type: z.literal('after_purchase'),
    days: z.int().min(0).max(MAX_TRIGGER_DAYS),
    yearly: z.boolean(),
  }),
  /** No open and no click for N days by a subscribed contact who was sent something. */
  z.object({ type: z.literal('no_engagement'), days: z.int().min(1).max(MAX_TRIGGER_DAYS) }),
  /**
   * A subscribed contact becomes inactive under the sunset policy (decision 089): no reader's open
   * or click for the settings' period. The re-permission starter flow asks them once.
   */
  z.object({ type: z.literal('became_inactive') }),
]);
export type FlowTrigger = z.infer<typeof flowTriggerSchema>;

/** Triggers that start a flow for one enquiry, so its steps may act as that enquiry's assignee. */
export function triggerHasEnquiry(trigger: FlowTrigger): boolean {
  return trigger.type === 'enquiry_status' || trigger.type === 'after_purchase';
}

// ---- Steps ----------------------------------------------------------------------------------

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type BranchCondition =
  | { type: 'opened_previous' }
  | { type: 'clicked_previous' }
  | { type: 'enquiry_status'; statuses: EnquiryStatus[] }
  | { type: 'in_segment'; segmentId: string };

export type FlowStep =
  | { id: string; type: 'send'; templateId: string; template: 'marketing' | 'reply' }
  | { id: string; type: 'wait'; days: number; hours: number; minutes: number }
  | { id: string; type: 'wait_until'; weekday: Weekday; time: string }
  | { id: string; type: 'branch'; condition: BranchCondition; then: FlowStep[]; otherwise: FlowStep[] }
  | { id: string; type: 'exit' };

const branchConditionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('opened_previous') }),
  z.object({ type: z.literal('clicked_previous') }),
  z.object({
    type: z.literal('enquiry_status'),
    statuses: z.array(z.enum(enquiryStatuses, { error: 'Choose a status' })).min(1, 'Choose a status'),
  }),
  z.object({ type: z.literal('in_segment'), segmentId: uuid }),
]) satisfies z.ZodType<BranchCondition>;

const waitStepSchema = z
  .object({
    id: stepId,
    type: z.literal('wait'),
    days: z.int().min(0).max(MAX_WAIT_DAYS),
    hours: z.int().min(0).max(23),
    minutes: z.int().min(0).max(59),
  })
  .refine((w) => w.days + w.hours + w.minutes > 0, { message: FLOW_MESSAGES.emptyWait, path: ['minutes'] })
  .refine((w) => w.days * 1440 + w.hours * 60 + w.minutes <= MAX_WAIT_DAYS * 1440, {
    message: FLOW_MESSAGES.waitTooLong,
    path: ['days'],
  });

export const flowStepSchema: z.ZodType<FlowStep> = z.lazy(() =>
  z.union([
    z.object({
      id: stepId,
      type: z.literal('send'),
      templateId: uuid,
      template: z.enum(['marketing', 'reply']),
    }),
    waitStepSchema,
    z.object({
      id: stepId,
      type: z.literal('wait_until'),
      weekday: z.enum(WEEKDAYS, { error: 'Choose a day' }),
      time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM'),
    }),
    z.object({
      id: stepId,
      type: z.literal('branch'),
      condition: branchConditionSchema,
      then: z.array(flowStepSchema),
      otherwise: z.array(flowStepSchema),
    }),
    z.object({ id: stepId, type: z.literal('exit') }),
  ]),
);

// ---- The flow -------------------------------------------------------------------------------

/**
 * What the raw steps may hold before the recursive schema reads them (decision 068): a flow nested
 * 2,000 deep overflowed the stack in the parse, and the answer carried the runtime's text. The
 * ceilings are above the product's limits, so a near miss still gets flowProblems' message at the
 * step's own path; past them the tree is refused whole, with the same sentence, before any recursion.
 */
export const MAX_RAW_BRANCH_DEPTH = 16;
export const MAX_RAW_STEPS = 500;

/** Walks the raw steps without recursion: the first limit passed, or null. */
export function rawStepTreeProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const lists: Array<{ list: unknown[]; depth: number }> = [{ list: value, depth: 0 }];
  let steps = 0;
  for (let next = lists.pop(); next; next = lists.pop()) {
    if (next.depth > MAX_RAW_BRANCH_DEPTH) return FLOW_MESSAGES.tooDeep;
    steps += next.list.length;
    if (steps > MAX_RAW_STEPS) return FLOW_MESSAGES.tooManySteps;
    for (const step of next.list) {
      if (typeof step !== 'object' || step === null) continue;
      for (const arm of [(step as { then?: unknown }).then, (step as { otherwise?: unknown }).otherwise])
        if (Array.isArray(arm)) lists.push({ list: arm, depth: next.depth + 1 });
    }
  }
  return null;
}

/** The steps, their raw tree's size checked first; the pipe stops there when it fails. */
const stepsSchema = z
  .custom<unknown[]>((value) => rawStepTreeProblem(value) === null, {
    error: (issue) => rawStepTreeProblem(issue.input) ?? FLOW_MESSAGES.tooDeep,
  })
  .pipe(z.array(flowStepSchema).min(1, 'Add a step'));

export const REENTRY_RULES = ['once', 'per_occurrence'] as const;

export const flowDefinitionSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(MAX_FLOW_NAME, `At most ${MAX_FLOW_NAME} characters`),
    description: z.string().trim().max(MAX_FLOW_DESCRIPTION, `At most ${MAX_FLOW_DESCRIPTION} characters`),
    trigger: flowTriggerSchema,
    /** Once ever per contact, or once per trigger occurrence (each enquiry, each anniversary). */
    reentry: z.enum(REENTRY_RULES),
    /** Marketing steps wait out 21:00–08:00 in the business timezone unless the flow says not to. */
    respectQuietHours: z.boolean(),
    steps: stepsSchema,
  })
  .superRefine((flow, ctx) => {
    for (const problem of flowProblems(flow)) ctx.addIssue({ code: 'custom', ...problem });
  });
export type FlowDefinition = z.infer<typeof flowDefinitionSchema>;

/** Each step with where it sits: its path in the definition, its depth and what ran before it. */
export interface PlacedStep {
  step: FlowStep;
  path: (string | number)[];
  depth: number;
  /** Whether a send step runs before this one on every way here. */
  afterSend: boolean;
}

/** Every step of the tree in reading order (a branch before its `then`, then its `otherwise`). */
export function placedSteps(steps: FlowStep[]): PlacedStep[] {
  const placed: PlacedStep[] = [];
  const walk = (list: FlowStep[], path: (string | number)[], depth: number, afterSendAtStart: boolean) => {
    let afterSend = afterSendAtStart;
    list.forEach((step, index) => {
      const here = [...path, index];
      placed.push({ step, path: here, depth, afterSend });
      if (step.type === 'branch') {
        walk(step.then, [...here, 'then'], depth + 1, afterSend);
        walk(step.otherwise, [...here, 'otherwise'], depth + 1, afterSend);
      }
      if (step.type === 'send') afterSend = true;
    });
  };
  walk(steps, ['steps'], 0, false);
  return placed;
}

/** The rules a single step's schema cannot see: ones about the whole tree and its trigger. */
export function flowProblems(flow: {
  trigger: FlowTrigger;
  steps: FlowStep[];
}): Array<{ message: string; path: (string | number)[] }> {
  const problems: Array<{ message: string; path: (string | number)[] }> = [];
  const placed = placedSteps(flow.steps);
  const withEnquiry = triggerHasEnquiry(flow.trigger);
  if (placed.length > MAX_FLOW_STEPS) problems.push({ message: FLOW_MESSAGES.tooManySteps, path: ['steps'] });
  if (!placed.some((p) => p.step.type === 'send'))
    problems.push({ message: FLOW_MESSAGES.noSend, path: ['steps'] });
  const seen = new Set<string>();
  for (const { step, path, depth, afterSend } of placed) {
    if (seen.has(step.id))
      problems.push({ message: FLOW_MESSAGES.duplicateStepId(step.id), path: [...path, 'id'] });
    seen.add(step.id);
    if (depth > MAX_BRANCH_DEPTH) problems.push({ message: FLOW_MESSAGES.tooDeep, path });
    if (step.type === 'send' && step.template === 'reply' && !withEnquiry)
      problems.push({ message: FLOW_MESSAGES.replyNeedsEnquiry, path: [...path, 'template'] });
    if (step.type === 'branch') {
      const condition = step.condition.type;
      if (condition === 'enquiry_status' && !withEnquiry)
        problems.push({ message: FLOW_MESSAGES.statusNeedsEnquiry, path: [...path, 'condition'] });
      if ((condition === 'opened_previous' || condition === 'clicked_previous') && !afterSend)
        problems.push({ message: FLOW_MESSAGES.engagementNeedsSend, path: [...path, 'condition'] });
    }
  }
  const exitsLast = (list: FlowStep[], path: (string | number)[]) => {
    list.forEach((step, index) => {
      if (step.type === 'exit' && index < list.length - 1)
        problems.push({ message: FLOW_MESSAGES.stepsAfterExit, path: [...path, index] });
      if (step.type === 'branch') {
        exitsLast(step.then, [...path, index, 'then']);
        exitsLast(step.otherwise, [...path, index, 'otherwise']);
      }
    });
  };
  exitsLast(flow.steps, ['steps']);
  return problems;
}

/** The step with this id anywhere in the tree, or undefined. */
export function findStep(steps: FlowStep[], id: string): FlowStep | undefined {
  for (const step of steps) {
    if (step.id === id) return step;
    if (step.type === 'branch') {
      const found = findStep(step.then, id) ?? findStep(step.otherwise, id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The id of the step that runs after step `id` has finished (a branch's own continuation, not
 * its arms): the next one in its list, or, at the end of a branch's arm, the step after that
 * branch. Null when the flow ends there; undefined when no step has this id.
 */
export function stepAfter(steps: FlowStep[], id: string): string | null | undefined {
  const search = (list: FlowStep[], after: string | null): string | null | undefined => {
    for (let index = 0; index < list.length; index += 1) {
      const step = list[index]!;
      const next = list[index + 1]?.id ?? after;
      if (step.id === id) return next;
      if (step.type === 'branch') {
        const inThen = search(step.then, next);
        if (inThen !== undefined) return inThen;
        const inOtherwise = search(step.otherwise, next);
        if (inOtherwise !== undefined) return inOtherwise;
      }
    }
    return undefined;
  };
  return search(steps, null);
}

/** Where a branch leads: the first step of the chosen arm, or the branch's continuation. */
export function branchTarget(
  steps: FlowStep[],
  branch: Extract<FlowStep, { type: 'branch' }>,
  holds: boolean,
) {
  const arm = holds ? branch.then : branch.otherwise;
  return arm[0]?.id ?? stepAfter(steps, branch.id) ?? null;
}
