import type { FastifyPluginAsync } from 'fastify';
import type { AppServices } from '../services.ts';
import { findUpload, thumbnailFor, uploadStorageFor, type UploadStorage } from '../uploads/entry.ts';
import { openSellerFileRequest } from './seller-file-request.ts';
import { consumeSellerPhotoAllowance } from './allowances.ts';
import { photoOfEnquiry } from './seller-page.ts';

// The seller's own photos on their page (decision 059): thumbnails only, behind the same signed
// link as the page, and only photos of the enquiry the link opens. Admins keep /api/uploads/:id.

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
      const request = await openSellerFileRequest(services, req, reply, consumeSellerPhotoAllowance);
      if (!request) return reply;
      const { enquiryId, fileId } = request;
      // One answer for a bad link, a photo of another enquiry and a missing one.
      if (!enquiryId || !fileId || !(await photoOfEnquiry(services.db, enquiryId, fileId)))
        return reply.code(404).send({ error: 'Photo not found' });
      const upload = await findUpload(services.db, fileId);
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
