// The TypeScript types of the columns whose values are narrower than their SQL type: text columns
// a CHECK constraint limits to a few words, and JSON shapes. server/db/codegen.ts's overrides name
// them, so the generated server/db/schema.ts carries them (decision 048).

export type CampaignStatus =
  'draft' | 'scheduled' | 'sending' | 'completed' | 'paused' | 'failed' | 'cancelled';
export type SendStatus =
  /** An A/B test's remainder, waiting for the winner (decision 037). */
  | 'held'
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'delivery_delayed'
  | 'bounced'
  | 'complained'
  | 'failed'
  | 'cancelled'
  | 'skipped';
export type UnsubscribeAction =
  'email_unsubscribe' | 'sms_unsubscribe' | 'email_resubscribe' | 'sms_resubscribe';
export type UnsubscribeMethod = 'one_click' | 'manual';
export type TemplateKind = 'marketing' | 'reply';
/** What a provider report suppresses an address for (server/email-events). */
export type SuppressionReason = 'hard_bounce' | 'complaint';
export type ContactImportStatus = 'draft' | 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';
export type EnquiryEventKind = 'status' | 'note' | 'assignment';
/** Whether an automation flow runs (decision 061). */
export type AutomationFlowState = 'off' | 'live' | 'paused';
/** Where one contact's run through a flow stands. */
export type AutomationRunState = 'waiting' | 'finished' | 'exited';
/** Where a flow's marketing e-mail stands (decision 065); null for steps that send nothing. */
export type FlowSendStatus = 'queued' | 'sending' | 'sent' | 'skipped' | 'failed';
/** Where a seller's message came from (decision 060). */
export type IncomingMessageSource = 'email' | 'seller_page';
/** The seller's answer to an offer on their page (decision 059). */
export type OfferResponseKind = 'accepted' | 'declined';
/** Where a photo's bytes are (decision 083). */
export type UploadDriver = 'local' | 'uploadthing' | 'postgres' | 's3';
export type SegmentMatch = 'all' | 'any';
export type ConsentChannel = 'email' | 'sms';
/** A provider tag on an outbox e-mail (outbox_emails.tags). */
export interface OutboxTag {
  name: string;
  value: string;
}
/** An attachment of an outbox e-mail (outbox_emails.attachments): its content base64 (decision 062). */
export interface OutboxAttachment {
  filename: string;
  contentType: string | null;
  content: string;
}
/**
 * Where a booked visit stands (decision 062): a rescheduled row is replaced by a new booked one; a
 * buyer marks a begun visit attended or no_show; one that ended unmarked is lapsed once its seller
 * books again.
 */
export type AppointmentState = 'booked' | 'cancelled' | 'rescheduled' | 'lapsed' | 'attended' | 'no_show';
/** The eight states and territories a shipping kit goes to (decision 062). */
export type AustralianState = 'NSW' | 'VIC' | 'QLD' | 'WA' | 'SA' | 'TAS' | 'ACT' | 'NT';
