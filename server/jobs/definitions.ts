import type { Queue } from 'pg-boss';
import { z } from 'zod';
import { emailMessageSchema } from '#shared/email/message.ts';

/** More than the largest digest (200 enquiries): one e-mail is about at most this many. */
const MAX_ABOUT_ENQUIRIES = 500;

/**
 * Jobs are data: each has a name, a payload schema and its queue's options. The server enqueues
 * against these definitions and the worker (worker/registry.ts) attaches one handler to each
 * (decision 023).
 */
export const jobDefinitions = {
  'email.send': {
    payload: z.object({
      message: emailMessageSchema,
      /** Forwarded to the provider so a retried job never sends twice. */
      idempotencyKey: z.string().min(1).max(256),
      /** A reply to a seller: its provider id is recorded so delivery events reach the timeline. */
      enquiryMessageId: z.uuid().optional(),
      /**
       * The enquiries the message is about (a digest names several), so erasing their contact finds
       * it, and the outbox's copy of it, by id (decision 069).
       */
      aboutEnquiryIds: z.array(z.uuid()).max(MAX_ABOUT_ENQUIRIES).optional(),
      /** An offer e-mail: its provider id names the delivery events on the certificate (decision 072). */
      offerId: z.uuid().optional(),
    }),
    queue: { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /**
   * Sends (or, with retryMode after a resume, continues sending) one campaign. Enqueued with the
   * campaign id as singleton key in the same transaction as the status change. `stately`: at most
   * one waiting and one running job per campaign. The heartbeat lets pg-boss notice a killed worker
   * and run the job again; the engine makes that safe (server/campaigns/engine/).
   */
  'campaign.send': {
    payload: z.object({ campaignId: z.uuid(), retryMode: z.boolean() }),
    queue: {
      policy: 'stately',
      heartbeatSeconds: 10,
      retryLimit: 8,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 120,
      // A run hands over to a fresh job well before this (engine RUN_BUDGET_MS).
      expireInSeconds: 1800,
    },
  },
  /**
   * Picks an A/B subject test's winner when its wait ends and releases the held sends
   * (server/campaigns/engine/ab-test.ts, decision 037). Enqueued with startAfter and the campaign
   * id as singleton key; a no-op for a paused, cancelled or decided campaign.
   */
  'campaign.ab-winner': {
    payload: z.object({ campaignId: z.uuid() }),
    queue: {
      policy: 'stately',
      retryLimit: 8,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: 300,
    },
  },
  /** Starts a scheduled campaign when due; a no-op if it was rescheduled, cancelled or started. */
  'campaign.start': {
    payload: z.object({ campaignId: z.uuid() }),
    queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 300 },
  },
  /**
   * Every minute: queues `campaign.start` at the exact time of each campaign falling due within the
   * next minute, and nudges every sending campaign (a no-op while its job runs; after a crash or a
   * lost job it gets the campaign going again).
   */
  'campaigns.tick': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 1, retryDelay: 10, expireInSeconds: 120 },
    schedule: { cron: '* * * * *' },
  },
  /**
   * Advances the automation runs that are due and sends the flow e-mail they queued
   * (server/flow-runner/tick.ts, decision 065). Every minute, and at once when runs are entered
   * (the worker LISTENs for `automation_runs_due`). `stately`: one running and one waiting at most;
   * the heartbeat frees the queue within seconds of a killed worker, not at the job's expiry.
   */
  'automations.tick': {
    payload: z.object({}),
    queue: { policy: 'stately', heartbeatSeconds: 10, retryLimit: 2, retryDelay: 10, expireInSeconds: 600 },
    schedule: { cron: '* * * * *' },
  },
  /**
   * Queues the business's and the seller's e-mails about one enquiry. Enqueued in the enquiry's own
   * transaction with a tiny payload, so the public request stays cheap; the e-mails carry idempotency
   * keys derived from the enquiry, so a retry never sends twice.
   */
  'enquiry.notify': {
    payload: z.object({ enquiryId: z.uuid() }),
    queue: { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /**
   * E-mails the business the enquiries still awaiting a first reply 20 hours after they came in,
   * each once (server/enquiries/digest.ts, decision 026).
   */
  'enquiries.digest': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
    schedule: { cron: '*/15 * * * *' },
  },
  /**
   * Tells an enquiry's assignee (or the business) of each new message from its seller, once
   * (server/conversation/incoming-notify.ts, decision 060).
   */
  'enquiries.incoming-notify': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 30, expireInSeconds: 120 },
    schedule: { cron: '* * * * *' },
  },
  /**
   * Every minute: e-mails each booked visit's reminder 24 hours before, once
   * (server/appointments/appointments.ts, decision 062).
   */
  'appointments.reminders': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 30, expireInSeconds: 120 },
    schedule: { cron: '* * * * *' },
  },
  /**
   * Deletes the photos and free text of enquiries closed as Declined, Lost or Spam longer than the
   * settings' retention period (server/enquiries/retention.ts, decision 026).
   */
  'enquiries.retention': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
    schedule: { cron: '43 3 * * *' },
  },
  /**
   * One server-side conversion event to Meta (server/conversions/conversions.ts): Lead after a
   * submission, Purchase when an enquiry reaches Purchased. Queued only when configured.
   */
  'meta.capi': {
    payload: z.object({ enquiryId: z.uuid(), event: z.enum(['Lead', 'Purchase']) }),
    queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60 },
  },
  /**
   * Writes one contact import in batches (server/contacts/import, decision 035). A run again after a
   * crash resumes after the last committed batch.
   */
  'contacts.import': {
    payload: z.object({ importId: z.uuid() }),
    queue: { retryLimit: 3, retryDelay: 10, expireInSeconds: 1800 },
  },
  /**
   * "Forgot password?" (server/auth/password-reset.ts): the request only queues this, so it does
   * the same work and answers as fast whatever the address; the job looks the address up and, for
   * an account, queues the e-mail with its link.
   */
  'auth.password-reset': {
    payload: z.object({ email: z.string().min(1).max(255) }),
    queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  },
  /**
   * "Send me a new link" on the seller's page (server/seller-page/seller-mail.ts, decision 067): the
   * request only queues this, so it answers alike for any address; the job looks the address up and
   * e-mails a fresh link for each of its open enquiries.
   */
  'seller.link-request': {
    payload: z.object({ email: z.string().min(1).max(320), requestedAt: z.iso.datetime() }),
    queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  },
  /** Deletes seller photos never attached to an enquiry within 24 hours. */
  'uploads.cleanup': {
    payload: z.object({}),
    // singleton: a run still going when the next one comes due is not doubled.
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    schedule: { cron: '17 * * * *' },
  },
  /**
   * Deletes what has expired and would otherwise be kept forever: rate-limit windows (a row per IP
   * and key per window) and sessions past their expiry (server/housekeeping.ts).
   */
  'housekeeping.prune': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    schedule: { cron: '7 * * * *' },
  },
  /**
   * Every ten minutes: enters the automation flows no single transaction triggers: a contact
   * starting to match a segment, a purchase's day or anniversary, a long quiet spell
   * (server/automations/trigger-scans.ts, decision 064). Re-running is harmless: the runs' unique
   * key enters nobody twice, and missed days are caught up within a week.
   */
  'automations.triggers': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    schedule: { cron: '*/10 * * * *' },
  },
  /**
   * Once a day: checks the sending domain's SPF, DKIM, DMARC and the inbound MX and stores the
   * result every process shows (server/domain-health, decision 073).
   */
  'domain-health.check': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 300, expireInSeconds: 300 },
    schedule: { cron: '23 4 * * *' },
  },
  /**
   * Every hour: from 8 am in the business's timezone, e-mails the Owners the dealer's register
   * deadlines due tomorrow, each once (server/register/deadline-reminders.ts, decision 070).
   */
  'register.deadline-reminders': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
    schedule: { cron: '23 * * * *' },
  },
  /**
   * Every hour: on Monday from 8 am in the business's timezone, e-mails each Owner who opted in the
   * week before's figures, once per Owner and week (server/insight/weekly-summary.ts, decision 100).
   */
  'insight.weekly-summary': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
    schedule: { cron: '37 * * * *' },
  },
  /** Folds the trigger-kept count deltas (server/stats/stat-deltas.ts) so reading them stays cheap. */
  'stats.compact': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 1, retryDelay: 30, expireInSeconds: 120 },
    schedule: { cron: '* * * * *' },
  },
  /**
   * Looks up the MX hosts of new recipient domains outside the known table and caches their
   * mailbox provider (server/deliverability/mx-lookup.ts, decision 074).
   */
  'deliverability.mx-lookup': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 1, retryDelay: 60, expireInSeconds: 600 },
    schedule: { cron: '*/5 * * * *' },
  },
} as const satisfies Record<string, JobDefinition>;

interface JobDefinition {
  payload: z.ZodType;
  queue: Omit<Queue, 'name'>;
  /** Worker processes register this cron (UTC) with pg-boss; it sends an empty payload ({}). */
  schedule?: { cron: string };
}

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;
export const jobNames = Object.keys(jobDefinitions) as JobName[];

/** The jobs a worker schedules, with their cron expressions. */
export const scheduledJobs: Array<{ name: JobName; cron: string }> = jobNames.flatMap((name) => {
  const definition: JobDefinition = jobDefinitions[name];
  return definition.schedule ? [{ name, cron: definition.schedule.cron }] : [];
});
