import { runTriggerScans } from '#server/automations/trigger-scans.ts';
import { chooseWinner } from '#server/campaigns/engine/ab-test.ts';
import { runCampaignsTick, startDueCampaign } from '#server/campaigns/engine/schedule.ts';
import { runCampaignSendJob } from '#server/campaigns/send-job-handler.ts';
import { runAutomationsTick } from '#server/flow-runner/tick.ts';
import { runPasswordResetJob } from '#server/auth/password-reset.ts';
import { runDomainHealthCheck } from '#server/domain-health/entry.ts';
import { dnsMxResolver, lookUpRecipientDomains } from '#server/deliverability/entry.ts';
import { runEmailSendJob } from '#server/email/send-job.ts';
import type { JobName, JobPayload } from '#server/jobs/definitions.ts';
import { runAwaitingReplyDigest } from '#server/enquiries/digest.ts';
import { runIncomingMessageNotify } from '#server/conversation/entry.ts';
import { runAppointmentReminders } from '#server/appointments/entry.ts';
import { runCapiJob } from '#server/conversions/entry.ts';
import { runImportJob } from '#server/contacts/import/import.ts';
import { runEnquiryRetention } from '#server/enquiries/retention.ts';
import { runEnquiryNotifyJob } from '#server/enquiries/notifications.ts';
import { runSellerLinkRequestJob } from '#server/seller-page/entry.ts';
import { pruneExpired } from '#server/housekeeping.ts';
import { runDeadlineReminders } from '#server/register/deadline-reminders.ts';
import { runWeeklySummaries } from '#server/insight/entry.ts';
import type { AppServices } from '#server/services.ts';
import { compactStatDeltas } from '#server/stats/stat-deltas.ts';
import { uploadStorageFor } from '#server/uploads/storage.ts';
import { deleteStaleUploads } from '#server/uploads/uploads.ts';

export interface JobContext {
  jobId: string;
  retryCount: number;
  signal: AbortSignal;
}

type Handlers = {
  [N in JobName]: (services: AppServices, payload: JobPayload<N>, job: JobContext) => Promise<unknown>;
};

/** One handler per job definition (decision 023); the type makes a job without a handler a compile error. */
export const jobHandlers: Handlers = {
  'email.send': (services, payload) => runEmailSendJob(services, payload),
  'auth.password-reset': async (services, payload) => ({
    sent: await runPasswordResetJob(services, payload),
  }),
  'campaign.send': (services, payload, job) => runCampaignSendJob(services, payload, job),
  'campaign.ab-winner': async (services, payload) => ({
    outcome: await chooseWinner(services, payload.campaignId),
  }),
  'campaign.start': async (services, payload) => ({
    started: await startDueCampaign(services, payload.campaignId),
  }),
  'campaigns.tick': (services) => runCampaignsTick(services),
  'automations.tick': (services, _payload, job) => runAutomationsTick(services, { signal: job.signal }),
  'enquiry.notify': (services, payload) => runEnquiryNotifyJob(services, payload),
  'seller.link-request': async (services, payload) => ({
    queued: await runSellerLinkRequestJob(services, payload),
  }),
  'enquiries.digest': (services) => runAwaitingReplyDigest(services),
  'enquiries.incoming-notify': (services) => runIncomingMessageNotify(services),
  'appointments.reminders': (services) => runAppointmentReminders(services),
  'meta.capi': (services, payload) => runCapiJob(services, payload),
  'enquiries.retention': (services) => runEnquiryRetention(services, uploadStorageFor(services)),
  'contacts.import': (services, payload) => runImportJob(services, payload.importId),
  'housekeeping.prune': (services) => pruneExpired(services.db),
  'automations.triggers': (services) => runTriggerScans(services.db),
  'domain-health.check': async (services) => {
    const report = await runDomainHealthCheck(services);
    return { states: report.checks.map((check) => `${check.key}:${check.state}`) };
  },
  'register.deadline-reminders': (services) => runDeadlineReminders(services),
  'insight.weekly-summary': (services) => runWeeklySummaries(services),
  'deliverability.mx-lookup': (services) =>
    lookUpRecipientDomains(services.db, dnsMxResolver(services.config.dnsResolver)),
  'stats.compact': async (services) => ({ compacted: await compactStatDeltas(services.db) }),
  'uploads.cleanup': async (services) => ({
    deleted: await deleteStaleUploads(services.db, uploadStorageFor(services)),
  }),
};
