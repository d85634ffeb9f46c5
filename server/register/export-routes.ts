import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type RegisterPeriod,
  registerPeriodSchema,
  PAYMENT_METHOD_LABELS,
} from '#shared/register/schemas.ts';
import { IDENTITY_DOCUMENT_LABELS } from '#shared/register/states.ts';
import type { AuditAction } from '#shared/audit/actions.ts';
import { requireAdminSession } from '../auth/entry.ts';
import { auditExport } from '../audit/export-audit.ts';
import { parseQuery, ROW_COUNT_HEADER } from '../exports/csv-route.ts';
import type { AppServices } from '../services.ts';
import { registerKeyFrom } from './crypto.ts';
import { type RegisterExportRow, registerExportRows } from './register.ts';

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
  'Held until',
  'Released early',
] as const;

function localDateTime(at: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: timezone,
    dateStyle: 'short',
    timeStyle: 'short',
    hour12: false,
  }).format(new Date(at));
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
    row.idCheckedByEmail ?? '',
    (row.priceCents / 100).toFixed(2),
    PAYMENT_METHOD_LABELS[row.paymentMethod],
    row.receivedByEmail ?? '',
    row.heldUntil ?? '',
    row.releasedAt
      ? `${localDateTime(row.releasedAt, timezone)}${row.releaseReason ? `: ${row.releaseReason}` : ''}`
      : '',
  ];
}

/** RFC 4180, with a text that a spreadsheet would run as a formula prefixed by an apostrophe. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function registerCsv(rows: RegisterExportRow[], timezone: string): string {
  return [HEADERS, ...rows.map((row) => cells(row, timezone))]
    .map((line) => `${line.map(csvField).join(',')}\n`)
    .join('');
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function registerHtml(rows: RegisterExportRow[], timezone: string, period: RegisterPeriod): string {
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
</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${rows.length} ${rows.length === 1 ? 'entry' : 'entries'}</p>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></body></html>`;
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

  scope.get('/api/admin/exports/register.html', async (req, reply) => {
    const found = await exportFor(services, req, reply, 'exports.registerPrint');
    if (!found) return reply;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(registerHtml(found.rows, found.timezone, found.period));
  });
}
