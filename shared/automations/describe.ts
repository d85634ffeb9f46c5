import { ENQUIRY_STATUS_LABELS } from '../enquiries/status.ts';
import type { TestRunFacts, TestRunLine } from './api.ts';
import { type BranchCondition, findStep, type FlowStep, type FlowTrigger } from './flows.ts';
import type { PlannedStep } from './test-run.ts';

// Flows read as sentences (decision 066): the list's trigger summary, the insight's and the
// contact page's step names, and the test run's lines with the server's facts applied.

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "When an enquiry becomes Offer made (Rolex, Omega)". */
export function triggerSummary(trigger: FlowTrigger, segmentNames: Record<string, string> = {}): string {
  switch (trigger.type) {
    case 'consent_confirmed':
      return 'When a contact confirms marketing consent';
    case 'enquiry_status':
      return `When an enquiry becomes ${ENQUIRY_STATUS_LABELS[trigger.status]}${
        trigger.brands.length > 0 ? ` (${trigger.brands.join(', ')})` : ''
      }`;
    case 'segment_entered':
      return `When a contact enters the segment ${
        segmentNames[trigger.segmentId] ? `“${segmentNames[trigger.segmentId]}”` : '(deleted segment)'
      }`;
    case 'after_purchase':
      return `${plural(trigger.days, 'day')} after a purchase${trigger.yearly ? ', then yearly' : ''}`;
    case 'no_engagement':
      return `No open or click for ${plural(trigger.days, 'day')}`;
    case 'became_inactive':
      return 'When a contact becomes inactive (the sunset policy in Settings)';
  }
}

function branchText(condition: BranchCondition): string {
  switch (condition.type) {
    case 'opened_previous':
      return 'If they opened the previous e-mail';
    case 'clicked_previous':
      return 'If they clicked in the previous e-mail';
    case 'enquiry_status':
      return `If the enquiry is ${condition.statuses.map((s) => ENQUIRY_STATUS_LABELS[s]).join(' or ')}`;
    case 'in_segment':
      return 'If they are in the segment';
  }
}

/** A step as one line: "Send “Welcome”", "Wait 2 d 0 h 0 min", "If opened the previous e-mail". */
export function describeStep(step: FlowStep, templateNames: Record<string, string> = {}): string {
  switch (step.type) {
    case 'send':
      if (!step.templateId) return 'Send an e-mail (no template chosen yet)';
      return `Send “${templateNames[step.templateId] ?? 'a deleted template'}”`;
    case 'wait':
      return `Wait ${[
        step.days ? plural(step.days, 'day') : '',
        step.hours ? plural(step.hours, 'hour') : '',
        step.minutes ? plural(step.minutes, 'minute') : '',
      ]
        .filter(Boolean)
        .join(' ')}`;
    case 'wait_until':
      return `Wait until ${step.weekday[0]!.toUpperCase()}${step.weekday.slice(1)} ${step.time}`;
    case 'branch':
      return branchText(step.condition);
    case 'exit':
      return 'Exit the flow';
  }
}

/**
 * The plan of a test run with what the server knows of the contact (decision 061): an
 * unsubscribed or suppressed contact leaves before the first step; a marketing send without
 * consent ends the run there. The weekly cap is the plan's own (planTestRun): a held send moves
 * the steps after it.
 */
export function applyTestRunFacts(
  plan: PlannedStep[],
  steps: FlowStep[],
  facts: Pick<TestRunFacts, 'consent' | 'unsubscribed' | 'suppressed'>,
): TestRunLine[] {
  const gone = facts.suppressed ? 'suppressed' : facts.unsubscribed ? 'unsubscribed' : null;
  if (gone) return plan.map((line) => ({ ...line, skipped: `skipped: ${gone}` }));
  let left = false;
  return plan.map((line) => {
    if (left) return { ...line, skipped: 'skipped: left the flow' };
    const step = findStep(steps, line.stepId);
    if (line.kind !== 'send' || step?.type !== 'send' || step.template !== 'marketing')
      return { ...line, skipped: null };
    if (!facts.consent) {
      left = true;
      return { ...line, skipped: 'skipped: no consent (leaves the flow here)' };
    }
    return { ...line, skipped: null };
  });
}
