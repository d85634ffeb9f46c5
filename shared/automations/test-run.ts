import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '../enquiries/status.ts';
import type { BranchCondition, FlowDefinition, FlowStep } from './flows.ts';
import { afterWait, nextWeekdayAt, outsideQuietHours } from './timing.ts';

// The editor's "test run for one contact" (decision 061): what the flow would send, and when, for
// one contact entering now, under stated assumptions for each branch. It follows the same timing
// rules as the engine (shared/automations/timing.ts); consent, suppression and the frequency cap
// depend on the database and are reported by the server beside this plan.

export interface TestRunAssumptions {
  opened: boolean;
  clicked: boolean;
  enquiryStatus: EnquiryStatus | null;
  /** Segment id → whether the contact is in it. Unlisted segments count as not. */
  segments: Record<string, boolean>;
}

export interface PlannedStep {
  stepId: string;
  kind: 'send' | 'wait' | 'branch' | 'exit' | 'finish';
  /** When the step happens (ISO). */
  at: string;
  text: string;
}

export interface TestRunInput extends Pick<FlowDefinition, 'steps' | 'respectQuietHours'> {
  enteredAt: Date;
  timeZone: string;
  assumptions: TestRunAssumptions;
  /** Template id → name, for readable lines. */
  templateNames: Record<string, string>;
}

function conditionHolds(condition: BranchCondition, assumptions: TestRunAssumptions): boolean {
  switch (condition.type) {
    case 'opened_previous':
      return assumptions.opened;
    case 'clicked_previous':
      return assumptions.clicked;
    case 'enquiry_status':
      return assumptions.enquiryStatus !== null && condition.statuses.includes(assumptions.enquiryStatus);
    case 'in_segment':
      return assumptions.segments[condition.segmentId] === true;
  }
}

function describeCondition(condition: BranchCondition): string {
  switch (condition.type) {
    case 'opened_previous':
      return 'Opened the previous e-mail';
    case 'clicked_previous':
      return 'Clicked a link in the previous e-mail';
    case 'enquiry_status':
      return `Enquiry is ${condition.statuses.map((s) => ENQUIRY_STATUS_LABELS[s]).join(' or ')}`;
    case 'in_segment':
      return 'In the segment';
  }
}

/** The steps one contact would go through, in order, with their times. */
export function planTestRun(input: TestRunInput): PlannedStep[] {
  const plan: PlannedStep[] = [];
  let at = input.enteredAt;
  const push = (step: { id: string }, kind: PlannedStep['kind'], text: string) =>
    plan.push({ stepId: step.id, kind, at: at.toISOString(), text });

  // Returns false once the contact has left the flow (an exit step).
  const run = (steps: FlowStep[]): boolean => {
    for (const step of steps) {
      switch (step.type) {
        case 'send': {
          const name = input.templateNames[step.templateId] ?? 'a template that no longer exists';
          const held = step.template === 'marketing' && input.respectQuietHours;
          const sendAt = held ? outsideQuietHours(at, input.timeZone) : at;
          const waited = sendAt.getTime() !== at.getTime();
          at = sendAt;
          push(step, 'send', `Send “${name}”${waited ? ' (held until quiet hours end)' : ''}`);
          break;
        }
        case 'wait':
          at = afterWait(at, step, input.timeZone);
          push(step, 'wait', `Wait ${step.days} d ${step.hours} h ${step.minutes} min`);
          break;
        case 'wait_until':
          at = nextWeekdayAt(at, step.weekday, step.time, input.timeZone);
          push(step, 'wait', `Wait until ${step.weekday} ${step.time}`);
          break;
        case 'branch': {
          const holds = conditionHolds(step.condition, input.assumptions);
          push(step, 'branch', `${describeCondition(step.condition)}? ${holds ? 'Yes' : 'No'}`);
          if (!run(holds ? step.then : step.otherwise)) return false;
          break;
        }
        case 'exit':
          push(step, 'exit', 'Leaves the flow');
          return false;
      }
    }
    return true;
  };

  if (run(input.steps))
    plan.push({ stepId: 'end', kind: 'finish', at: at.toISOString(), text: 'Finishes the flow' });
  return plan;
}
