// What other features may use of enquiries/ (decision 049): they import this file, never its others.
export { sampleReplyValues, sendFlowReply } from './reply.ts';
// The seller's answer to an offer moves the enquiry on (decision 059).
export { advanceBySeller } from './pipeline.ts';
