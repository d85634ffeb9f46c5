import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/audit/actions.ts';
import type { DbExecutor } from '../db/database.ts';
import { auditSummary, recordAudit, withoutPersonalData } from './audit.ts';

/**
 * Every export is audited before its first byte leaves (decision 028). A search term is typed to
 * find a person (a name, an address, phone digits), so the row says one was given, not what it
 * was (decision 036).
 */
export async function auditExport(
  services: { db: DbExecutor },
  user: { id: string; email: string },
  req: FastifyRequest,
  action: AuditAction,
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
