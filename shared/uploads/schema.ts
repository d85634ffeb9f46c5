import { z } from 'zod';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../leads/schema.ts';

/**
 * Seller photo uploads (decision 009). The server decides what a photo is by its bytes; the
 * browser's `accept` list only narrows the file picker.
 */

export { MAX_PHOTO_BYTES, MAX_PHOTOS };

/** Decoding cost grows with pixels, not bytes: a 10 MB PNG can hide a 400-megapixel canvas. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** What the file picker offers. HEIC is listed because iPhones default to it; the server converts it. */
export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp,image/heic,image/heif,.heic,.heif';

/** The accepted types as sellers know them: the hint and the refusal name the same list. */
export const PHOTO_TYPES_LABEL = 'JPG, PNG, WebP or HEIC';
export const PHOTO_HINT = 'Images only (JPG, PNG, WebP, HEIC), up to 10MB each';

/** Types the browser can name before uploading; an empty type (HEIC on some systems) is left to the server. */
export const PHOTO_MIME_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'image/heif',
];

/** The multipart field the sell form sends files under (any name is accepted, this is what we use). */
export const PHOTO_FIELD = 'photos';

export const UPLOAD_MESSAGES = {
  notAnImage: `This file is not a supported photo. Please upload a ${PHOTO_TYPES_LABEL} image.`,
  heicUnsupported:
    'HEIC photos cannot be read here. Please upload a JPG or PNG instead (on iPhone: Settings > Camera > Formats > Most Compatible).',
  tooLarge: 'Each photo must be 10MB or smaller.',
  tooManyPixels: 'This photo has too many pixels (maximum 50 megapixels). Please upload a smaller photo.',
  unreadable: 'This photo could not be read. Please try another file.',
  tooMany: 'Please upload a maximum of 10 photos.',
  noFile: 'No photo was received. Please choose a photo to upload.',
  notMultipart: 'Photos must be sent as multipart/form-data.',
  rateLimited: 'Too many uploads from your connection. Please wait a few minutes and try again.',
  failed: 'Upload failed. Please try again.',
  malformed: 'The upload was cut off or could not be read. Please try again.',
} as const;

export const uploadedPhotoSchema = z.object({
  id: z.uuid(),
  contentType: z.string(),
  bytes: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export const uploadResponseSchema = z.object({ uploads: z.array(uploadedPhotoSchema).min(1) });
export const uploadErrorResponseSchema = z.object({ error: z.string() });

export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;
