// CSV downloads through fetch (not a plain link) so the page can tell the admin how many rows
// were exported, or why nothing was. The server announces the row count in a header before the
// body (count and rows come from one database snapshot).

export class DownloadError extends Error {
  override name = 'DownloadError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface DownloadResult {
  rowCount: number;
  filename: string;
}

function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

export async function downloadCsv(url: string, fallbackName: string): Promise<DownloadResult> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/csv' } });
  if (!res.ok) {
    let message = '';
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body.error === 'string') message = body.error;
    } catch {
      // not a JSON error body
    }
    throw new DownloadError(res.status, message);
  }
  const rowCount = Number(res.headers.get('x-row-count') ?? Number.NaN);
  const filename = filenameFrom(res.headers.get('content-disposition'), fallbackName);
  saveBlob(filename, await res.blob());
  return { rowCount: Number.isFinite(rowCount) ? rowCount : 0, filename };
}

/** A query string without empty values. */
export function exportQuery(params: Record<string, string | boolean | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === false) continue;
    query.set(key, value === true ? '1' : value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(filename: string, blob: Blob): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; free it once that has started.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
