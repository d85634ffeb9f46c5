// What other features may use of automations/ (decision 049): they import this file, never its others.
export { enquiryFlowEntries } from './admin.ts';
