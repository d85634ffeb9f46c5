import { describeStep, triggerSummary } from './describe.ts';
import type { FlowDefinition, FlowStep } from './flows.ts';

// What a saved version changed, in words (decision 061: each save is a new immutable version): the
// audit log shows "Step 2: Wait 2 days → Wait 1 day 12 hours" rather than only "Version 1 → 2".
// Steps are matched by their id, which the editor keeps while a step is edited or moved.

export interface FlowNames {
  templates: Record<string, string>;
  segments: Record<string, string>;
}

const REENTRY_WORDS: Record<FlowDefinition['reentry'], string> = {
  once: 'once ever per contact',
  per_occurrence: 'each time the trigger happens',
};

interface Located {
  step: FlowStep;
  /** "step 3 › if yes › step 1": where the editor shows it. */
  place: string;
  /** The list it sits in: "" for the top, "<branch id>/then" inside a branch. */
  parent: string;
}

function locate(steps: FlowStep[]): Located[] {
  const found: Located[] = [];
  const walk = (list: FlowStep[], prefix: string, parent: string) => {
    list.forEach((step, index) => {
      const place = `${prefix}step ${index + 1}`;
      found.push({ step, place, parent });
      if (step.type === 'branch') {
        walk(step.then, `${place} › if yes › `, `${step.id}/then`);
        walk(step.otherwise, `${place} › if no › `, `${step.id}/otherwise`);
      }
    });
  };
  walk(steps, '', '');
  return found;
}

function stepText(step: FlowStep, names: FlowNames): string {
  if (step.type === 'send' && step.template === 'reply')
    return `${describeStep(step, names.templates)} as a reply`;
  if (step.type === 'branch' && step.condition.type === 'in_segment') {
    const name = names.segments[step.condition.segmentId];
    return `If they are in the segment ${name ? `“${name}”` : '(deleted segment)'}`;
  }
  return describeStep(step, names.templates);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The ids of `located` in `parent`'s list that are also in `kept`, in order. */
function siblings(located: Located[], parent: string, kept: Set<string>): string[] {
  return located.filter((l) => l.parent === parent && kept.has(l.step.id)).map((l) => l.step.id);
}

/**
 * One line per change from `before` to `after`: the name, description, trigger, re-entry and
 * quiet-hours settings, then each step changed, added or moved (in the new version's order) and
 * each removed (in the old one's). Empty when the two versions read the same.
 */
export function describeFlowChanges(
  before: FlowDefinition,
  after: FlowDefinition,
  names: FlowNames = { templates: {}, segments: {} },
): string[] {
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`Name: “${before.name}” → “${after.name}”`);
  if (before.description !== after.description) lines.push('Description changed');
  const triggerBefore = triggerSummary(before.trigger, names.segments);
  const triggerAfter = triggerSummary(after.trigger, names.segments);
  if (triggerBefore !== triggerAfter) lines.push(`Trigger: ${triggerBefore} → ${triggerAfter}`);
  if (before.reentry !== after.reentry)
    lines.push(`Runs ${REENTRY_WORDS[before.reentry]} → ${REENTRY_WORDS[after.reentry]}`);
  if (before.respectQuietHours !== after.respectQuietHours)
    lines.push(after.respectQuietHours ? 'Quiet hours: off → on' : 'Quiet hours: on → off');

  const old = locate(before.steps);
  const now = locate(after.steps);
  const oldById = new Map(old.map((l) => [l.step.id, l]));
  const nowIds = new Set(now.map((l) => l.step.id));
  const kept = new Set(old.map((l) => l.step.id).filter((id) => nowIds.has(id)));
  for (const located of now) {
    const was = oldById.get(located.step.id);
    const text = stepText(located.step, names);
    if (!was) {
      lines.push(`Added ${located.place}: ${text}`);
      continue;
    }
    const wasText = stepText(was.step, names);
    const oldOrder = siblings(old, was.parent, kept);
    const newOrder = siblings(now, located.parent, kept);
    const moved =
      was.parent !== located.parent ||
      oldOrder.indexOf(located.step.id) !== newOrder.indexOf(located.step.id);
    if (moved) lines.push(`Moved ${wasText}: ${was.place} → ${located.place}`);
    if (wasText !== text) lines.push(`${capitalised(located.place)}: ${wasText} → ${text}`);
  }
  for (const located of old) {
    if (!nowIds.has(located.step.id))
      lines.push(`Removed ${located.place}: ${stepText(located.step, names)}`);
  }
  return lines;
}
