// What other features may use of insight/ (decision 049): they import this file, never its others.
export {
  recordAttribution,
  touchCandidatesFrom,
  touchCandidatesOf,
  type TouchCandidates,
  type TouchRow,
} from './touches.ts';
export { runWeeklySummaries } from './weekly-summary.ts';
