import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { CopyTextColumn } from './copy-text-column.ts';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY stream of one text column, as PostgreSQL writes it (null: a NULL value). */
function binaryCopy(values: readonly (string | null)[], extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(extension.length, 4);
  const rows = values.map((value) => {
    const bytes = value === null ? Buffer.alloc(0) : Buffer.from(value, 'utf8');
    const frame = Buffer.alloc(6);
    frame.writeInt16BE(1, 0);
    frame.writeInt32BE(value === null ? -1 : bytes.length, 2);
    return Buffer.concat([frame, bytes]);
  });
  return Buffer.concat([SIGNATURE, header, extension, ...rows, Buffer.from([0xff, 0xff])]);
}

/** Feeds `chunks` through a decoder; resolves with what it wrote. */
async function decode(chunks: readonly Buffer[], prefix?: string) {
  const decoder = new CopyTextColumn(prefix);
  const output = text(Readable.from(chunks).pipe(decoder));
  return { output: await output, rows: decoder.rows };
}

/** Copies of `whole` cut into pieces of `size` bytes (each its own Buffer, as a socket gives them). */
function cut(whole: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < whole.length; at += size) pieces.push(Buffer.from(whole.subarray(at, at + size)));
  return pieces;
}

const LINES = ['Email,Consent\r\n', 'a@example.com,Yes\r\n', '"quote""d, ünïcödé",No\r\n', '\r\n'];

describe('CopyTextColumn', () => {
  it('writes the values back to back after the prefix', async () => {
    const result = await decode([binaryCopy(LINES.slice(1))], LINES[0]);
    expect(result.output).toBe(LINES.join(''));
    expect(result.rows).toBe(3);
  });

  it('gives the same bytes however the stream is cut', async () => {
    const whole = binaryCopy(LINES);
    for (let size = 1; size <= whole.length; size += 1) {
      const result = await decode(cut(whole, size));
      expect(result.output, `pieces of ${size} bytes`).toBe(LINES.join(''));
    }
  });

  it('writes nothing for NULL and empty values, and skips a header extension', async () => {
    const result = await decode([binaryCopy(['a', null, '', 'b'], Buffer.from('future'))]);
    expect(result.output).toBe('ab');
    expect(result.rows).toBe(4);
  });

  it('writes only the prefix when there are no rows', async () => {
    expect((await decode([binaryCopy([])], 'Email\r\n')).output).toBe('Email\r\n');
  });

  it('moves values within the bytes it was given and touches nothing around them', async () => {
    const copy = binaryCopy(['first\r\n', 'second\r\n']);
    const backing = Buffer.concat([Buffer.from('<<<<'), copy, Buffer.from('>>>>')]);
    const view = backing.subarray(4, 4 + copy.length);
    expect((await decode([view])).output).toBe('first\r\nsecond\r\n');
    expect(backing.subarray(0, 4).toString()).toBe('<<<<');
    expect(backing.subarray(-4).toString()).toBe('>>>>');
  });

  it('fails on a stream that is not a binary COPY', async () => {
    await expect(decode([Buffer.from('Email,Consent\r\nsomething else entirely')])).rejects.toThrow(
      /Not a binary COPY stream/,
    );
  });

  it('fails on rows of more than one column', async () => {
    const copy = binaryCopy(['x']);
    copy.writeInt16BE(2, SIGNATURE.length + 8);
    await expect(decode([copy])).rejects.toThrow(/one column/);
  });

  it('fails when the stream stops before its trailer', async () => {
    const copy = binaryCopy(['one', 'two']);
    await expect(decode([copy.subarray(0, copy.length - 5)])).rejects.toThrow(/ended before its trailer/);
  });

  it('fails on data after the trailer', async () => {
    await expect(decode([binaryCopy(['one']), Buffer.from([0])])).rejects.toThrow(/after the end/);
  });
});
