import {
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_SENDS_PAGE_SIZE,
  type CampaignAudienceCount,
  type CampaignDetail,
  type CampaignListResult,
  type CampaignLiveDetail,
  campaignAudienceInputSchema,
  campaignIdInputSchema,
  campaignListInputSchema,
  type CampaignPreview,
  campaignPreviewInputSchema,
  campaignSaveDraftInputSchema,
  campaignScheduleInputSchema,
  campaignSendsInputSchema,
  campaignSendTestInputSchema,
  nonOpenersCopyInputSchema,
} from '#shared/campaigns/schemas.ts';
import { type SendEventRow, sendEventsInputSchema } from '#shared/campaigns/send-events.ts';
import { pageCount } from '#shared/pagination.ts';
import { TRPCError } from '@trpc/server';
import {
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  retryFailedSends,
  scheduleCampaign,
  sendCampaignNow,
  storedAudience,
} from '../../campaigns/actions.ts';
import { countAudience, recipientCountFor } from '../../campaigns/audience.ts';
import {
  deleteCampaign,
  duplicateCampaign,
  getCampaignOrThrow,
  listCampaigns,
  saveCampaignDraft,
  toCampaignDetail,
  campaignFailureReasons,
  toCampaignLiveDetail,
  toCampaignSummary,
  withRenderedBlocks,
} from '../../campaigns/campaigns.ts';
import { previewCampaignBlocks } from '../../campaigns/preview.ts';
import { hasPermission } from '#shared/auth/permissions.ts';
import { WatchAccessEndedError, watchCampaign } from '../../campaigns/live-watch.ts';
import { campaignEngagement } from '../../campaigns/engagement.ts';
import { campaignLinkReport } from '../../campaigns/link-report.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { campaignOpens } from '../../campaigns/machine-opens.ts';
import { abTestReport } from '../../campaigns/engine/ab-test.ts';
import { countNonOpeners, createNonOpenersCopy } from '../../campaigns/non-openers.ts';
import { sessionHasPermission } from '../../auth/session.ts';
import { listCampaignSends } from '../../campaigns/sends-list.ts';
import { sendCampaignTests } from '../../campaigns/test-email.ts';
import { providerBreakdown } from '../../deliverability/entry.ts';
import { listSendEvents } from '../../email-events/send-events.ts';
import { toTrpcError } from '../campaign-errors.ts';
import { requirePermission, router } from '../trpc.ts';

/** Runs a domain call, turning its refusals into tRPC errors. */
async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toTrpcError(error);
  }
}

/** The end of a watcher's access, as the client sees it: UNAUTHORIZED, which sends it to sign in. */
async function* rethrowWatchEnd<T>(
  watch: AsyncGenerator<T, void, unknown>,
): AsyncGenerator<T, void, unknown> {
  try {
    yield* watch;
  } catch (error) {
    if (error instanceof WatchAccessEndedError)
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has ended. Please sign in again.' });
    throw error;
  }
}

