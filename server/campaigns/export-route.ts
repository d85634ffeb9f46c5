import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_NOT_FOUND, campaignIdInputSchema } from '#shared/campaigns/schemas.ts';
import { localDate } from '#shared/time/zones.ts';
import { requireAdminSession } from '../auth/entry.ts';
import { auditExport } from '../audit/export-audit.ts';
import { sendCsv } from '../exports/csv-route.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { findCampaign } from './campaigns.ts';
import { campaignSendsCsvExport } from './sends-export.ts';

/** A campaign's sends CSV (decision 022), registered by server/export-routes.ts. */
export function registerCampaignSendsExport(scope: FastifyInstance, services: AppServices): void {
  scope.get('/api/admin/exports/campaigns/:id/sends.csv', async (req, reply) => {
    const user = await requireAdminSession(services, req, reply, 'exports.download');
    if (!user) return reply;
    const params = campaignIdInputSchema.safeParse(req.params);
    const campaign = params.success ? await findCampaign(services.db, params.data.id) : undefined;
    if (!campaign) return reply.code(404).send({ error: CAMPAIGN_NOT_FOUND });
    await auditExport(services, user, req, 'exports.campaignSends', { campaignId: campaign.id });
    const timezone = await getSettingsTimezone(services.db);
    const slug =
      campaign.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'campaign';
    const filename = `${slug.slice(0, 60)}-sends-${localDate(new Date(), timezone)}.csv`;
    return sendCsv(services, reply, filename, campaignSendsCsvExport(campaign.id, timezone));
  });
}
