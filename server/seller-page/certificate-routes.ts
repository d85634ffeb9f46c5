import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SELLER_CERTIFICATE_PATH } from '#shared/enquiries/certificates.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireAdminSession } from '../auth/entry.ts';
import type { AppServices } from '../services.ts';
import { attachmentDisposition } from '../conversation/entry.ts';
import { certificateFile, certificateFilename } from './certificate.ts';
import { openSellerFileRequest } from './seller-file-request.ts';
import { consumeSellerPageAllowance } from './allowances.ts';

// The certificate of acceptance as a download (decision 072): the stored bytes, never rebuilt, so
// staff and seller get the very file whose SHA-256 the record keeps. Staff need enquiries.read and
// each download is audited before the first byte leaves; the seller's link opens its own
// enquiry's certificates only, limited like the page.

const idSchema = z.uuid();

export const ADMIN_CERTIFICATE_PATH = '/api/admin/enquiries/:enquiryId/certificates/:id';

function sendPdf(reply: FastifyReply, file: { id: string; pdf: Buffer; sha256: string; reference: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentDisposition(certificateFilename(file.reference, file.id)))
    .header('x-content-type-options', 'nosniff')
    .header('x-certificate-sha256', file.sha256)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.pdf);
}

export const certificateRoutes: FastifyPluginAsync<{ services: AppServices }> = async (
  scope,
  { services },
) => {
  scope.get<{ Params: { enquiryId: string; id: string } }>(ADMIN_CERTIFICATE_PATH, async (req, reply) => {
    void reply.header('cache-control', 'private, no-store');
    const user = await requireAdminSession(services, req, reply, 'enquiries.read');
    if (!user) return reply;
    const enquiryId = idSchema.safeParse(req.params.enquiryId);
    const id = idSchema.safeParse(req.params.id);
    const file =
      enquiryId.success && id.success ? await certificateFile(services.db, enquiryId.data, id.data) : null;
    if (!file || !enquiryId.success) return reply.code(404).send({ error: 'Certificate not found' });
    await recordAudit(
      services.db,
      { id: user.id, email: user.email, ip: req.ip || null },
      {
        action: 'downloads.acceptanceCertificate',
        entityType: 'enquiries',
        entityId: enquiryId.data,
        summary: { certificateId: file.id },
      },
    );
    return sendPdf(reply, file);
  });

  scope.get<{ Params: { token: string; id: string } }>(
    `${SELLER_CERTIFICATE_PATH}/:token/:id`,
    async (req, reply) => {
      const request = await openSellerFileRequest(services, req, reply, consumeSellerPageAllowance);
      if (!request) return reply;
      const { enquiryId, fileId } = request;
      // One answer for a bad link, another enquiry's certificate and a missing one.
      const file = enquiryId && fileId ? await certificateFile(services.db, enquiryId, fileId) : null;
      if (!file) return reply.code(404).send({ error: 'Certificate not found' });
      return sendPdf(reply, file);
    },
  );
  return Promise.resolve();
};
