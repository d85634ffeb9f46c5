import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../services.ts';
import { findUpload, thumbnailFor, uploadStorageFor, type UploadStorage } from '../uploads/entry.ts';
import { enquiryForSellerToken } from './seller-link.ts';
import { consumeSellerPhotoAllowance, photoOfEnquiry } from './seller-page.ts';

// The seller's own photos on their page (decision 059): thumbnails only, behind the same signed
// link as the page, and only photos of the enquiry the link opens. Admins keep /api/uploads/:id.

const idSchema = z.uuid();

export const SELLER_PHOTO_PATH = '/api/seller-photos';

export const sellerPhotoRoutes: FastifyPluginAsync<{
  services: AppServices;
  storage?: UploadStorage;
}> = async (scope, options) => {
  const { services } = options;
  const storage = options.storage ?? uploadStorageFor(services.config);

  scope.get<{ Params: { token: string; id: string } }>(
    `${SELLER_PHOTO_PATH}/:token/:id`,
    async (req, reply) => {
      void reply
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer');
      const limit = await consumeSellerPhotoAllowance(services.db, req.ip || null);
      if (!limit.allowed)
        return reply
          .code(429)
          .header('retry-after', String(limit.retryAfterSeconds))
          .send({ error: 'Too many requests' });
      const enquiryId = await enquiryForSellerToken(services.db, services.config.appSecret, req.params.token);
      const id = idSchema.safeParse(req.params.id);
      // One answer for a bad link, a photo of another enquiry and a missing one.
      if (!enquiryId || !id.success || !(await photoOfEnquiry(services.db, enquiryId, id.data)))
        return reply.code(404).send({ error: 'Photo not found' });
      const upload = await findUpload(services.db, id.data);
      const thumbnail = upload ? await thumbnailFor(services.db, storage, upload) : null;
      if (!thumbnail) return reply.code(404).send({ error: 'Photo not found' });
      return reply
        .header('content-type', thumbnail.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(thumbnail.data);
    },
  );
  return Promise.resolve();
};
