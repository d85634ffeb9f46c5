import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contactsExportQuerySchema } from '#shared/contacts/schemas.ts';
import { UNSUBSCRIBE_MESSAGES, unsubscribesExportQuerySchema } from '#shared/unsubscribes/schemas.ts';
import { CAMPAIGN_NOT_FOUND, campaignIdInputSchema } from '#shared/campaigns/schemas.ts';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '#shared/text-safety.ts';
import { findCampaign } from './campaigns/campaigns.ts';
import { campaignSendsCsvExport } from './campaigns/sends-export.ts';
import { auditFiltersSchema } from '#shared/audit/schemas.ts';
import { auditCsvExport, auditSummary, recordAudit, withoutPersonalData } from './audit/audit.ts';
import type { SessionUser } from './auth/session.ts';
import { contactsCsvExport } from './contacts/export.ts';
import { IMPORT_MESSAGES, importIdInputSchema } from '#shared/contacts/import.ts';
import { suppressionsExportQuerySchema } from '#shared/suppressions/schemas.ts';
import { getImport } from './contacts/import/import.ts';
import { importReportCsvExport } from './contacts/import/report.ts';
import { suppressionsCsvExport } from './suppressions/export.ts';
import { requireAdminSession } from './auth/admin-session.ts';
import type { AppServices } from './services.ts';
import { localDate } from './settings/local-time.ts';
import { getSettingsTimezone } from './settings/settings.ts';
import { unsubscribeLogsCsvExport } from './unsubscribe/export.ts';
import { type CsvExportSpec, openCsvExport } from './exports/csv-export.ts';

/** Response header with the number of data rows in the CSV (known before the body: same snapshot). */
export const ROW_COUNT_HEADER = 'x-row-count';

function parseQuery<S extends z.ZodType>(
  schema: S,
  req: FastifyRequest,
  reply: FastifyReply,
): z.output<S> | null {
  // Refused as tRPC refuses it (server/trpc/trpc.ts): PostgreSQL cannot compare such text, and its
  // error would otherwise be a 500 (decision 015).
  if (hasUnstorableText(req.query)) {
    void reply.code(400).send({ error: UNSTORABLE_TEXT_MESSAGE });
    return null;
  }
  const parsed = schema.safeParse(req.query ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  void reply.code(400).send({ error: `Invalid export filter${issue ? `: ${issue.path.join('.')}` : ''}` });
  return null;
}

async function sendCsv(
  services: AppServices,
  reply: FastifyReply,
  filename: string,
  spec: CsvExportSpec,
  { refuseEmpty }: { refuseEmpty?: string } = {},
): Promise<FastifyReply> {
  const csv = await openCsvExport(services.db, spec);
  if (refuseEmpty && csv.rowCount === 0) {
    await csv.cancel();
    return reply.code(404).send({ error: refuseEmpty });
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header(ROW_COUNT_HEADER, String(csv.rowCount))
    .header('x-content-type-options', 'nosniff')
    .send(csv.start());
}

/**
 * Every export is audited before its first byte leaves (decision 028). A search term is typed to
 * find a person (a name, an address, phone digits), so the row says one was given, not what it
 * was (decision 036).
 */
async function auditExport(
  services: AppServices,
  user: SessionUser,
  req: FastifyRequest,
  action: string,
  query: object,
): Promise<void> {
  await recordAudit(
    services.db,
    { id: user.id, email: user.email, ip: req.ip || null },
    {
      action,
      entityType: 'export',
      summary: { filter: auditSummary(withoutPersonalData(query, ['search'])) },
    },
  );
}

/**
 * Admin CSV downloads. GETs change nothing, so they need no CSRF token, but they carry personal data:
 * the admin session is required and nothing may be cached on the way.
 */
export const adminExportRoutes: FastifyPluginAsync<{ services: AppServices }> = async (
  scope,
  { services },
) => {
  scope.addHook('onRequest', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  scope.get('/api/admin/exports/contacts.csv', async (req, reply) => {
    const user = await requireAdminSession(services, req, reply, 'exports.download');
    if (!user) return reply;
    const query = parseQuery(contactsExportQuerySchema, req, reply);
    if (!query) return reply;
    await auditExport(services, user, req, 'exports.contacts', query);
    const timezone = await getSettingsTimezone(services.db);
    const filename = `contacts-${query.filter}-${localDate(new Date(), timezone)}.csv`;
    return sendCsv(services, reply, filename, contactsCsvExport(query, timezone));
  });

  scope.get('/api/admin/exports/unsubscribe-logs.csv', async (req, reply) => {
    const user = await requireAdminSession(services, req, reply, 'exports.download');
    if (!user) return reply;
    const query = parseQuery(unsubscribesExportQuerySchema, req, reply);
    if (!query) return reply;
    await auditExport(services, user, req, 'exports.unsubscribeLogs', query);
    const timezone = await getSettingsTimezone(services.db);
    const filename = `unsubscribe-logs-${localDate(new Date(), timezone)}.csv`;
    // Spec §5: exporting no logs is an error, not an empty file.
    return sendCsv(services, reply, filename, unsubscribeLogsCsvExport(query, timezone), {
      refuseEmpty: UNSUBSCRIBE_MESSAGES.nothingToExport,
    });
  });

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

  scope.get('/api/admin/exports/suppressions.csv', async (req, reply) => {
    const user = await requireAdminSession(services, req, reply, 'exports.download');
    if (!user) return reply;
    const query = parseQuery(suppressionsExportQuerySchema, req, reply);
    if (!query) return reply;
    await auditExport(services, user, req, 'exports.suppressions', query);
    const timezone = await getSettingsTimezone(services.db);
    const filename = `suppressions-${query.reason}-${localDate(new Date(), timezone)}.csv`;
    return sendCsv(services, reply, filename, suppressionsCsvExport(query, timezone));
  });

  scope.get('/api/admin/exports/contact-imports/:id/rejected.csv', async (req, reply) => {
    const user = await requireAdminSession(services, req, reply, 'exports.download');
    if (!user) return reply;
    const params = importIdInputSchema.safeParse(req.params);
    const found = params.success ? await getImport(services.db, params.data.id) : null;
    if (!found) return reply.code(404).send({ error: IMPORT_MESSAGES.notFound });
    await auditExport(services, user, req, 'exports.contactImportReport', { importId: found.id });
    const timezone = await getSettingsTimezone(services.db);
    const filename = `import-rejected-rows-${localDate(new Date(), timezone)}.csv`;
    return sendCsv(services, reply, filename, importReportCsvExport(found.id, timezone));
  });

  scope.get('/api/admin/exports/audit-log.csv', async (req, reply) => {
    const user = await requireAdminSession(services, req, reply, 'audit.read');
    if (!user) return reply;
    const query = parseQuery(auditFiltersSchema, req, reply);
    if (!query) return reply;
    await auditExport(services, user, req, 'exports.auditLog', query);
    const timezone = await getSettingsTimezone(services.db);
    return sendCsv(
      services,
      reply,
      `audit-log-${localDate(new Date(), timezone)}.csv`,
      auditCsvExport(query, timezone),
    );
  });
  return Promise.resolve();
};
