// What other features and the routers use of conversation/ (decision 049): this file, never its others.
// The mail between the business and a seller: inbound mail, the reply address, unmatched mail (decision 076).
export { receiveInboundEmail } from './inbound.ts';
export { incomingAttachmentRoutes, attachmentDisposition } from './attachment-route.ts';
export { fileIncomingMessage, markIncomingRead } from './conversation.ts';
export { enquiryReplyTo } from './reply-address.ts';
export {
  attachmentsOf,
  countUnmatched,
  dismissUnmatched,
  fileUnmatched,
  listUnmatched,
  type UnmatchedActionResult,
} from './unmatched.ts';
export { runIncomingMessageNotify } from './incoming-notify.ts';
