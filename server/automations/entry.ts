// What other features may use of automations/ (decision 049): they import this file, never its others.
// Features that record a trigger's event call these hooks in their own transaction (decision 064);
// automations imports none of them back, so the dependency runs one way.
export { enterConsentConfirmed, enterEnquiryStatus } from './triggers.ts';
// The flow worker (server/flow-runner/) advances runs through these (decision 065).
export { advanceRun, dueRunIds, type FlowEffects } from './engine.ts';
// The enquiry timeline's flow entries (decision 066).
export { enquiryFlowEntries } from './insight.ts';
// Deleting a template is refused while a flow sends it (decision 066).
export { flowsSendingTemplate } from './admin.ts';
// The flow worker applies the complaint brake before each tick (decision 074).
export { brakeFlowsOnComplaints } from './complaint-brake.ts';
// The audit log's save of a flow lists what the new version changed (decision 061).
export { withFlowChanges } from './audit-changes.ts';
// The live flows each app keeps in memory, and the generation an event's statement reads (decision 098).
export { createLiveFlowCache, liveFlowsGeneration } from './live-flow-cache.ts';
