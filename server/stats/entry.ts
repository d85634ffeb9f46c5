// What other features may use of stats/ (decision 049): they import this file, never its others.
export { countsForSql, rateSql, sendFiguresSql } from './campaign-figures.ts';
export { LEAD_METRICS, readTotals, SERIES_METRICS, unsubscribeLogMetric } from './stat-deltas.ts';
