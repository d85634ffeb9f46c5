import {
  type FlowDefinition,
  flowDefinitionSchema,
  type FlowStep,
  type FlowTrigger,
  placedSteps,
} from '#shared/automations/flows.ts';
import { formatWeekdayClock } from '#shared/time/format.ts';

// The flow editor's state and its edits (decision 066): a definition held as the schema's type,
// with empty strings where a choice is still to be made, validated by the shared schema. Each
// step sits in a list named by its path (['steps'], ['steps', 2, 'then'], ...), the same path the
// schema's messages carry, so a message is shown beside the step it is about.

export type StepPath = (string | number)[];
export type StepType = FlowStep['type'];

export const STEP_TYPE_LABELS: Record<StepType, string> = {
  send: 'Send an e-mail',
  wait: 'Wait',
  wait_until: 'Wait until a day and time',
  branch: 'If / else',
  exit: 'Exit',
};

export function emptyFlow(): FlowDefinition {
  return {
    name: '',
    description: '',
    trigger: { type: 'consent_confirmed' },
    reentry: 'once',
    respectQuietHours: true,
    steps: [],
  };
}

/** A trigger of the chosen type with its fields at their starting values. */
export function triggerOfType(type: FlowTrigger['type']): FlowTrigger {
  switch (type) {
    case 'consent_confirmed':
      return { type };
    case 'enquiry_status':
      return { type, status: 'offer_made', brands: [] };
    case 'segment_entered':
      return { type, segmentId: '' };
    case 'after_purchase':
      return { type, days: 30, yearly: false };
    case 'no_engagement':
      return { type, days: 90 };
    case 'became_inactive':
      return { type };
  }
}

/** A fresh step id unique in the tree: the type's short name and the next free number. */
export function newStepId(steps: FlowStep[], type: StepType): string {
  const taken = new Set(placedSteps(steps).map((p) => p.step.id));
  const stem = type.replace('_', '-');
  for (let n = 1; ; n += 1) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

export function newStep(steps: FlowStep[], type: StepType): FlowStep {
  const id = newStepId(steps, type);
  switch (type) {
    case 'send':
      return { id, type, templateId: '', template: 'marketing' };
    case 'wait':
      return { id, type, days: 1, hours: 0, minutes: 0 };
    case 'wait_until':
      return { id, type, weekday: 'monday', time: '09:00' };
    case 'branch':
      return { id, type, condition: { type: 'opened_previous' }, then: [], otherwise: [] };
    case 'exit':
      return { id, type };
  }
}

/** Applies `change` to the list at `path` (['steps'] or a branch arm below it). */
export function editList(
  steps: FlowStep[],
  path: StepPath,
  change: (list: FlowStep[]) => FlowStep[],
): FlowStep[] {
  const [, ...rest] = path;
  const walk = (list: FlowStep[], at: StepPath): FlowStep[] => {
    if (at.length === 0) return change(list);
    const [index, arm, ...deeper] = at;
    return list.map((step, i) => {
      if (i !== index || step.type !== 'branch' || (arm !== 'then' && arm !== 'otherwise')) return step;
      return { ...step, [arm]: walk(step[arm], deeper) };
    });
  };
  return walk(steps, rest);
}

export function addStep(steps: FlowStep[], listPath: StepPath, type: StepType): FlowStep[] {
  const step = newStep(steps, type);
  return editList(steps, listPath, (list) => [...list, step]);
}

export function removeStep(steps: FlowStep[], listPath: StepPath, index: number): FlowStep[] {
  return editList(steps, listPath, (list) => list.filter((_, i) => i !== index));
}

export function moveStep(steps: FlowStep[], listPath: StepPath, index: number, by: -1 | 1): FlowStep[] {
  return editList(steps, listPath, (list) => {
    const target = index + by;
    if (target < 0 || target >= list.length) return list;
    const next = [...list];
    [next[index], next[target]] = [next[target]!, next[index]!];
    return next;
  });
}

export function replaceStep(
  steps: FlowStep[],
  listPath: StepPath,
  index: number,
  step: FlowStep,
): FlowStep[] {
  return editList(steps, listPath, (list) => list.map((s, i) => (i === index ? step : s)));
}

/** The schema's messages by path ("steps.2.then.0.templateId" → message); the first per path. */
export function flowErrors(definition: FlowDefinition): Record<string, string> {
  const result = flowDefinitionSchema.safeParse(definition);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Messages for one step: those on its own path and on any of its fields (not its arms' steps). */
export function stepErrors(errors: Record<string, string>, stepPath: StepPath): string[] {
  const prefix = stepPath.join('.');
  return Object.entries(errors)
    .filter(([key]) => {
      if (key === prefix) return true;
      if (!key.startsWith(`${prefix}.`)) return false;
      const rest = key.slice(prefix.length + 1).split('.');
      // A union's failed member shows its field ("templateId"); nested arm steps show their own.
      return !((rest[0] === 'then' || rest[0] === 'otherwise') && rest.length > 1);
    })
    .map(([, message]) => message);
}

/**
 * The question before a flow goes live: a segment trigger takes in everyone already in the
 * segment at once, so the figure is given; other triggers start with the next occurrence.
 */
export function liveConfirmText(name: string, trigger: FlowTrigger['type'], contacts: number | null): string {
  if (trigger === 'segment_entered')
    return contacts === null
      ? `“${name}” starts for everyone in its segment. Counting them…`
      : `${new Intl.NumberFormat('en-AU').format(contacts)} ${contacts === 1 ? 'contact' : 'contacts'} may enter at once: everyone in the segment now. “${name}” then starts for each contact who joins it.`;
  return `“${name}” starts for each contact from the next time its trigger happens.`;
}

/** "Mon 2 Dec 08:00" in the business timezone: the test run's timeline. */
export function formatPlanTime(iso: string, timeZone: string): string {
  return formatWeekdayClock(iso, timeZone);
}
