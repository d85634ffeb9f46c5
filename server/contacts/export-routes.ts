import type { FastifyInstance } from 'fastify';
import { contactsExportQuerySchema } from '#shared/contacts/schemas.ts';
import { IMPORT_MESSAGES, importIdInputSchema } from '#shared/contacts/import.ts';
import { localDate } from '#shared/time/zones.ts';
import { requireAdminSession } from '../auth/entry.ts';
import { auditExport } from '../audit/export-audit.ts';
import { parseQuery, sendCsv } from '../exports/csv-route.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { contactsCsvExport } from './export.ts';
import { getImport } from './import/import.ts';
import { importReportCsvExport } from './import/report.ts';

/** The contacts CSV and an import's rejected rows (decision 022), registered by server/export-routes.ts. */
export function registerContactExports(scope: FastifyInstance, services: AppServices): void {
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
}
