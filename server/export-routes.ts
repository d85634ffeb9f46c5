import type { FastifyPluginAsync } from 'fastify';
import { auditFiltersSchema } from '#shared/audit/schemas.ts';
import { localDate } from '#shared/time/zones.ts';
import { auditCsvExport } from './audit/audit.ts';
import { requireAdminSession } from './auth/entry.ts';
import { registerCampaignSendsExport } from './campaigns/export-route.ts';
import { registerContactExports } from './contacts/export-routes.ts';
import { registerRegisterExports } from './register/export-routes.ts';
import { auditExport } from './audit/export-audit.ts';
import { parseQuery, sendCsv } from './exports/csv-route.ts';
import type { AppServices } from './services.ts';
import { getSettingsTimezone } from './settings/entry.ts';
import { registerSuppressionsExport } from './suppressions/export-route.ts';
import { registerUnsubscribeLogExport } from './unsubscribe/export-route.ts';

/**
 * Admin CSV downloads. GETs change nothing, so they need no CSRF token, but they carry personal data:
 * the admin session is required and nothing may be cached on the way. Each feature registers its
 * own exports with the exports library (decision 049).
 */
export const adminExportRoutes: FastifyPluginAsync<{ services: AppServices }> = async (
  scope,
  { services },
) => {
  scope.addHook('onRequest', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  registerContactExports(scope, services);
  registerUnsubscribeLogExport(scope, services);
  registerCampaignSendsExport(scope, services);
  registerSuppressionsExport(scope, services);
  registerRegisterExports(scope, services);
  // The audit log's own: audit is infrastructure and takes no admin session (decision 049).
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
