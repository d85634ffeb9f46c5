import { sql } from 'kysely';
import type { Logger } from 'pino';
import { type ConsentEvidence, consentEvidenceSchema } from '#shared/contacts/consent.ts';
import {
  type ContactImportView,
  DRY_RUN_ROWS_SHOWN,
  type DryRunResult,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  type ImportConsentCounts,
  type ImportCounts,
  type ImportMapping,
  importMappingSchema,
  type ImportRowOutcome,
  MAX_IMPORT_ROWS,
} from '#shared/contacts/import.ts';
import { type Database, type DbExecutor, inTransaction } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { classifyRows, importBatch } from './apply.ts';
import { type ImportRow, parseCsv, type RejectedRow, toImportRows } from './parse.ts';

// Contact import (decision 035): upload, dry run, then a worker job that writes the
// rows in batches, reports progress after each, stops when asked, and keeps the rejected rows for the
// report. The uploaded text lives in the import's row until the import ends.

export const IMPORT_BATCH = 5000;
/** Batches in flight at once, each on its own connection (the worker's pool has more). */
const IMPORT_PARALLEL = 2;

export type UploadResult = { status: 'ok'; id: string } | { status: 'invalid'; message: string };

/**
 * Stores an upload as a draft import. The CSV is read first, outside any transaction; the draft and
 * `record` (the upload's audit row, decision 030) then commit together.
 */
export async function createImport(
  db: Database,
  input: { text: string; fileName: string | null; actorEmail: string },
  record: (trx: DbExecutor, id: string) => Promise<void> = async () => {},
): Promise<UploadResult> {
  let records: string[][];
  try {
    records = parseCsv(input.text);
  } catch {
    return { status: 'invalid', message: IMPORT_MESSAGES.unreadable };
  }
  const headers = records[0] ?? [];
  const totalRows = Math.max(0, records.length - 1);
  if (totalRows === 0) return { status: 'invalid', message: IMPORT_MESSAGES.empty };
  if (totalRows > MAX_IMPORT_ROWS) return { status: 'invalid', message: IMPORT_MESSAGES.tooManyRows };
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_imports')
      .values({
        file_name: input.fileName,
        source_text: input.text,
        source_bytes: Buffer.byteLength(input.text),
        headers,
        preview: JSON.stringify(records.slice(1, 1 + IMPORT_PREVIEW_ROWS)),
        total_rows: totalRows,
        created_by: input.actorEmail,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(trx, row.id);
    return row.id;
  });
  return { status: 'ok', id };
}

