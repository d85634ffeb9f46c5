import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '#shared/auth/permissions.ts';
import type { AbMetric, AbVariant } from '#shared/campaigns/ab-test.ts';
import type { ConsentBasis } from '#shared/contacts/consent.ts';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import type { SuppressionListReason } from '#shared/suppressions/schemas.ts';

// The one place the database's shape is described for Kysely. Keep in step with migrations/.

/** Timestamps come back as Date; inserts and updates accept a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: GeneratedTimestamp;
  ip: string | null;
  user_agent: string | null;
  /** The last request made with it, to within SESSION_LAST_USED_STEP_MS (decision 043). */
  last_used_at: GeneratedTimestamp;
}

/** An open sign-up waiting for the Owner's approval or dismissal (decision 047). */
export interface AccessRequestsTable {
  user_id: string;
  created_at: GeneratedTimestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  created_at: GeneratedTimestamp;
}

export interface LeadsTable {
  id: Generated<string>;
  email: string;
  full_name: string | null;
  phone: string | null;
  email_marketing_consent: Generated<boolean>;
  sms_marketing_consent: Generated<boolean>;
  consent_at: NullableTimestamp;
  consent_source: string | null;
  consent_ip: string | null;
  consent_user_agent: string | null;
  /** Consent asked for on the sell form, waiting for the address to confirm it (decision 016). */
  email_consent_pending: Generated<boolean>;
  sms_consent_pending: Generated<boolean>;
  consent_requested_at: NullableTimestamp;
  email_unsubscribed_at: NullableTimestamp;
  unsubscribe_reason: string | null;
  sms_unsubscribed_at: NullableTimestamp;
  suppressed_at: NullableTimestamp;
  suppression_reason: SuppressionListReason | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface EnquiriesTable {
  id: Generated<string>;
  lead_id: string;
  /** Name and phone as this enquiry submitted them (the contact's may differ). */
  contact_name: string | null;
  contact_phone: string | null;
  /** The marketing boxes as this submission ticked them. */
  email_consent_requested: Generated<boolean>;
  sms_consent_requested: Generated<boolean>;
  watch_brand: string;
  watch_model: string | null;
  watch_year: number | null;
  watch_condition: string;
  has_box: Generated<boolean>;
  has_papers: Generated<boolean>;
  additional_details: string | null;
  source: Generated<string>;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  meta_event_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: GeneratedTimestamp;
  /** The enquiry desk (decision 026). */
  status: ColumnType<EnquiryStatus, EnquiryStatus | undefined, EnquiryStatus>;
  status_changed_at: NullableTimestamp;
  assignee_id: string | null;
  first_replied_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  digested_at: NullableTimestamp;
  redacted_at: NullableTimestamp;
}

export interface EnquiryEventsTable {
  id: Generated<string>;
  enquiry_id: string;
  kind: 'status' | 'note' | 'assignment';
  from_status: EnquiryStatus | null;
  to_status: EnquiryStatus | null;
  reason: string | null;
  body: string | null;
  assignee_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  created_at: GeneratedTimestamp;
}

export interface EnquiryOffersTable {
  id: Generated<string>;
  enquiry_id: string;
  /** int8: parsed to a number (server/db/database.ts); cents of AUD. */
  amount_cents: number;
  currency: Generated<'AUD'>;
  /** A calendar day (YYYY-MM-DD); select it with to_char. */
  valid_until: ColumnType<never, string | null, string | null>;
  conditions: string | null;
  created_by: string | null;
  created_by_email: string | null;
  created_at: GeneratedTimestamp;
}

export interface EnquiryMessagesTable {
  id: Generated<string>;
  enquiry_id: string;
  template_id: string | null;
  to_email: string;
  subject: string;
  html: string | null;
  idempotency_key: string;
  provider_message_id: string | null;
  sent_at: NullableTimestamp;
  sent_by: string | null;
  sent_by_email: string | null;
  created_at: GeneratedTimestamp;
}

export interface UploadsTable {
  id: Generated<string>;
  driver: 'local' | 'uploadthing';
  storage_key: string;
  original_name: string | null;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  sha256: string;
  enquiry_id: string | null;
  uploader_ip: string | null;
  created_at: GeneratedTimestamp;
}

export interface UploadThumbnailsTable {
  upload_id: string;
  content_type: string;
  data: Buffer;
  created_at: GeneratedTimestamp;
}

export interface EmailTemplatesTable {
  id: Generated<string>;
  template_name: string;
  subject: string;
  description: string | null;
  html_content: string;
  /** A hand-written text/plain part; null: generated from the HTML (decision 024). */
  text_content: ColumnType<string | null, string | null | undefined, string | null>;
  variables: ColumnType<string[], string[] | undefined, string[]>;
  /** Sample/default value per custom variable (docs/decisions/011-merge-variables.md). */
  variable_defaults: ColumnType<
    Record<string, string>,
    Record<string, string> | undefined,
    Record<string, string>
  >;
  template_type: ColumnType<TemplateKind, TemplateKind | undefined, TemplateKind>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface EmailCampaignsTable {
  id: Generated<string>;
  name: string;
  subject: string;
  html_content: Generated<string>;
  /** The template's hand-written text/plain part, copied with its HTML; null: generated (decision 024). */
  text_content: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<CampaignStatus, CampaignStatus | undefined, CampaignStatus>;
  is_paused: Generated<boolean>;
  is_test_mode: Generated<boolean>;
  test_emails: ColumnType<string[], string[] | undefined, string[]>;
  template_id: string | null;
  /** The value of each custom merge tag the campaign sends with. */
  variables: ColumnType<Record<string, string>, Record<string, string> | undefined, Record<string, string>>;
  total_recipients: Generated<number>;
  sent_count: Generated<number>;
  delivered_count: Generated<number>;
  failed_count: Generated<number>;
  bounce_count: Generated<number>;
  complaint_count: Generated<number>;
  skipped_count: Generated<number>;
  open_count: Generated<number>;
  click_count: Generated<number>;
  open_rate: number | null;
  click_rate: number | null;
  bounce_rate: number | null;
  pause_reason: string | null;
  failure_reason: string | null;
  /** sent_count and bounce_count at the last resume: the auto-pause judges the sends after it. */
  bounce_baseline_sent: Generated<number>;
  bounce_baseline_bounces: Generated<number>;
  /** The A/B subject test (decision 037): all four set, or subject_b NULL for no test. */
  subject_b: string | null;
  ab_test_percent: number | null;
  ab_wait_hours: number | null;
  ab_metric: AbMetric | null;
  /** Set when the test phase has sent its last e-mail: the winner is chosen then. */
  ab_winner_due_at: NullableTimestamp;
  ab_winner: AbVariant | null;
  ab_winner_chosen_at: NullableTimestamp;
  /** A "send to non-openers" copy: its audience is this campaign's delivered non-openers. */
  resend_of_campaign_id: string | null;
  created_by: string | null;
  scheduled_at: NullableTimestamp;
  started_at: NullableTimestamp;
  paused_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** The audience's segment; null is every subscribed contact (decision 032). */
  segment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The segment as it was when sending started: JSON text on write, parsed on select. */
  segment_snapshot: ColumnType<unknown, string | null | undefined, string | null>;
}

/** Saved audience conditions (decision 032); conditions are JSON text on write, parsed on select. */
export interface SegmentsTable {
  id: Generated<string>;
  name: string;
  match: 'all' | 'any';
  conditions: ColumnType<unknown, string, string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface EmailSendsTable {
  id: Generated<string>;
  campaign_id: string;
  lead_id: string | null;
  recipient_email: string;
  /** The contact's name when the audience was snapshotted (merge tags of a re-sent batch stay identical). */
  recipient_name: string | null;
  status: ColumnType<SendStatus, SendStatus | undefined, SendStatus>;
  /** The subject this send carries in an A/B test; the remainder's is set when the winner is. */
  variant: AbVariant | null;
  /** Held for the winner rather than part of the test share. */
  ab_remainder: Generated<boolean>;
  batch_id: string | null;
  claimed_at: NullableTimestamp;
  attempts: Generated<number>;
  provider_message_id: string | null;
  error: string | null;
  bounce_type: string | null;
  bounce_message: string | null;
  sent_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  opened_at: NullableTimestamp;
  clicked_at: NullableTimestamp;
  bounced_at: NullableTimestamp;
  complained_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface EmailEventsTable {
  id: Generated<string>;
  provider_event_id: string;
  type: string;
  provider_message_id: string | null;
  send_id: string | null;
  payload: ColumnType<unknown, string, string>;
  occurred_at: NullableTimestamp;
  received_at: GeneratedTimestamp;
  /** An open the provider flagged as a machine's (`data.machine_open`, decision 025). */
  machine_open: Generated<boolean>;
}

export interface UnsubscribeLogsTable {
  id: Generated<string>;
  email: string;
  action: UnsubscribeAction;
  method: UnsubscribeMethod;
  ip_address: string | null;
  user_agent: string | null;
  lead_id: string | null;
  campaign_id: string | null;
  reason: string | null;
  created_at: GeneratedTimestamp;
}

export interface SettingsTable {
  id: Generated<boolean>;
  from_name: string | null;
  from_email: string | null;
  reply_to_email: string | null;
  batch_size: Generated<number>;
  batch_delay_ms: Generated<number>;
  timezone: Generated<string>;
  bounce_pause_threshold: Generated<number>;
  require_consent_confirmation: Generated<boolean>;
  enquiry_retention_days: Generated<number>;
  /** The Owner's "require two-factor sign-in for all members" (decision 030). */
  require_two_factor: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

export interface OutboxEmailsTable {
  id: Generated<string>;
  idempotency_key: string | null;
  to_addresses: string[];
  from_address: string;
  reply_to: string | null;
  subject: string;
  html: string | null;
  text_body: string | null;
  /** JSON text on insert (pg would encode a JS object as-is, arrays wrongly), parsed object on select. */
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  tags: ColumnType<Array<{ name: string; value: string }>, string | undefined, string>;
  created_at: GeneratedTimestamp;
}

export interface EmailSendBatchesTable {
  id: Generated<string>;
  campaign_id: string;
  idempotency_key: string;
  from_address: string;
  reply_to: string | null;
  size: number;
  attempts: Generated<number>;
  outcome_unknown: Generated<boolean>;
  lease_until: Timestamp;
  first_claimed_at: GeneratedTimestamp;
  completed_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
}

export interface ProviderRateLimitsTable {
  key: string;
  interval_ms: number;
  next_at: GeneratedTimestamp;
  blocked_until: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface UserTwoFactorTable {
  user_id: string;
  secret: Uint8Array;
  /** A new authenticator waiting for its first code (decision 029); the factor in use is `secret`. */
  pending_secret: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  enabled_at: Date | null;
  last_used_step: ColumnType<string, string | number | undefined, string | number>;
  created_at: GeneratedTimestamp;
}

export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Date | null;
}

export interface TeamInvitationsTable {
  id: Generated<string>;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: string | null;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  accepted_user_id: string | null;
  revoked_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  created_at: GeneratedTimestamp;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  summary: ColumnType<Record<string, unknown>, string, never>;
  /** Aggregate rows of a throttled caller's refusals (decision 028); null on every other row. */
  refusal_key: ColumnType<string | null, string | null | undefined, never>;
  window_start: ColumnType<Date | null, Date | null | undefined, never>;
  window_end: ColumnType<Date | null, Date | null | undefined, never>;
  refusals: ColumnType<number | null, number | null | undefined, number>;
  last_at: ColumnType<Date | null, Date | null | undefined, Date>;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
  expires_at: Timestamp;
}

/** Exact counts as delta rows, maintained by triggers (migrations/20261121050000_admin_stats.ts). */
export interface StatDeltasTable {
  id: ColumnType<number, never, never>;
  metric: string;
  /** NULL for running totals; the start of a 15-minute slot for time series. */
  bucket: NullableTimestamp;
  delta: number;
}

/** Consent an admin recorded with its evidence (migrations/20261125030000_consent_records.ts). */
export interface ConsentRecordsTable {
  id: Generated<string>;
  lead_id: string;
  channels: Array<'email' | 'sms'>;
  basis: ConsentBasis;
  note: string;
  /** A calendar day (YYYY-MM-DD); select it with to_char, as pg would make it a local-midnight Date. */
  obtained_on: ColumnType<never, string, string>;
  recorded_by: string;
  created_at: GeneratedTimestamp;
}

/** The suppression list (decision 034): the address, or only its hash for an erased contact. */
export interface EmailSuppressionsTable {
  id: Generated<string>;
  email: string | null;
  /** email_hash(address) in SQL: never computed in JS, so both sides always agree. */
  email_hash: string;
  reason: SuppressionListReason;
  note: string | null;
  campaign_id: string | null;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export type ContactImportStatus = 'draft' | 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';

/** A contact import (decision 035). */
export interface ContactImportsTable {
  id: Generated<string>;
  status: ColumnType<ContactImportStatus, ContactImportStatus | undefined, ContactImportStatus>;
  file_name: string | null;
  source_text: string | null;
  source_bytes: number;
  headers: string[];
  /** JSON text on insert and update, string[][] on select. */
  preview: ColumnType<string[][], string | undefined, string>;
  total_rows: number;
  mapping: ColumnType<unknown, string | null | undefined, string | null>;
  consent: ColumnType<unknown, string | null | undefined, string | null>;
  processed_rows: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  unchanged_count: Generated<number>;
  rejected_count: Generated<number>;
  cancel_requested: Generated<boolean>;
  error: string | null;
  created_by: string;
  created_at: GeneratedTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export interface ContactImportRejectionsTable {
  import_id: string;
  row_number: number;
  email: string | null;
  full_name: string | null;
  phone: string | null;
  reason: string;
}

export interface DB {
  email_suppressions: EmailSuppressionsTable;
  contact_imports: ContactImportsTable;
  contact_import_rejections: ContactImportRejectionsTable;
  consent_records: ConsentRecordsTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_roles: UserRolesTable;
  access_requests: AccessRequestsTable;
  leads: LeadsTable;
  enquiries: EnquiriesTable;
  enquiry_events: EnquiryEventsTable;
  enquiry_offers: EnquiryOffersTable;
  enquiry_messages: EnquiryMessagesTable;
  uploads: UploadsTable;
  upload_thumbnails: UploadThumbnailsTable;
  email_templates: EmailTemplatesTable;
  email_campaigns: EmailCampaignsTable;
  email_sends: EmailSendsTable;
  email_send_batches: EmailSendBatchesTable;
  provider_rate_limits: ProviderRateLimitsTable;
  email_events: EmailEventsTable;
  unsubscribe_logs: UnsubscribeLogsTable;
  settings: SettingsTable;
  outbox_emails: OutboxEmailsTable;
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  team_invitations: TeamInvitationsTable;
  stat_deltas: StatDeltasTable;
  segments: SegmentsTable;
}

export type Lead = Selectable<LeadsTable>;
export type NewLead = Insertable<LeadsTable>;
export type LeadUpdate = Updateable<LeadsTable>;
export type EmailCampaign = Selectable<EmailCampaignsTable>;
export type EmailTemplate = Selectable<EmailTemplatesTable>;
export type OutboxEmail = Selectable<OutboxEmailsTable>;
