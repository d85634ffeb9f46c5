// What other features may use of enquiries/ (decision 049): they import this file, never its others.
export { sampleReplyValues, sendFlowReply } from './reply.ts';
export { receiveInboundEmail } from './inbound.ts';
export { incomingAttachmentRoutes } from './attachment-route.ts';
