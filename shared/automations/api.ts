import { z } from 'zod';
import { enquiryStatuses } from '../enquiries/status.ts';
import { flowDefinitionSchema, type FlowDefinition, type FlowTrigger } from './flows.ts';
import type { PlannedStep } from './test-run.ts';

// The flows admin's inputs and answers (decision 066): one schema per input, read by the editor
// and by the `admin.automations` router at its boundary.

export const FLOW_STATES = ['off', 'live', 'paused'] as const;
export type FlowState = (typeof FLOW_STATES)[number];

export const FLOW_STATE_LABELS: Record<FlowState, string> = {
  off: 'Off',
  live: 'Live',
  paused: 'Paused',
};

export const AUTOMATION_MESSAGES = {
  notFound: 'Flow not found',
  nameTaken: 'A flow with this name already exists',
  stale: (version: number, by: string | null) =>
    `${by ?? 'Another member'} saved version ${version} of this flow while you were editing. Reload it to see their changes, then edit again.`,
  missingTemplate: 'A template this flow sends no longer exists: choose another before switching it on',
  wrongTemplateKind: (name: string, kind: 'marketing' | 'reply') =>
    `“${name}” is not a ${kind} template: choose a ${kind} template before switching the flow on`,
  templateGone: 'A template this flow sends no longer exists: choose another before saving',
  missingSegment: 'A segment this flow uses no longer exists: choose another before switching it on',
  deleteRan: 'This flow has already run for contacts: switch it off instead of deleting it',
  contactNotFound: 'Contact not found',
} as const;

const flowId = z.uuid({ error: AUTOMATION_MESSAGES.notFound });

export const flowIdInputSchema = z.object({ id: flowId });

export const flowGetInputSchema = z.object({
  id: flowId,
  /** An old version to read (the history's read-only view); the current one when absent. */
  version: z.int().min(1).optional(),
});

export const flowCreateInputSchema = flowDefinitionSchema;

export const flowSaveInputSchema = z.object({
  id: flowId,
  /** The version the editor loaded: saving over a newer one is refused (decision 066). */
  baseVersion: z.int().min(1),
  definition: flowDefinitionSchema,
});

export const flowSetStateInputSchema = z.object({
  id: flowId,
  state: z.enum(FLOW_STATES, { error: 'Choose off, live or paused' }),
});

export const testRunAssumptionsSchema = z.object({
  opened: z.boolean(),
  clicked: z.boolean(),
  enquiryStatus: z.enum(enquiryStatuses, { error: 'Choose a status' }).nullable(),
  segments: z.record(z.uuid(), z.boolean()),
});

export const flowTestRunInputSchema = z.object({
  /** The definition on screen, saved or not: a test run checks an edit before it goes live. */
  definition: flowDefinitionSchema,
  contactId: z.uuid({ error: AUTOMATION_MESSAGES.contactNotFound }),
  assumptions: testRunAssumptionsSchema,
});

export const flowInsightInputSchema = z.object({ id: flowId, version: z.int().min(1).optional() });

export const contactFlowsInputSchema = z.object({
  contactId: z.uuid({ error: AUTOMATION_MESSAGES.contactNotFound }),
});

// ---- Answers ----------------------------------------------------------------------------------

export interface FlowListItem {
  id: string;
  name: string;
  description: string;
  state: FlowState;
  /** Why the platform paused it (the complaint brake, decision 074); null after an admin's change. */
  pauseReason: string | null;
  trigger: FlowTrigger;
  triggerSummary: string;
  version: number;
  entered: number;
  waiting: number;
  finished: number;
  updatedAt: string;
}

export interface FlowVersionItem {
  version: number;
  savedAt: string;
  /** The member's name, or address without one; null for a version the app saved (a starter flow). */
  savedBy: string | null;
  /** The member's address, shown on hover (decision 095). */
  savedByEmail: string | null;
}

export interface FlowDetail {
  id: string;
  state: FlowState;
  /** Why the platform paused it (the complaint brake, decision 074); null after an admin's change. */
  pauseReason: string | null;
  currentVersion: number;
  /** The version `definition` is (the current one unless an old one was asked for). */
  version: number;
  definition: FlowDefinition;
  versions: FlowVersionItem[];
  /** Runs ever started (0: the flow may still be deleted). */
  runs: number;
  /** Names of the templates and segments this version uses, for readers who cannot list them. */
  templateNames: Record<string, string>;
  segmentNames: Record<string, string>;
}

/** What the server knows of the contact, reported beside the plan (decision 061). */
export interface TestRunFacts {
  contactLabel: string;
  consent: boolean;
  unsubscribed: boolean;
  suppressed: boolean;
  weeklyCap: number;
  marketingSendsThisWeek: number;
  timeZone: string;
}

export interface TestRunLine extends PlannedStep {
  /** Why this line would not happen for this contact ("skipped: no consent"), or null. */
  skipped: string | null;
}

export interface TestRunResult {
  facts: TestRunFacts;
  lines: TestRunLine[];
}

export interface StepInsight {
  stepId: string;
  entered: number;
  waiting: number;
  sent: number;
  opened: number;
  clicked: number;
  exited: number;
  exitReasons: Array<{ reason: string; count: number }>;
}

export interface FlowInsight {
  version: number;
  steps: StepInsight[];
}

export interface ContactFlowRun {
  runId: string;
  flowId: string;
  flowName: string;
  version: number;
  state: 'waiting' | 'finished' | 'exited';
  currentStep: string | null;
  exitReason: string | null;
  enteredAt: string;
  finishedAt: string | null;
  steps: Array<{ stepId: string; outcome: string; doneAt: string; text: string }>;
}
