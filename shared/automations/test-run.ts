import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '../enquiries/status.ts';
import type { BranchCondition, FlowDefinition, FlowStep } from './flows.ts';
import { afterWait, nextWeekdayAt, outsideQuietHours } from './timing.ts';

// The editor's "test run for one contact" (decision 061): what the flow would send, and when, for
// one contact entering now, under stated assumptions for each branch. It follows the same timing
// rules as the engine (shared/automations/timing.ts), the weekly cap included when the server
// passes the contact's recent marketing sends; consent and suppression depend on the database and
// are applied by the server to this plan (applyTestRunFacts).

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A send held by the cap and by quiet hours in turn settles within a few tries; a bound all the same. */
const MAX_HOLDS = 20;

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
  /**
   * The weekly cap on marketing e-mail and the contact's marketing sends it counts now (the
   * engine's `recentMarketingSends`); without it no send is held by the cap.
   */
  marketingCap?: { weeklyCap: number; recentSends: Date[] };
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
  // The marketing sends the cap counts: the contact's recent ones, then this plan's own.
  const sent = [...(input.marketingCap?.recentSends ?? [])];
  /**
   * When a marketing send due at `when` may leave under the cap, as the engine decides it
   * (engine.ts): with `weeklyCap` sends in the week before, it waits until the oldest of the last
   * `weeklyCap` is a week and a second old; null when it may leave now.
   */
  const capHold = (when: Date): Date | null => {
    if (!input.marketingCap) return null;
    const { weeklyCap } = input.marketingCap;
    const counted = sent
      .filter((t) => t.getTime() > when.getTime() - WEEK_MS)
      .sort((a, b) => a.getTime() - b.getTime());
    if (counted.length < weeklyCap) return null;
    return new Date(counted[counted.length - weeklyCap]!.getTime() + WEEK_MS + 1000);
  };
  const push = (step: { id: string }, kind: PlannedStep['kind'], text: string) =>
    plan.push({ stepId: step.id, kind, at: at.toISOString(), text });

  // Returns false once the contact has left the flow (an exit step).
  const run = (steps: FlowStep[]): boolean => {
    for (const step of steps) {
      switch (step.type) {
        case 'send': {
          const name = input.templateNames[step.templateId] ?? 'a template that no longer exists';
          let quiet = false;
          let capped = false;
          if (step.template === 'marketing') {
            // The engine's order at every try: quiet hours, then the cap. A send the cap holds is
            // tried again at its new time, which may fall in quiet hours; every later step then
            // follows from the time it actually leaves.
            for (let tries = 0; tries < MAX_HOLDS; tries += 1) {
              if (input.respectQuietHours) {
                const allowed = outsideQuietHours(at, input.timeZone);
                if (allowed.getTime() > at.getTime()) {
                  at = allowed;
                  quiet = true;
                }
              }
              const held = capHold(at);
              if (!held) break;
              at = held;
              capped = true;
            }
            sent.push(at);
          }
          push(
            step,
            'send',
            `Send “${name}”${quiet ? ' (held until quiet hours end)' : ''}${
              capped ? ` (held: weekly cap of ${input.marketingCap?.weeklyCap} reached)` : ''
            }`,
          );
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
