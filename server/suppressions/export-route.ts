import type { FastifyInstance } from 'fastify';
import { suppressionsExportQuerySchema } from '#shared/suppressions/schemas.ts';
import { localDate } from '#shared/time/zones.ts';
import { requireAdminSession } from '../auth/entry.ts';
import { auditExport } from '../audit/export-audit.ts';
import { parseQuery, sendCsv } from '../exports/csv-route.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { suppressionsCsvExport } from './export.ts';

/** The suppression list CSV (decision 022), registered by server/export-routes.ts. */
export function registerSuppressionsExport(scope: FastifyInstance, services: AppServices): void {
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
}
