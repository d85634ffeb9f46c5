// What other features may use of conversation/ (decision 049): they import this file, never its others.
// The mail between the business and a seller: inbound mail, the reply address, unmatched mail (decision 076).
export { receiveInboundEmail } from './inbound.ts';
export { incomingAttachmentRoutes, attachmentDisposition } from './attachment-route.ts';
export { fileIncomingMessage } from './conversation.ts';
export { enquiryReplyTo } from './reply-address.ts';
export { attachmentsOf } from './unmatched.ts';
