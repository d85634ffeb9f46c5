import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MAX_PHOTO_PIXELS, UPLOAD_MESSAGES } from '#shared/uploads/schema.ts';

/** A photo refused for what it is; the message is shown to the seller as-is. */
export class UploadRejectedError extends Error {
  override name = 'UploadRejectedError';
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export type SniffedImageType = 'jpeg' | 'png' | 'webp' | 'heif';

// ISO-BMFF brands of HEIF images: HEVC-coded (iPhone HEIC), AV1-coded (AVIF) and the generic ones.
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

function ascii(buffer: Buffer, start: number, end: number): string {
  return buffer.subarray(start, end).toString('latin1');
}

/** The image type from the file's first bytes; the name and the browser's MIME type are never trusted. */
export function sniffImageType(buffer: Buffer): SniffedImageType | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buffer.length >= 12 && ascii(buffer, 0, 4) === 'RIFF' && ascii(buffer, 8, 12) === 'WEBP') return 'webp';
  if (buffer.length >= 12 && ascii(buffer, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(buffer, 8, 12)))
    return 'heif';
  return null;
}

export interface ProcessedPhoto {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
  sha256: string;
}

/** Longest edge kept: a 12-megapixel phone photo (4032 px) passes untouched, larger ones are scaled. */
export const MAX_STORED_EDGE = 4096;

// Decoding a large photo takes a few hundred MB and a core; two at a time keeps a small server responsive.
const MAX_CONCURRENT_DECODES = 2;
let activeDecodes = 0;
const waiting: Array<() => void> = [];

async function withDecodeSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (activeDecodes >= MAX_CONCURRENT_DECODES) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    activeDecodes += 1;
  }
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else activeDecodes -= 1;
  }
}

const SHARP_FORMAT: Record<SniffedImageType, string[]> = {
  jpeg: ['jpeg'],
  png: ['png'],
  webp: ['webp'],
  heif: ['heif', 'avif'],
};

/**
 * Checks and re-encodes one photo: decoded by sharp under a pixel cap, turned upright from its EXIF
 * orientation, and written afresh. Sharp writes no metadata unless asked, so EXIF (GPS position,
 * camera serial), XMP, IPTC and comments are all dropped. HEIF becomes JPEG, which every browser shows.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const type = sniffImageType(input);
  if (!type) throw new UploadRejectedError(415, UPLOAD_MESSAGES.notAnImage);

  return withDecodeSlot(async () => {
    const image = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', animated: false });
    let metadata: Metadata;
    try {
      metadata = await image.metadata();
    } catch (error) {
      throw decodeFailure(error, type);
    }
    if (!SHARP_FORMAT[type].includes(metadata.format)) throw unreadable(type);
    const { width, height } = metadata;
    if (!width || !height) throw unreadable(type);
    if (width * height > MAX_PHOTO_PIXELS) throw new UploadRejectedError(422, UPLOAD_MESSAGES.tooManyPixels);

    const pipeline = image
      .rotate()
      .resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: 'inside', withoutEnlargement: true });
    let output: { data: Buffer; info: OutputInfo };
    let contentType: ProcessedPhoto['contentType'];
    let extension: ProcessedPhoto['extension'];
    try {
      if (type === 'png') {
        output = await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
        contentType = 'image/png';
        extension = 'png';
      } else if (type === 'webp') {
        output = await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
        contentType = 'image/webp';
        extension = 'webp';
      } else {
        output = await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
        contentType = 'image/jpeg';
        extension = 'jpg';
      }
    } catch (error) {
      throw decodeFailure(error, type);
    }
    return {
      data: output.data,
      contentType,
      extension,
      width: output.info.width,
      height: output.info.height,
      sha256: createHash('sha256').update(output.data).digest('hex'),
    };
  });
}

function decodeFailure(error: unknown, type: SniffedImageType): UploadRejectedError {
  // sharp enforces limitInputPixels itself as soon as it reads the header.
  if (error instanceof Error && /pixel limit/i.test(error.message))
    return new UploadRejectedError(422, UPLOAD_MESSAGES.tooManyPixels);
  return unreadable(type);
}

/** HEIF that sharp cannot decode is almost always HEVC (iPhone HEIC), which its prebuilt libvips lacks. */
function unreadable(type: SniffedImageType): UploadRejectedError {
  return type === 'heif'
    ? new UploadRejectedError(415, UPLOAD_MESSAGES.heicUnsupported)
    : new UploadRejectedError(422, UPLOAD_MESSAGES.unreadable);
}

/** Longest edge of a thumbnail: sharp on a 2x screen at the inbox's 48 px and the page's 120 px. */
export const THUMBNAIL_EDGE = 240;

/**
 * A small WebP of a stored photo (already upright and stripped by processPhoto). JPEG decodes with
 * shrink-on-load, so a 4096 px photo costs a fraction of a full decode.
 */
export async function makeThumbnail(photo: Buffer): Promise<{ data: Buffer; contentType: 'image/webp' }> {
  const data = await withDecodeSlot(() =>
    sharp(photo, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', animated: false })
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer(),
  );
  return { data, contentType: 'image/webp' };
}

/** Width of an image's e-mail variant: the 600 px column at 2x (decision 054). */
export const EMAIL_IMAGE_WIDTH = 1200;

/**
 * An image's e-mail variant (decision 054): from a photo processPhoto already made upright and
 * stripped, at most 1200 px wide, as JPEG (every mail client shows it; WebP is not safe in Outlook),
 * transparency flattened onto white, the e-mail's background.
 */
export async function makeEmailVariant(
  photo: Buffer,
): Promise<{ data: Buffer; contentType: 'image/jpeg'; width: number; height: number }> {
  const output = await withDecodeSlot(() =>
    sharp(photo, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', animated: false })
      .resize({ width: EMAIL_IMAGE_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true }),
  );
  return {
    data: output.data,
    contentType: 'image/jpeg',
    width: output.info.width,
    height: output.info.height,
  };
}
