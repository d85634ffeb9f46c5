// What other features may use of deliverability/ (decision 049): they import this file, never its others.
// Mailbox-provider figures and the MX lookup job behind them (decision 074).
export { providerBreakdown } from './breakdown.ts';
export { dnsMxResolver, lookUpRecipientDomains } from './mx-lookup.ts';
