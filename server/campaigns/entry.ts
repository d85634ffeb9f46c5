// What other features may use of campaigns/ (decision 049): they import this file, never its others.
// Automation flows render their marketing e-mail exactly as a campaign message (decision 065).
export { campaignRenderer, contactMergeValues } from './render.ts';
export { backoffMs } from './engine/run.ts';
