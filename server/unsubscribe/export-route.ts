import type { FastifyInstance } from 'fastify';
import { UNSUBSCRIBE_MESSAGES, unsubscribeExportQuerySchema } from '#shared/unsubscribe/schemas.ts';
import { localDate } from '#shared/time/zones.ts';
import { requireAdminSession } from '../auth/entry.ts';
import { auditExport } from '../audit/export-audit.ts';
import { parseQuery, sendCsv } from '../exports/csv-route.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { unsubscribeLogsCsvExport } from './export.ts';

/** The unsubscribe logs CSV (decision 022), registered by server/export-routes.ts. */
export function registerUnsubscribeLogExport(scope: FastifyInstance, services: AppServices): void {
  scope.get('/api/admin/exports/unsubscribe-logs.csv', async (req, reply) => {
    const user = await requireAdminSession(services, req, reply, 'exports.download');
    if (!user) return reply;
    const query = parseQuery(unsubscribeExportQuerySchema, req, reply);
    if (!query) return reply;
    await auditExport(services, user, req, 'exports.unsubscribeLogs', query);
    const timezone = await getSettingsTimezone(services.db);
    const filename = `unsubscribe-logs-${localDate(new Date(), timezone)}.csv`;
    // Spec §5: exporting no logs is an error, not an empty file.
    return sendCsv(services, reply, filename, unsubscribeLogsCsvExport(query, timezone), {
      refuseEmpty: UNSUBSCRIBE_MESSAGES.nothingToExport,
    });
  });
}
