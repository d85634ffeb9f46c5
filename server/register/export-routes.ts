import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type RegisterPeriod,
  registerPeriodSchema,
  PAYMENT_METHOD_LABELS,
  REGISTER_MESSAGES,
} from '#shared/register/schemas.ts';
import { IDENTITY_DOCUMENT_LABELS } from '#shared/register/states.ts';
import { escapeHtml } from '#shared/templates/variables.ts';
import type { AuditAction } from '#shared/audit/actions.ts';
import { requireAdminSession } from '../auth/entry.ts';
import { auditExport } from '../audit/export-audit.ts';
import { csvText } from '../exports/csv.ts';
import { parseQuery, ROW_COUNT_HEADER } from '../exports/csv-route.ts';
import type { AppServices } from '../services.ts';
import { RegisterKeyError, registerKeyFrom } from './crypto.ts';
import { type RegisterExportRow, registerExportRows } from './register.ts';
import { getRegisterSettings } from './settings.ts';
import { type TtrField, ttrFields } from './ttr.ts';
import { formatInstant } from '#shared/time/format.ts';

// The dealer's register for a period (decision 058): a CSV and a printable page, both with the
// full identity numbers the law's register holds, so both are the Owner's (register.identity) and
// audited before the first byte. The numbers are decrypted here, in Node, so this export cannot
// be PostgreSQL's COPY like the others (decision 022); a register is a few rows a day, built in
// memory.

const HEADERS = [
  'Date and time',
  'Description',
  'Serial number',
  'Reference number',
  'Identifying marks',
  'Seller name',
  'Seller address',
  'Identity document',
  'Identity number',
  'Identity checked by',
  'Price (AUD)',
  'Payment method',
  'Employee',
  'Storage location',
  'Held until',
  'Released early',
] as const;

/** "06/12/2026, 17:56": four-digit years, as in every export (decision 081's home for time). */
function localDateTime(at: string, timezone: string): string {
  return formatInstant(at, timezone, 'numeric');
}

function cells(row: RegisterExportRow, timezone: string): string[] {
  return [
    localDateTime(row.createdAt, timezone),
    row.watch,
    row.serialNumber,
    row.referenceNumber,
    row.identifyingMarks,
    row.sellerName,
    row.sellerAddress,
    IDENTITY_DOCUMENT_LABELS[row.idDocument],
    row.idNumber,
    // Employees by name, the address for a member without one (decision 095).
    row.idCheckedByName ?? row.idCheckedByEmail ?? '',
    (row.priceCents / 100).toFixed(2),
    PAYMENT_METHOD_LABELS[row.paymentMethod],
    row.receivedByName ?? row.receivedByEmail ?? '',
    row.storageLocation ?? '',
    row.heldUntil ?? '',
    row.releasedAt
      ? `${localDateTime(row.releasedAt, timezone)}${row.releaseReason ? `: ${row.releaseReason}` : ''}`
      : '',
  ];
}

export function registerCsv(rows: RegisterExportRow[], timezone: string): string {
  return csvText([HEADERS, ...rows.map((row) => cells(row, timezone))]);
}

/**
 * Victoria's police may ask for the register with a signed verifying statement (decision 070):
 * the page ends with one to sign when the business is in Victoria.
 */
function verifyingStatement(legalName: string): string {
  return `<section class="statement"><h2>Verifying statement</h2>
<p>I verify that the entries above are a true and complete copy of the register of second-hand goods kept by ${escapeHtml(legalName)} for the period shown.</p>
<p>Name: ______________________________ Position: ______________________________</p>
<p>Signature: ______________________________ Date: ______________________________</p></section>`;
}

export function registerHtml(
  rows: RegisterExportRow[],
  timezone: string,
  period: RegisterPeriod,
  statement: { legalName: string } | null = null,
): string {
  const head = HEADERS.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${cells(row, timezone)
          .map((c) => `<td>${escapeHtml(c)}</td>`)
          .join('')}</tr>`,
    )
    .join('\n');
  const title = `Dealer’s register ${period.from} to ${period.to}`;
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:12px/1.4 system-ui,sans-serif;margin:16px;color:#000}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px;text-align:left;vertical-align:top}
@media print{@page{size:A4 landscape;margin:10mm}body{margin:0}thead{display:table-header-group}tr{break-inside:avoid}}
.statement{margin-top:24px;break-inside:avoid}.statement p{margin:16px 0}
</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${rows.length} ${rows.length === 1 ? 'entry' : 'entries'}</p>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table>${statement ? `\n${verifyingStatement(statement.legalName)}` : ''}</body></html>`;
}

