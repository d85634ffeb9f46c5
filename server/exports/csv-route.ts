import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '#shared/text-safety.ts';
import type { Database } from '../db/database.ts';
import { type CsvExportSpec, openCsvExport } from './csv-export.ts';

// What every admin CSV route does around its feature's query: refuse a bad filter with a 400 and
// stream the file with its row count (decision 022); audit/export-audit.ts records the download.
// Each feature registers its own export routes with these (decision 049).

/** Response header with the number of data rows in the CSV (known before the body: same snapshot). */
export const ROW_COUNT_HEADER = 'x-row-count';

export function parseQuery<S extends z.ZodType>(
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

export async function sendCsv(
  services: { db: Database },
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
