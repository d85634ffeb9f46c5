import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';

// A backup is one gzip stream of frames (decision 085): a 4-byte length, a JSON header, then the
// header's `bytes` of payload. Table data and files go through as many bounded chunks as they need,
// so neither the writer nor the reader ever holds a whole table or file in memory.

export const MAGIC = 'WATCH-PLATFORM-BACKUP\n';
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

export interface Frame {
  header: { kind: string; bytes?: number } & Record<string, unknown>;
  payload: Buffer;
}

export class BackupFormatError extends Error {
  override name = 'BackupFormatError';
}

export interface ArchiveWriter {
  frame(header: Record<string, unknown> & { kind: string }, payload?: Buffer): Promise<void>;
  close(): Promise<void>;
}

export class BackupFileExistsError extends Error {
  override name = 'BackupFileExistsError';
}

/** A new file, readable by this user only (it holds personal data); an existing file is never overwritten. */
export async function writeArchive(file: string): Promise<ArchiveWriter> {
  const handle = await open(file, 'wx', 0o600).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupFileExistsError(`${file} already exists: choose a new file name for the backup.`);
    throw error;
  });
  const gzip = createGzip();
  const out = handle.createWriteStream();
  const done = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  // Surfaces a write error (disk full) at the next frame rather than only at close.
  done.catch(() => undefined);
  gzip.pipe(out);
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done]);
  };
  void gzip.write(MAGIC);
  return {
    async frame(header, payload = Buffer.alloc(0)) {
      const json = Buffer.from(JSON.stringify({ ...header, bytes: payload.length }), 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(json.length);
      await write(Buffer.concat([length, json]));
      if (payload.length > 0) await write(payload);
    },
    async close() {
      gzip.end();
      await done;
    },
  };
}

/** Reads exactly n bytes from a stream's async iterator, keeping what is left over. */
class ByteReader {
  private buffered: Buffer[] = [];
  private size = 0;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** n bytes, or null at a clean end of stream (nothing buffered). */
  async read(n: number): Promise<Buffer | null> {
    while (this.size < n) {
      const next = await this.iterator.next().catch((error: unknown) => {
        // gunzip's own words ("unexpected end of file") say nothing about what to do.
        throw new BackupFormatError('The backup file is damaged or truncated.', { cause: error });
      });
      if (next.done) {
        if (this.size === 0) return null;
        throw new BackupFormatError('The backup file is truncated.');
      }
      this.buffered.push(next.value);
      this.size += next.value.length;
    }
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const result = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
    return result;
  }
}

export async function* readArchive(file: string): AsyncGenerator<Frame> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = new ByteReader(input);
  try {
    const magic = await reader.read(MAGIC.length).catch(() => null);
    if (!magic || magic.toString('utf8') !== MAGIC)
      throw new BackupFormatError(`${file} is not a backup made by "npm run admin -- backup".`);
    for (;;) {
      const length = await reader.read(4);
      if (!length) return;
      const size = length.readUInt32BE(0);
      if (size > MAX_HEADER_BYTES) throw new BackupFormatError('The backup file is damaged (frame header).');
      const json = await reader.read(size);
      if (!json) throw new BackupFormatError('The backup file is truncated.');
      const header = JSON.parse(json.toString('utf8')) as Frame['header'];
      const bytes = typeof header.bytes === 'number' ? header.bytes : 0;
      const payload = bytes > 0 ? await reader.read(bytes) : Buffer.alloc(0);
      if (!payload) throw new BackupFormatError('The backup file is truncated.');
      yield { header, payload };
    }
  } finally {
    input.destroy();
  }
}

/** Writes a stream's chunks as frames of `kind`, returning how many bytes went through. */
export async function framesFrom(
  writer: ArchiveWriter,
  source: Readable,
  header: Record<string, unknown> & { kind: string },
): Promise<number> {
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length;
    await writer.frame(header, chunk);
  }
  return total;
}

/** Writes a buffer to a Writable, waiting for drain: back-pressure for COPY FROM and files. */
export async function writeChunk(target: Writable, chunk: Buffer): Promise<void> {
  if (!target.write(chunk)) await once(target, 'drain');
}
