import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, UPLOAD_MESSAGES, type UploadedPhoto } from '#shared/uploads/schema.ts';
import { isStorableText } from '#shared/text-safety.ts';
import { requireAdminSession } from '../auth/entry.ts';
import { consumeRateLimit } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { makeEmailVariant, processPhoto, UploadRejectedError } from './image.ts';
import { uploadStorageFor, type UploadStorage } from './storage.ts';
import { discardUploads, findUpload, savePhoto, thumbnailFor } from './uploads.ts';

export interface UploadRoutesOptions {
  services: AppServices;
  /** Defaults to the storage the configuration selects (local disk or UploadThing). */
  storage?: UploadStorage;
}

const idSchema = z.uuid();

/**
 * `POST /api/uploads` takes seller photos (multipart, one or several files); `GET /api/uploads/:id`
 * serves one to admins only. Registered in its own encapsulated scope: the multipart parser and its
 * limits apply to these routes alone.
 */
export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (scope, options) => {
  const { services } = options;
  const storage = options.storage ?? uploadStorageFor(services);

  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      files: MAX_PHOTOS,
      fields: 10,
      fieldSize: 1024,
      parts: MAX_PHOTOS + 10,
      headerPairs: 100,
    },
  });
  const errors = scope.multipartErrors;

  function refusal(error: unknown): { status: number; message: string } | null {
    if (error instanceof UploadRejectedError) return { status: error.statusCode, message: error.message };
    if (error instanceof errors.RequestFileTooLargeError)
      return { status: 413, message: UPLOAD_MESSAGES.tooLarge };
    if (error instanceof errors.FilesLimitError || error instanceof errors.PartsLimitError)
      return { status: 413, message: UPLOAD_MESSAGES.tooMany };
    if (error instanceof errors.InvalidMultipartContentTypeError)
      return { status: 415, message: UPLOAD_MESSAGES.notMultipart };
    if (error instanceof errors.FieldsLimitError || error instanceof errors.PrototypeViolationError)
      return { status: 400, message: UPLOAD_MESSAGES.notMultipart };
    return null;
  }

  scope.post('/api/uploads', async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!req.isMultipart()) return reply.code(415).send({ error: UPLOAD_MESSAGES.notMultipart });
    const rule = services.config.rateLimits.uploads;
    const rateKey = `uploads:ip:${req.ip || 'unknown'}`;

    // All or nothing: a request whose third file is refused keeps none of them.
    const saved: UploadedPhoto[] = [];
    // Errors while the body streams in (a truncated or malformed multipart body, a client that went
    // away) are the request's fault: 400, not 500. Errors after that are the server's own.
    let readingBody = true;
    try {
      for await (const part of req.files()) {
        readingBody = false;
        // Counted per photo, so ten files in one request weigh what ten requests would.
        if (rule) {
          const limit = await consumeRateLimit(services.db, rateKey, rule);
          if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
        }
        readingBody = true;
        const bytes = await bufferWithinLimit(part);
        readingBody = false;
        const processed = await processPhoto(bytes);
        saved.push(
          await savePhoto(services.db, storage, processed, {
            // A name PostgreSQL cannot store (NUL, broken Unicode) is dropped rather than failing.
            originalName: part.filename && isStorableText(part.filename) ? part.filename : null,
            ip: req.ip || null,
          }),
        );
        readingBody = true;
      }
    } catch (error) {
      await discardUploads(
        services.db,
        storage,
        saved.map((s) => s.id),
      ).catch((cleanupError: unknown) => req.log.error({ err: cleanupError }, 'could not discard uploads'));
      if (error instanceof RateLimitedError) {
        return reply
          .code(429)
          .header('retry-after', String(error.retryAfterSeconds))
          .send({ error: UPLOAD_MESSAGES.rateLimited });
      }
      const refused = refusal(error);
      // Answered at once; the rest of the body is read and discarded (never buffered) while the
      // client, seeing the answer, stops sending. Closing instead would reset the connection and
      // could lose the answer.
      if (refused) return reply.code(refused.status).send({ error: refused.message });
      if (!readingBody) throw error;
      req.log.info({ err: error }, 'upload body ended early or was malformed');
      return reply.code(400).send({ error: UPLOAD_MESSAGES.malformed });
    }
    if (saved.length === 0) return reply.code(400).send({ error: UPLOAD_MESSAGES.noFile });
    return reply.code(201).send({ uploads: saved });
  });

  /*
   * Images for blocks templates (decision 054): an admin's upload goes through the same checks
   * and re-encoding as a seller's photo, then is kept only as its e-mail variant in email_images,
   * never in uploads (private, and removed by retention). Served to anyone: mail clients load it.
   */
  scope.post('/api/email-images', async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    // A Buyer writes reply templates, and their image blocks need images too (decision 027).
    const user = await requireAdminSession(services, req, reply, ['templates.write', 'replyTemplates.write']);
    if (!user) return reply;
    if (!req.isMultipart()) return reply.code(415).send({ error: UPLOAD_MESSAGES.notMultipart });
    let readingBody = true;
    try {
      const part = await req.file();
      if (!part) return await reply.code(400).send({ error: UPLOAD_MESSAGES.noFile });
      const bytes = await bufferWithinLimit(part);
      readingBody = false;
      const processed = await processPhoto(bytes);
      const variant = await makeEmailVariant(processed.data);
      const row = await services.db
        .insertInto('email_images')
        .values({
          content_type: variant.contentType,
          data: variant.data,
          width: variant.width,
          height: variant.height,
          created_by: user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return await reply.code(201).send({ id: row.id, width: variant.width, height: variant.height });
    } catch (error) {
      const refused = refusal(error);
      if (refused) return reply.code(refused.status).send({ error: refused.message });
      if (!readingBody) throw error;
      req.log.info({ err: error }, 'e-mail image body ended early or was malformed');
      return reply.code(400).send({ error: UPLOAD_MESSAGES.malformed });
    }
  });

  scope.get<{ Params: { id: string } }>('/api/email-images/:id', async (req, reply) => {
    const id = idSchema.safeParse(req.params.id);
    const image = id.success
      ? await services.db
          .selectFrom('email_images')
          .select(['content_type', 'data'])
          .where('id', '=', id.data)
          .executeTakeFirst()
      : undefined;
    if (!image) return reply.code(404).header('cache-control', 'no-store').send({ error: 'Image not found' });
    // Never changes once made (a new upload is a new id): cached by mail clients' image proxies.
    return reply
      .header('content-type', image.content_type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image.data);
  });

  /** The photo an admin asked for, or null once a 401/403/404 has been sent. */
  async function requestedUpload(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    if (!(await requireAdminSession(services, req, reply, 'enquiries.read'))) return null;
    const id = idSchema.safeParse(req.params.id);
    const upload = id.success ? await findUpload(services.db, id.data) : null;
    if (!upload) void reply.code(404).send({ error: 'Photo not found' });
    return upload;
  }

  function sendImage(reply: FastifyReply, contentType: string, filename: string, data: Buffer) {
    return reply
      .header('content-type', contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${filename}.${extensionOf(contentType)}"`)
      .header('cross-origin-resource-policy', 'same-origin')
      .send(data);
  }

  scope.get<{ Params: { id: string } }>('/api/uploads/:id', async (req, reply) => {
    const upload = await requestedUpload(req, reply);
    if (!upload) return reply;
    const data = await storage.driverFor(upload.driver).get(upload.storageKey);
    if (!data) return reply.code(404).send({ error: 'Photo not found' });
    return sendImage(reply, upload.contentType, `photo-${upload.id}`, data);
  });

  // The photo full size as a download (decision 026), for the same admins who may view it, under
  // the name the seller's device gave it where one was stored. The plain filename is an ASCII
  // fallback; filename* (RFC 6266) carries the original, percent-encoded, so no header can be
  // injected through it.
  scope.get<{ Params: { id: string } }>('/api/uploads/:id/download', async (req, reply) => {
    const upload = await requestedUpload(req, reply);
    if (!upload) return reply;
    const data = await storage.driverFor(upload.driver).get(upload.storageKey);
    if (!data) return reply.code(404).send({ error: 'Photo not found' });
    return reply
      .header('content-type', upload.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', downloadDisposition(upload))
      .header('cross-origin-resource-policy', 'same-origin')
      .send(data);
  });

  // The inbox shows twenty photos a page: 10 KB thumbnails instead of photos of several MB each.
  scope.get<{ Params: { id: string } }>('/api/uploads/:id/thumbnail', async (req, reply) => {
    const upload = await requestedUpload(req, reply);
    if (!upload) return reply;
    const thumbnail = await thumbnailFor(services.db, storage, upload);
    if (!thumbnail) return reply.code(404).send({ error: 'Photo not found' });
    return sendImage(reply, thumbnail.contentType, `thumbnail-${upload.id}`, thumbnail.data);
  });
};

/**
 * The part's bytes, refused as soon as it passes the size limit. busboy only truncates an oversized
 * file and keeps reading the request to the part's end, so the answer came only after the whole
 * body (300 MB of a hostile one); listening for its 'limit' event answers 413 at 10 MB.
 */
async function bufferWithinLimit(part: MultipartFile): Promise<Buffer> {
  let onLimit: (() => void) | undefined;
  const overLimit = new Promise<never>((_resolve, reject) => {
    onLimit = () => reject(new UploadRejectedError(413, UPLOAD_MESSAGES.tooLarge));
    part.file.once('limit', onLimit);
  });
  try {
    return await Promise.race([part.toBuffer(), overLimit]);
  } finally {
    if (onLimit) part.file.off('limit', onLimit);
  }
}

class RateLimitedError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Upload rate limit reached');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** `attachment` with an ASCII fallback name and the original name, if any, as filename*. */
function downloadDisposition(upload: { id: string; contentType: string; originalName: string | null }) {
  const fallback = `photo-${upload.id}.${extensionOf(upload.contentType)}`;
  const original = upload.originalName?.trim();
  if (!original) return `attachment; filename="${fallback}"`;
  const encoded = encodeURIComponent(original).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function extensionOf(contentType: string): string {
  if (contentType === 'image/png') return 'png';
  if (contentType === 'image/webp') return 'webp';
  return 'jpg';
}
