// What other features may use of email-events/ (decision 049): they import this file, never its others.
export { applyStoredEventsFor } from './claim-stored.ts';
export { applyFlowEvents } from './flow-events.ts';
