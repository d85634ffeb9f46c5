// What other features may use of stats/ (decision 049): they import this file, never its others.
export { countsForSql, rateSql, sendFiguresSql } from './campaign-figures.ts';
export { LEAD_METRICS, readTotals, SERIES_METRICS, unsubscribeLogMetric } from './stat-deltas.ts';
// The rolling complaint rate the flow brake and the dashboard read (decision 074).
export { COMPLAINT_WINDOW_DAYS, rollingComplaintRate } from './complaint-rate.ts';
