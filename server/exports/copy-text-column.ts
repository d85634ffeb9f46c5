import { Transform, type TransformCallback } from 'node:stream';

// `COPY (SELECT <one text column>) TO STDOUT (FORMAT binary)` sends each value as it is stored: no
// quoting (csv format) or backslash escapes (text format) to undo, and the client encoding applies
// as for any text result. This turns that stream back into the values written back to back, so a
// column holding finished CSV lines becomes the CSV file. Per row only six bytes of framing are
// read; the values are moved natively within the Buffers they arrive in.
//
// Format (PostgreSQL docs, COPY "Binary Format"): an 11-byte signature, a 32-bit flags field and a
// 32-bit header extension length followed by that many bytes; then per row a 16-bit field count
// and per field a 32-bit length (-1: NULL) and the bytes; a field count of -1 ends the data.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

// Decoder states (plain numbers: the per-row transitions allocate nothing).
const HEADER = 0;
const EXTENSION = 1;
const FIELD_COUNT = 2;
const FIELD_LENGTH = 3;
const VALUE = 4;
const DONE = 5;

export class CopyTextColumn extends Transform {
  #state = HEADER;
  /** Bytes left of the header extension or value being read. */
  #left = 0;
  // A fixed-size part (header, count, length) split across chunks is gathered here.
  readonly #partial = Buffer.alloc(HEADER_BYTES);
  #partialLength = 0;
  /** Rows seen so far. */
  rows = 0;

  /** `prefix` is sent before the first value (e.g. the CSV header line). */
  constructor(prefix?: string) {
    super();
    if (prefix) this.push(prefix);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      const out = this.#decode(chunk);
      if (out.length > 0) this.push(out);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    callback(this.#state === DONE ? null : new Error('COPY data ended before its trailer'));
  }

  /**
   * Gathers the first `size` bytes from `at` of a fixed-size part split across chunks into
   * #partial; returns the position after what it took. The part is complete when #partialLength
   * reaches `size` (the caller then resets it).
   */
  #gather(chunk: Buffer, at: number, size: number): number {
    const take = Math.min(size - this.#partialLength, chunk.length - at);
    chunk.copy(this.#partial, this.#partialLength, at, at + take);
    this.#partialLength += take;
    return at + take;
  }

  #decode(chunk: Buffer): Buffer {
    // The values are moved to the front of the chunk itself, over the framing before them (never
    // past where they are read from): no Buffer is allocated per chunk. The chunk is this stream's
    // alone once written to it (the COPY stream hands over each Buffer it pushes).
    let written = 0;
    let at = 0;
    while (at < chunk.length) {
      switch (this.#state) {
        case HEADER: {
          at = this.#gather(chunk, at, HEADER_BYTES);
          if (this.#partialLength < HEADER_BYTES) break;
          this.#partialLength = 0;
          if (!this.#partial.subarray(0, SIGNATURE.length).equals(SIGNATURE))
            throw new Error('Not a binary COPY stream');
          this.#left = this.#partial.readUInt32BE(SIGNATURE.length + 4);
          this.#state = this.#left > 0 ? EXTENSION : FIELD_COUNT;
          break;
        }
        case EXTENSION: {
          const skip = Math.min(this.#left, chunk.length - at);
          at += skip;
          this.#left -= skip;
          if (this.#left === 0) this.#state = FIELD_COUNT;
          break;
        }
        case FIELD_COUNT: {
          let count: number;
          if (this.#partialLength === 0 && chunk.length - at >= 2) {
            count = chunk.readInt16BE(at);
            at += 2;
          } else {
            at = this.#gather(chunk, at, 2);
            if (this.#partialLength < 2) break;
            this.#partialLength = 0;
            count = this.#partial.readInt16BE(0);
          }
          if (count === -1) this.#state = DONE;
          else if (count === 1) {
            this.rows += 1;
            this.#state = FIELD_LENGTH;
          } else throw new Error(`Expected one column per COPY row, got ${count}`);
          break;
        }
        case FIELD_LENGTH: {
          let length: number;
          if (this.#partialLength === 0 && chunk.length - at >= 4) {
            length = chunk.readInt32BE(at);
            at += 4;
          } else {
            at = this.#gather(chunk, at, 4);
            if (this.#partialLength < 4) break;
            this.#partialLength = 0;
            length = this.#partial.readInt32BE(0);
          }
          // NULL (-1) and '' both write nothing.
          this.#left = Math.max(0, length);
          this.#state = this.#left > 0 ? VALUE : FIELD_COUNT;
          break;
        }
        case VALUE: {
          const take = Math.min(this.#left, chunk.length - at);
          if (written !== at) chunk.copyWithin(written, at, at + take);
          written += take;
          at += take;
          this.#left -= take;
          if (this.#left === 0) this.#state = FIELD_COUNT;
          break;
        }
        default:
          throw new Error('Data after the end of the COPY stream');
      }
    }
    return chunk.subarray(0, written);
  }
}