export const adminCampaignsRouter = router({
  list: requirePermission('campaigns.read')
    .input(campaignListInputSchema)
    .query(async ({ ctx, input }): Promise<CampaignListResult> => {
      const { rows, totalCount } = await listCampaigns(ctx.db, { ...input, pageSize: CAMPAIGN_PAGE_SIZE });
      return {
        campaigns: rows.map(toCampaignSummary),
        totalCount,
        totalPages: pageCount(totalCount, CAMPAIGN_PAGE_SIZE),
      };
    }),

  get: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }): Promise<CampaignDetail> =>
      run(async () => toCampaignDetail(await getCampaignOrThrow(ctx.db, input.id))),
    ),

  /** Why sends failed, for "completed with failures" and a failed campaign's report. */
  failureReasons: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }) =>
      run(async () => {
        await getCampaignOrThrow(ctx.db, input.id);
        return campaignFailureReasons(ctx.db, input.id);
      }),
    ),

  /**
   * The details page's live feed (SSE): the detail (as `get`, less the HTML) at once, then again
   * after each change announced on `campaign_changed` by any process, bursts coalesced to at most
   * one push per WATCH_PUSH_INTERVAL_MS. Without a LISTEN hub (tests, scripts) it is refused.
   */
  watch: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .subscription(({ ctx, input, signal }) => {
      const live = ctx.live;
      if (!live)
        throw new TRPCError({
          code: 'METHOD_NOT_SUPPORTED',
          message: 'Live updates are not available here.',
        });
      const sessionId = ctx.session.id;
      return rethrowWatchEnd(
        watchCampaign({
          live,
          campaignId: input.id,
          signal,
          load: (): Promise<CampaignLiveDetail> =>
            run(async () => toCampaignLiveDetail(await getCampaignOrThrow(ctx.db, input.id))),
          // Checked at open by requirePermission, then while the stream lives (sign-out, role change, expiry).
          stillAllowed: () => sessionHasPermission(ctx.db, sessionId, 'campaigns.read'),
        }),
      );
    }),

  /**
   * Who Send Now would reach outside test mode: subscribed, not unsubscribed, not suppressed, in
   * the chosen segment when there is one (decision 032), and how many of them the sunset policy
   * leaves out (decision 089).
   */
  audienceCount: requirePermission('campaigns.read')
    .input(campaignAudienceInputSchema)
    .query(({ ctx, input }): Promise<CampaignAudienceCount> =>
      run(() =>
        countAudience(ctx.db, {
          segmentId: input?.segmentId ?? null,
          includeInactive: input?.includeInactive ?? false,
        }),
      ),
    ),

  /** The recipients card of a "send to non-openers" copy: who it would reach now (decision 038). */
  nonOpenersCount: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }) =>
      run(async () => {
        await getCampaignOrThrow(ctx.db, input.id);
        return { recipients: await countNonOpeners(ctx.db, input.id) };
      }),
    ),

  /**
   * The block editor's live preview (decision 092): merged for a contact of the audience, or the
   * named sample when there is none or the member may not see contacts.
   */
  preview: requirePermission('campaigns.read')
    .input(campaignPreviewInputSchema)
    .query(({ ctx, input }): Promise<CampaignPreview> =>
      previewCampaignBlocks(ctx.db, ctx.config, input, hasPermission(ctx.user.role, 'contacts.read')),
    ),

  /** The timezone in which the form's Schedule date is read (settings.timezone). */
  scheduleSettings: requirePermission('campaigns.read').query(async ({ ctx }) => ({
    timezone: await getSettingsTimezone(ctx.db),
  })),

  // Test addresses are people's addresses (decision 036): the audit row says they were given.
  saveDraft: requirePermission('campaigns.write', { personalInput: ['testEmails'] })
    .input(campaignSaveDraftInputSchema)
    .mutation(({ ctx, input }) =>
      run(async () => {
        const { id, ...fields } = withRenderedBlocks(ctx.config.site, input);
        const recipientCount = await recipientCountFor(ctx.db, {
          ...fields,
          ...(await storedAudience(ctx.db, id)),
        });
        const { row, created } = await saveCampaignDraft(ctx.db, fields, {
          id,
          userId: ctx.user.id,
          recipientCount,
        });
        return { campaign: toCampaignDetail(row), created };
      }),
    ),

  // Send Now saves the form as it is (creating the campaign if needed), then starts sending.
  sendNow: requirePermission('campaigns.send', { personalInput: ['testEmails'] })
    .input(campaignSaveDraftInputSchema)
    .mutation(({ ctx, input }) =>
      run(async () => {
        const { id, ...fields } = withRenderedBlocks(ctx.config.site, input);
        const row = await sendCampaignNow(ctx, fields, { id, userId: ctx.user.id });
        return toCampaignDetail(row);
      }),
    ),

  schedule: requirePermission('campaigns.send', { personalInput: ['testEmails'] })
    .input(campaignScheduleInputSchema)
    .mutation(({ ctx, input }) =>
      run(async () => {
        const { id, scheduledAt, ...fields } = withRenderedBlocks(ctx.config.site, input);
        const { row, timezone } = await scheduleCampaign(ctx, fields, {
          id,
          userId: ctx.user.id,
          scheduledAt,
        });
        return { campaign: toCampaignDetail(row), timezone };
      }),
    ),

  sendTest: requirePermission('campaigns.write', { personalInput: ['to'] })
    .input(campaignSendTestInputSchema)
    .mutation(({ ctx, input }) =>
      run(async () => {
        const content = withRenderedBlocks(ctx.config.site, input);
        const { sent } = await sendCampaignTests(ctx, {
          to: input.to,
          subject: input.subject,
          subjectB: input.subjectB,
          variant: input.variant,
          preheader: input.preheader,
          html: content.htmlContent,
          text: content.textContent,
          samples: input.variables,
          userId: ctx.user.id,
        });
        return { to: input.to, sent };
      }),
    ),

  pause: requirePermission('campaigns.send')
    .input(campaignIdInputSchema)
    .mutation(({ ctx, input }) => run(async () => toCampaignDetail(await pauseCampaign(ctx.db, input.id)))),

  resume: requirePermission('campaigns.send')
    .input(campaignIdInputSchema)
    .mutation(({ ctx, input }) => run(async () => toCampaignDetail(await resumeCampaign(ctx, input.id)))),

  /** Beyond the spec: a finished campaign sends again to the recipients whose send failed. */
  retryFailed: requirePermission('campaigns.send')
    .input(campaignIdInputSchema)
    .mutation(({ ctx, input }) => run(async () => toCampaignDetail(await retryFailedSends(ctx, input.id)))),

  cancel: requirePermission('campaigns.send')
    .input(campaignIdInputSchema)
    .mutation(({ ctx, input }) => run(async () => toCampaignDetail(await cancelCampaign(ctx.db, input.id)))),

  duplicate: requirePermission('campaigns.write')
    .input(campaignIdInputSchema)
    .mutation(({ ctx, input }) =>
      run(async () => toCampaignDetail(await duplicateCampaign(ctx.db, input.id, ctx.user.id))),
    ),

  delete: requirePermission('campaigns.write')
    .input(campaignIdInputSchema)
    .mutation(({ ctx, input }) =>
      run(async () => {
        await deleteCampaign(ctx.db, input.id);
        return { id: input.id };
      }),
    ),

  /** The details page's per-recipient table. */
  sends: requirePermission('campaigns.read')
    .input(campaignSendsInputSchema)
    .query(({ ctx, input }) =>
      run(async () => {
        await getCampaignOrThrow(ctx.db, input.id);
        const { sends, totalCount } = await listCampaignSends(ctx.db, {
          campaignId: input.id,
          status: input.status,
          page: input.page,
          pageSize: CAMPAIGN_SENDS_PAGE_SIZE,
          clickedLink: input.clickedLink,
        });
        return { sends, totalCount, totalPages: pageCount(totalCount, CAMPAIGN_SENDS_PAGE_SIZE) };
      }),
    ),

  /** Every link of the campaign with unique and total clicks and click-through. */
  /** Delivered, bounced, complained, opened and clicked by mailbox provider (decision 074). */
  providers: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }) =>
      run(async () => {
        const campaign = await getCampaignOrThrow(ctx.db, input.id);
        return providerBreakdown(ctx.db, { campaignId: campaign.id });
      }),
    ),

  links: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }) =>
      run(async () =>
        campaignLinkReport(ctx.db, await getCampaignOrThrow(ctx.db, input.id), ctx.config.appUrl),
      ),
    ),

  /**
   * Delivered, opens, clicks, bounces and unsubscribes per hour (first 48 h), then per day; and
   * whether a webhook secret is configured, without which no event can arrive (decision 007), so
   * an empty chart can say why.
   */
  engagement: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }) =>
      run(async () => ({
        points: await campaignEngagement(
          ctx.db,
          await getCampaignOrThrow(ctx.db, input.id),
          await getSettingsTimezone(ctx.db),
        ),
        webhookConfigured: ctx.config.resendWebhookSecret !== null,
      })),
    ),

  /** Opens with machine opens counted apart (decision 025). */
  opens: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }) =>
      run(async () => campaignOpens(ctx.db, await getCampaignOrThrow(ctx.db, input.id))),
    ),

  /** The A/B subject test: both variants' figures, the wait and the winner (decision 037). */
  abTest: requirePermission('campaigns.read')
    .input(campaignIdInputSchema)
    .query(({ ctx, input }) =>
      run(async () => abTestReport(ctx.db, await getCampaignOrThrow(ctx.db, input.id))),
    ),

  /** "Send to non-openers": a draft copy for the delivered recipients who did not open (decision 038). */
  copyForNonOpeners: requirePermission('campaigns.write')
    .input(nonOpenersCopyInputSchema)
    .mutation(({ ctx, input }) =>
      run(async () =>
        toCampaignDetail(
          await createNonOpenersCopy(ctx.db, { id: input.id, subject: input.subject, userId: ctx.user.id }),
        ),
      ),
    ),

  /** A send's recent provider events (delivered, bounced, opened ...), for its expanded row. */
  sendEvents: requirePermission('campaigns.read')
    .input(sendEventsInputSchema)
    .query(({ ctx, input }): Promise<SendEventRow[]> => listSendEvents(ctx.db, input.sendId)),
});
