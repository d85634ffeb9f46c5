// What other features may use of insight/ (decision 049): they import this file, never its others.
export { readTouchCandidates, recordAttribution } from './touches.ts';
export { runWeeklySummaries } from './weekly-summary.ts';
