import type { FastifyInstance } from 'fastify';
import { IMPORT_UPLOAD_PATH, MAX_IMPORT_BYTES } from '#shared/contacts/import.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '#shared/uploads/schema.ts';
import { IDENTITY_COPY_UPLOAD_PATH, MAX_IDENTITY_COPY_BYTES } from '#shared/register/schemas.ts';

/**
 * The largest request body each family of routes accepts, in one table (docs/decisions/013). A body
 * over its limit is refused with 413 before it is read when it declares its length, and while it
 * streams in otherwise (each route's parser stops at the same figure), so no request can make the
 * server buffer more than this.
 */
export const BODY_LIMITS = {
  /** tRPC calls are JSON: the largest (a template or a campaign's HTML) stays well under 1 MiB. */
  trpc: 1024 * 1024,
  /** Seller photos: 10 files of at most 10 MB, plus the multipart framing. */
  uploads: MAX_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024,
  /** RFC 8058 one-click unsubscribe: "List-Unsubscribe=One-Click". */
  oneClick: 1024,
  /** One Resend webhook event. */
  webhook: 256 * 1024,
  /** A contact import's CSV (decision 035). */
  contactImport: MAX_IMPORT_BYTES,
  /** A seller's identity copy for the dealer's register (decision 058): one file of 10 MB. */
  identityCopy: MAX_IDENTITY_COPY_BYTES,
  /** Everything else (sign-in forms, exports, pages): small or no bodies. */
  other: 16 * 1024,
} as const;

export type BodyLimitFamily = keyof typeof BODY_LIMITS;

export function bodyLimitFamily(url: string): BodyLimitFamily {
  if (url.startsWith('/trpc/') || url === '/trpc') return 'trpc';
  // A template's image (decision 054) is one photo through the same checks.
  if (url.startsWith('/api/uploads') || url.startsWith('/api/email-images')) return 'uploads';
  if (url.startsWith('/api/unsubscribe/one-click')) return 'oneClick';
  if (url.startsWith('/api/webhooks/')) return 'webhook';
  if (url.startsWith(IMPORT_UPLOAD_PATH)) return 'contactImport';
  if (url.startsWith(IDENTITY_COPY_UPLOAD_PATH)) return 'identityCopy';
  return 'other';
}

/**
 * 413 before reading, for a body that says it is longer than its route family allows, whatever the
 * method: the table covers GET, HEAD and TRACE too, whose bodies no route reads. Methods a URL is
 * not served for never get this far (server/http/methods.ts: 405).
 */
export function registerDeclaredBodyLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    const limit = BODY_LIMITS[bodyLimitFamily(request.url)];
    if (Number.isFinite(declared) && declared > limit) {
      // The connection closes after the answer: the unread body is not drained into memory.
      return reply
        .code(413)
        .header('connection', 'close')
        .header('cache-control', 'no-store')
        .send({ error: `Request body too large (at most ${limit} bytes here)` });
    }
  });
}
