import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../audit/audit.ts';
import { requireAdminSession } from '../auth/entry.ts';
import type { AppServices } from '../services.ts';

// A seller's e-mailed attachment kept privately (decision 060): never on a public URL, downloaded
// by members who read enquiries through these routes only. It is always a download (Content-
// Disposition: attachment, nosniff), never rendered in the admin's origin; the stored type is sent
// only when it is one a browser will not run, else application/octet-stream. Each download is
// audited before the first byte leaves, like an export: the file may be an identity document.

const idSchema = z.uuid();

export const ENQUIRY_ATTACHMENT_PATH = '/api/admin/enquiries/:enquiryId/attachments/:id';
export const UNMATCHED_ATTACHMENT_PATH = '/api/admin/unmatched-mail/attachments/:id';

/** Types passed through as stored; anything else is sent as application/octet-stream. */
const SAFE_CONTENT_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
]);

export function downloadContentType(stored: string): string {
  const bare = stored.split(';')[0]?.trim().toLowerCase() ?? '';
  return SAFE_CONTENT_TYPES.has(bare) ? bare : 'application/octet-stream';
}

/** RFC 6266: an ASCII fallback and the UTF-8 name, neither able to break out of the header. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'attachment';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function send(
  services: AppServices,
  req: FastifyRequest,
  reply: FastifyReply,
  attachmentId: string,
  enquiryId: string | null,
): Promise<FastifyReply> {
  void reply.header('cache-control', 'private, no-store');
  const user = await requireAdminSession(services, req, reply, 'enquiries.read');
  if (!user) return reply;
  const id = idSchema.safeParse(attachmentId);
  // One answer for a malformed id, a missing one, a refused file and another enquiry's.
  const notFound = () => reply.code(404).send({ error: 'Attachment not found' });
  if (!id.success) return notFound();
  let query = services.db
    .selectFrom('enquiry_incoming_attachments as a')
    .innerJoin('enquiry_incoming_messages as m', 'm.id', 'a.message_id')
    .select(['a.id', 'a.filename', 'a.content_type', 'a.data', 'm.enquiry_id'])
    .where('a.id', '=', id.data)
    .where('a.data', 'is not', null);
  query =
    enquiryId === null
      ? query.where('m.enquiry_id', 'is', null)
      : query.where('m.enquiry_id', '=', enquiryId);
  const row = await query.executeTakeFirst();
  if (!row?.data) return notFound();
  await recordAudit(
    services.db,
    { id: user.id, email: user.email, ip: req.ip || null },
    {
      action: 'downloads.incomingAttachment',
      entityType: enquiryId === null ? null : 'enquiries',
      entityId: enquiryId,
      summary: { attachmentId: row.id },
    },
  );
  return reply
    .header('content-type', downloadContentType(row.content_type))
    .header('content-disposition', attachmentDisposition(row.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(row.data);
}

export const incomingAttachmentRoutes: FastifyPluginAsync<{ services: AppServices }> = async (
  scope,
  { services },
) => {
  scope.get<{ Params: { enquiryId: string; id: string } }>(ENQUIRY_ATTACHMENT_PATH, async (req, reply) => {
    const enquiryId = idSchema.safeParse(req.params.enquiryId);
    if (!enquiryId.success) {
      // Still signed in first: an anonymous caller learns nothing about ids.
      const user = await requireAdminSession(services, req, reply, 'enquiries.read');
      if (!user) return reply;
      return reply.code(404).send({ error: 'Attachment not found' });
    }
    return send(services, req, reply, req.params.id, enquiryId.data);
  });
  scope.get<{ Params: { id: string } }>(UNMATCHED_ATTACHMENT_PATH, (req, reply) =>
    send(services, req, reply, req.params.id, null),
  );
  return Promise.resolve();
};