/** AUSTRAC's TTR fields as a CSV: the labels as a header row, the values as one row (decision 070). */
export function ttrCsv(fields: TtrField[]): string {
  return csvText([fields.map((f) => f.label), fields.map((f) => f.value)]);
}

export function ttrHtml(fields: TtrField[]): string {
  const rows = fields
    .map((f) => `<tr><th scope="row">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value)}</td></tr>`)
    .join('\n');
  const title = 'AUSTRAC threshold transaction report: fields';
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:13px/1.4 system-ui,sans-serif;margin:16px;color:#000;max-width:900px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 6px;text-align:left;vertical-align:top}
th{width:16rem}
@media print{@page{size:A4 portrait;margin:12mm}body{margin:0}tr{break-inside:avoid}}
</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p>Copy these into AUSTRAC Online; this page is not the report.</p>
<table><tbody>
${rows}
</tbody></table></body></html>`;
}

const ttrQuerySchema = z.object({ id: z.uuid(REGISTER_MESSAGES.notFound) });

async function ttrFor(
  services: AppServices,
  req: FastifyRequest,
  reply: FastifyReply,
  action: AuditAction,
): Promise<TtrField[] | null> {
  const user = await requireAdminSession(services, req, reply, 'register.identity');
  if (!user) return null;
  const query = parseQuery(ttrQuerySchema, req, reply);
  if (!query) return null;
  let fields: TtrField[] | null;
  try {
    fields = await ttrFields(services.db, registerKeyFrom(services.config), services.config.site, query.id);
  } catch (error) {
    if (!(error instanceof RegisterKeyError)) throw error;
    void reply.code(409).send({ error: REGISTER_MESSAGES.undecryptable });
    return null;
  }
  if (!fields) {
    void reply.code(404).send({ error: 'No threshold transaction report for this entry' });
    return null;
  }
  await auditExport(services, user, req, action, query);
  return fields;
}

async function exportFor(
  services: AppServices,
  req: FastifyRequest,
  reply: FastifyReply,
  action: AuditAction,
): Promise<{ rows: RegisterExportRow[]; timezone: string; period: RegisterPeriod } | null> {
  const user = await requireAdminSession(services, req, reply, 'register.identity');
  if (!user) return null;
  const period = parseQuery(registerPeriodSchema, req, reply);
  if (!period) return null;
  await auditExport(services, user, req, action, period);
  const { rows, timezone } = await registerExportRows(services.db, registerKeyFrom(services.config), period);
  return { rows, timezone, period };
}

export function registerRegisterExports(scope: FastifyInstance, services: AppServices): void {
  scope.get('/api/admin/exports/register.csv', async (req, reply) => {
    const found = await exportFor(services, req, reply, 'exports.register');
    if (!found) return reply;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="dealers-register-${found.period.from}-to-${found.period.to}.csv"`,
      )
      .header(ROW_COUNT_HEADER, String(found.rows.length))
      .header('x-content-type-options', 'nosniff')
      .send(registerCsv(found.rows, found.timezone));
  });

  scope.get('/api/admin/exports/register-ttr.csv', async (req, reply) => {
    const fields = await ttrFor(services, req, reply, 'exports.registerTtr');
    if (!fields) return reply;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="austrac-ttr.csv"')
      .header(ROW_COUNT_HEADER, '1')
      .header('x-content-type-options', 'nosniff')
      .send(ttrCsv(fields));
  });

  scope.get('/api/admin/exports/register-ttr.html', async (req, reply) => {
    const fields = await ttrFor(services, req, reply, 'exports.registerTtrPrint');
    if (!fields) return reply;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(ttrHtml(fields));
  });

  scope.get('/api/admin/exports/register.html', async (req, reply) => {
    const found = await exportFor(services, req, reply, 'exports.registerPrint');
    if (!found) return reply;
    const { state } = await getRegisterSettings(services.db);
    const statement = state === 'VIC' ? { legalName: services.config.site.legalName } : null;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(registerHtml(found.rows, found.timezone, found.period, statement));
  });
}