export async function getImport(db: DbExecutor, id: string): Promise<ContactImportView | null> {
  const row = await db
    .selectFrom('contact_imports')
    .select([
      'id',
      'status',
      'file_name',
      'headers',
      'preview',
      'total_rows',
      'processed_rows',
      'created_count',
      'updated_count',
      'unchanged_count',
      'rejected_count',
      'cancel_requested',
      'error',
      'created_at',
      'finished_at',
      // An index-only count over the links' primary key (decision 035).
      sql<number>`(SELECT count(*)::int FROM contact_import_rows r WHERE r.import_id = contact_imports.id)`.as(
        'contacts',
      ),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    fileName: row.file_name,
    headers: row.headers,
    preview: row.preview,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    created: row.created_count,
    updated: row.updated_count,
    unchanged: row.unchanged_count,
    rejected: row.rejected_count,
    contacts: row.contacts,
    cancelRequested: row.cancel_requested,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

interface StoredImport {
  status: string;
  source_text: string | null;
  mapping: unknown;
  consent: unknown;
  created_by: string;
  processed_rows: number;
  cancel_requested: boolean;
}

async function loadImport(db: DbExecutor, id: string): Promise<StoredImport | undefined> {
  return db
    .selectFrom('contact_imports')
    .select([
      'status',
      'source_text',
      'mapping',
      'consent',
      'created_by',
      'processed_rows',
      'cancel_requested',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every data row in file order: the checked rows and the rows the checks rejected. */
function rowsOf(text: string, mapping: ImportMapping, consent: ConsentEvidence | null) {
  return toImportRows(parseCsv(text), mapping, consent !== null);
}

export type DryRunOutcome =
  { status: 'not_found' } | { status: 'not_draft' } | { status: 'ok'; result: DryRunResult };

/**
 * What the import would do, row by row, writing nothing but the chosen mapping and consent basis
 * (the run uses exactly those). Classified in the same batches as the run.
 */
export async function dryRunImport(
  db: DbExecutor,
  input: { id: string; mapping: ImportMapping; consent: ConsentEvidence | null },
): Promise<DryRunOutcome> {
  const stored = await loadImport(db, input.id);
  if (!stored) return { status: 'not_found' };
  if (stored.status !== 'draft' || stored.source_text === null) return { status: 'not_draft' };
  const { rows, rejected } = rowsOf(stored.source_text, input.mapping, input.consent);
  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, skip: rejected.length };
  const consentCounts: ImportConsentCounts = { subscribed: 0, pending: 0, notSubscribed: 0 };
  const shown: ImportRowOutcome[] = rejected
    .filter((r) => r.row <= DRY_RUN_ROWS_SHOWN + 1)
    .map((r) => ({ row: r.row, email: r.email, outcome: 'skip', reason: r.reason }));
  // Alone, every batch is classified against one snapshot; inside an admin action (decision 030)
  // they are classified in the action's transaction, at its isolation level.
  await inTransaction(
    db,
    async (trx) => {
      for (let at = 0; at < rows.length; at += IMPORT_BATCH) {
        const batch = rows.slice(at, at + IMPORT_BATCH);
        const classified = await classifyRows(trx, batch);
        const byRow = new Map(batch.map((r) => [r.row, r]));
        for (const c of classified) {
          counts[c.outcome]++;
          if (c.consentAfter === 'subscribed') consentCounts.subscribed++;
          else if (c.consentAfter === 'pending') consentCounts.pending++;
          else if (c.consentAfter === 'not_subscribed') consentCounts.notSubscribed++;
          if (c.row <= DRY_RUN_ROWS_SHOWN + 1)
            shown.push({
              row: c.row,
              email: byRow.get(c.row)?.email ?? '',
              outcome: c.outcome,
              reason: c.reason,
            });
        }
      }
      await trx
        .updateTable('contact_imports')
        .set({ mapping: JSON.stringify(input.mapping), consent: JSON.stringify(input.consent) })
        .where('id', '=', input.id)
        .execute();
    },
    'repeatable read',
  );
  shown.sort((a, b) => a.row - b.row);
  return {
    status: 'ok',
    result: { counts, consent: consentCounts, rows: shown, totalRows: rows.length + rejected.length },
  };
}

export type StartOutcome =
  { status: 'not_found' } | { status: 'not_draft' } | { status: 'dry_run_first' } | { status: 'ok' };

/** Queues the import's job in the transaction that marks it queued (decision 023). */
export async function startImport(db: DbExecutor, jobs: JobQueue, id: string): Promise<StartOutcome> {
  return inTransaction(db, async (trx) => {
    const stored = await trx
      .selectFrom('contact_imports')
      .select(['status', 'mapping'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!stored) return { status: 'not_found' };
    if (stored.status !== 'draft') return { status: 'not_draft' };
    if (stored.mapping === null) return { status: 'dry_run_first' };
    await trx.updateTable('contact_imports').set({ status: 'queued' }).where('id', '=', id).execute();
    await jobs.send('contacts.import', { importId: id }, { trx, singletonKey: id });
    return { status: 'ok' };
  });
}

/** Asks the job to stop after its current batch; a queued import stops before its first. */
export async function cancelImport(db: DbExecutor, id: string): Promise<'ok' | 'not_found' | 'not_running'> {
  const row = await db
    .updateTable('contact_imports')
    .set({ cancel_requested: true })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('id')
    .executeTakeFirst();
  if (row) return 'ok';
  const exists = await db.selectFrom('contact_imports').select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'not_running' : 'not_found';
}

async function finish(
  db: DbExecutor,
  id: string,
  status: 'completed' | 'cancelled' | 'failed',
  error: string | null = null,
): Promise<void> {
  // The uploaded text is not kept past the import: the contacts and the report hold what it gave.
  await db
    .updateTable('contact_imports')
    .set({ status, error, finished_at: new Date(), source_text: null, preview: '[]' })
    .where('id', '=', id)
    .execute();
}

function rejectionValues(importId: string, rows: readonly RejectedRow[]) {
  return rows.map((r) => ({
    import_id: importId,
    row_number: r.row,
    email: r.email === '' ? null : r.email,
    full_name: r.fullName,
    phone: r.phone,
    reason: r.reason,
  }));
}

/**
 * The worker's side. Each batch commits with the import's progress, so a job run again after a
 * crash resumes after the last committed batch and never applies a row twice.
 */
export async function runImportJob(
  services: { db: Database; logger: Pick<Logger, 'info' | 'error'> },
  importId: string,
): Promise<{ status: string }> {
  const { db } = services;
  const stored = await loadImport(db, importId);
  if (!stored || !['queued', 'running'].includes(stored.status)) return { status: 'skipped' };
  if (stored.source_text === null) {
    await finish(db, importId, 'failed', 'The uploaded file is no longer stored');
    return { status: 'failed' };
  }
  const mapping = importMappingSchema.parse(stored.mapping);
  const consent = stored.consent === null ? null : consentEvidenceSchema.parse(stored.consent);
  await db
    .updateTable('contact_imports')
    .set({ status: 'running', started_at: sql<Date>`coalesce(started_at, now())` })
    .where('id', '=', importId)
    .execute();
  try {
    return await runBatches(
      services,
      importId,
      stored,
      rowsOf(stored.source_text, mapping, consent),
      consent,
    );
  } catch (error) {
    // The rows of committed batches stay imported; the page says the rest did not happen.
    services.logger.error({ err: error, importId }, 'Contact import failed');
    await finish(
      db,
      importId,
      'failed',
      'The import stopped on an unexpected error; the rows before it were imported.',
    );
    return { status: 'failed' };
  }
}

type Counts = Record<'created' | 'updated' | 'unchanged' | 'skipped', number>;

async function runBatches(
  services: { db: Database; logger: Pick<Logger, 'info' | 'error'> },
  importId: string,
  stored: StoredImport,
  { rows, rejected }: { rows: ImportRow[]; rejected: RejectedRow[] },
  consent: ConsentEvidence | null,
): Promise<{ status: string }> {
  const { db } = services;
  const totalRows = rows.length + rejected.length;
  const current = await db
    .selectFrom('contact_imports')
    .select(['processed_rows', 'cancel_requested'])
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  // Another run of this job got here first.
  if (current.processed_rows !== stored.processed_rows) return { status: 'skipped' };
  const ranges: Array<[number, number]> = [];
  for (let from = stored.processed_rows; from < totalRows; from += IMPORT_BATCH)
    ranges.push([from, Math.min(from + IMPORT_BATCH, totalRows)]);

  const runBatch = ([from, to]: [number, number]): Promise<Counts> =>
    db.transaction().execute(async (trx) => {
      // Data rows are numbered from 2 (the header is row 1).
      const inRange = (r: { row: number }) => r.row >= from + 2 && r.row < to + 2;
      const parseRejected = rejected.filter(inRange);
      if (parseRejected.length > 0)
        await trx
          .insertInto('contact_import_rejections')
          .values(rejectionValues(importId, parseRejected))
          .onConflict((oc) => oc.doNothing())
          .execute();
      const batch = await importBatch(trx, rows.filter(inRange), {
        importId,
        consent,
        actorEmail: stored.created_by,
        now: new Date(),
      });
      return { ...batch, skipped: batch.skipped + parseRejected.length };
    });

  // Batches of one file never share a contact (duplicates were rejected while parsing), so
  // IMPORT_PARALLEL of them run side by side, each on its own connection: the database's work is
  // most of an import's time. Each connection starts its next batch as soon as its last one
  // commits, rather than every batch waiting for the slowest of its group.
  const done: Array<Counts | undefined> = [];
  let recorded = 0; // batches whose rows are in processed_rows, always a prefix
  let next = current.cancel_requested ? ranges.length : 0;
  // Set by the connections (a cancel seen, another run ahead, an error): no new batch starts.
  let stop = (current.cancel_requested ? 'cancelled' : null) as 'cancelled' | 'skipped' | 'failed' | null;
  let failure: unknown = null;
  let progress = Promise.resolve();

  /**
   * Writes the progress and counts of the committed batches that follow the recorded prefix (the
   * page polls them), and reads whether a cancel was asked. Runs one at a time. A crash before it
   * runs the committed batches again: they change nothing the second time (their contacts exist and
   * are up to date), only the counts see them as unchanged.
   */
  const record = async () => {
    const counts: Counts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    const from = recorded;
    while (done[recorded]) {
      const result = done[recorded] as Counts;
      for (const key of Object.keys(counts) as Array<keyof Counts>) counts[key] += result[key];
      recorded++;
    }
    if (recorded === from) {
      // An earlier batch is still running, so no progress can be written yet; a cancel asked
      // meanwhile still stops new batches from starting.
      const asked = await db
        .selectFrom('contact_imports')
        .select('cancel_requested')
        .where('id', '=', importId)
        .executeTakeFirst();
      if (asked?.cancel_requested) stop ??= 'cancelled';
      return;
    }
    const previous = from === 0 ? stored.processed_rows : (ranges[from - 1] as [number, number])[1];
    const row = await sql<{ cancel_requested: boolean }>`
      UPDATE contact_imports SET
        processed_rows = ${(ranges[recorded - 1] as [number, number])[1]},
        created_count = created_count + ${counts.created},
        updated_count = updated_count + ${counts.updated},
        unchanged_count = unchanged_count + ${counts.unchanged},
        rejected_count = rejected_count + ${counts.skipped}
      WHERE id = ${importId} AND processed_rows = ${previous}
      RETURNING cancel_requested`.execute(db);
    // No row: another run of this job moved the progress on.
    if (!row.rows[0]) stop ??= 'skipped';
    else if (row.rows[0].cancel_requested) stop ??= 'cancelled';
  };

  const connection = async () => {
    while (stop === null && next < ranges.length) {
      const at = next++;
      try {
        done[at] = await runBatch(ranges[at] as [number, number]);
        progress = progress.then(record);
        await progress;
      } catch (error) {
        stop = 'failed';
        failure ??= error;
        return;
      }
    }
  };
  // Each connection returns only after its batch and that batch's progress are written.
  await Promise.all(Array.from({ length: IMPORT_PARALLEL }, connection));
  if (stop === 'failed') throw failure;
  if (stop === 'skipped') return { status: 'skipped' };
  if (stop === 'cancelled') {
    await finish(db, importId, 'cancelled');
    const processedRows =
      recorded === 0 ? stored.processed_rows : (ranges[recorded - 1] as [number, number])[1];
    services.logger.info({ importId, processedRows }, 'Contact import cancelled');
    return { status: 'cancelled' };
  }
  await finish(db, importId, 'completed');
  services.logger.info({ importId, totalRows }, 'Contact import completed');
  return { status: 'completed' };
}

const DAY_MS = 86_400_000;
/** A draft nobody ran keeps its upload this long; a finished import keeps its report this long. */
export const ABANDONED_DRAFT_DAYS = 1;
export const IMPORT_REPORT_DAYS = 30;

/**
 * Data minimisation for imports (decision 035), from the hourly housekeeping job: drafts never run
 * (their uploaded text) and, after a month, finished imports with their rejected rows.
 */
export async function deleteStaleImports(db: DbExecutor, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('contact_imports')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'draft'),
          eb('created_at', '<', new Date(now.getTime() - ABANDONED_DRAFT_DAYS * DAY_MS)),
        ]),
        eb('finished_at', '<', new Date(now.getTime() - IMPORT_REPORT_DAYS * DAY_MS)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
