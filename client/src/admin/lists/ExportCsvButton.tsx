import { Button } from '@mantine/core';
import { useState } from 'react';
import type { Permission } from '#shared/auth/permissions.ts';
import { useCan } from '../auth/session.ts';
import { DownloadError, downloadCsv, exportQuery } from './download.ts';
import { type NoticeTone, notify } from '../widgets/notify.ts';

export interface ExportMessages {
  successTitle?: string;
  success: (rowCount: number) => string;
  failedTitle?: string;
  /** Shown when the server gave no message of its own. */
  failed: string;
  /** A list whose export answers 404 when it has no rows says so, as a notice rather than a failure. */
  nothingToExport?: string;
}

export type ExportParams = Record<string, string | boolean | undefined>;

/** The toast for a finished or failed export (kept apart from the button so it can be tested). */
export function exportNotice(
  outcome: { rowCount: number } | { error: unknown },
  messages: ExportMessages,
): { tone: NoticeTone; title?: string; message: string } {
  if ('rowCount' in outcome)
    return { tone: 'success', title: messages.successTitle, message: messages.success(outcome.rowCount) };
  const { error } = outcome;
  if (messages.nothingToExport && error instanceof DownloadError && error.status === 404)
    return { tone: 'notice', message: messages.nothingToExport };
  // A download's own message is the server's words for people; anything else (the network) is not.
  const message = error instanceof DownloadError ? error.message : '';
  return { tone: 'error', title: messages.failedTitle, message: message || messages.failed };
}

function showNotice({ tone, message, ...options }: ReturnType<typeof exportNotice>): void {
  notify(tone, message, options);
}

/**
 * A list's Export CSV button: the file is filtered by the same URL state as the rows shown, and
 * only a role that may download exports sees the button (decision 027; the server refuses anyway).
 */
export function ExportCsvButton({
  path,
  params,
  fallbackName,
  messages,
  permission = 'exports.download',
}: {
  /** e.g. /api/admin/exports/contacts.csv */
  path: string;
  params: ExportParams;
  fallbackName: string;
  messages: ExportMessages;
  permission?: Permission;
}) {
  const can = useCan();
  const [exporting, setExporting] = useState(false);
  if (!can(permission)) return null;
  const run = async () => {
    setExporting(true);
    try {
      const { rowCount } = await downloadCsv(`${path}${exportQuery(params)}`, fallbackName);
      showNotice(exportNotice({ rowCount }, messages));
    } catch (error) {
      showNotice(exportNotice({ error }, messages));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="default" onClick={() => void run()} loading={exporting}>
      Export CSV
    </Button>
  );
}
