import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IDENTITY_COPY_UPLOAD_PATH,
  MAX_IDENTITY_COPY_BYTES,
  REGISTER_MESSAGES,
} from '#shared/register/schemas.ts';
import { isStorableText } from '#shared/text-safety.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireAdminSession } from '../auth/entry.ts';
import type { AppServices } from '../services.ts';
import { RegisterKeyError, registerKeyFrom } from './crypto.ts';
import { openIdentityCopy, storeIdentityCopy } from './identity-copies.ts';

// The seller's identity document, uploaded when it was checked from a copy (decision 058): kept
// privately in `identity_copies`, sealed under the register key (decision 069), never among the
// photos and never on a public URL. Uploading is
// the purchase form's (enquiries.write); viewing is the Owner's (register.identity) like the full
// number, and every view is audited before the bytes leave.

const ACCEPTED_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** The file's own first bytes decide its type; the declared type only has to be one we accept. */
export function identityCopyType(data: Buffer): (typeof ACCEPTED_TYPES)[number] | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = data.subarray(8, 12).toString('latin1');
    if (['heic', 'heix', 'hevc', 'heim', 'heis'].includes(brand)) return 'image/heic';
    if (['mif1', 'msf1', 'heif'].includes(brand)) return 'image/heif';
  }
  return null;
}

const querySchema = z.object({ name: z.string().trim().max(255).refine(isStorableText).optional() });
const idSchema = z.uuid();

const EXTENSIONS: Record<(typeof ACCEPTED_TYPES)[number], string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/** Registered with `app.register`, so its binary parsers apply to these routes only. */
export function identityCopyPlugin(services: AppServices) {
  return function identityCopies(app: FastifyInstance, _options: unknown, done: (err?: Error) => void): void {
    app.addContentTypeParser(
      [...ACCEPTED_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_IDENTITY_COPY_BYTES },
      (_req: FastifyRequest, body: Buffer, parsed: (err: null, body: Buffer) => void) => parsed(null, body),
    );
    app.post(
      IDENTITY_COPY_UPLOAD_PATH,
      { bodyLimit: MAX_IDENTITY_COPY_BYTES },
      async (req, reply: FastifyReply) => {
        void reply.header('cache-control', 'no-store');
        const user = await requireAdminSession(services, req, reply, 'enquiries.write');
        if (!user) return reply;
        const data = req.body;
        if (!Buffer.isBuffer(data) || data.length === 0)
          return reply.code(415).send({ error: REGISTER_MESSAGES.idCopyType });
        const type = identityCopyType(data);
        if (!type) return reply.code(415).send({ error: REGISTER_MESSAGES.idCopyType });
        const query = querySchema.safeParse(req.query ?? {});
        if (!query.success) return reply.code(400).send({ error: 'Invalid file name' });
        const id = await services.db.transaction().execute(async (trx) => {
          // Sealed under the register key before it is stored (decision 069).
          const copyId = await storeIdentityCopy(
            trx,
            registerKeyFrom(services.config),
            {
              filename: query.data.name || `identity-copy.${EXTENSIONS[type]}`,
              contentType: type,
              bytes: data.length,
              uploadedBy: user.id,
            },
            data,
          );
          // The upload and its audit row commit together (decision 030); the file name may name
          // the seller, so the row keeps only the size.
          await recordAudit(
            trx,
            { id: user.id, email: user.email, ip: req.ip || null },
            {
              action: 'admin.register.uploadIdentityCopy',
              entityType: 'register',
              entityId: copyId,
              summary: { bytes: data.length },
            },
          );
          return copyId;
        });
        return reply.code(201).send({ id });
      },
    );
    app.get<{ Params: { id: string } }>('/api/admin/register/:id/identity-copy', async (req, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const user = await requireAdminSession(services, req, reply, 'register.identity');
      if (!user) return reply;
      const id = idSchema.safeParse(req.params.id);
      const notFound = () => reply.code(404).send({ error: 'Identity copy not found' });
      if (!id.success) return notFound();
      let copy: Awaited<ReturnType<typeof openIdentityCopy>>;
      try {
        copy = await openIdentityCopy(services.db, registerKeyFrom(services.config), id.data);
      } catch (error) {
        // Sealed under an earlier key (a rotation not yet re-encrypted): said so, not a 500, and
        // nothing leaves (decision 069).
        if (!(error instanceof RegisterKeyError)) throw error;
        return reply.code(409).send({ error: REGISTER_MESSAGES.idCopyUndecryptable });
      }
      if (!copy) return notFound();
      await recordAudit(
        services.db,
        { id: user.id, email: user.email, ip: req.ip || null },
        { action: 'downloads.identityCopy', entityType: 'register', entityId: id.data },
      );
      const ascii = copy.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', copy.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(copy.filename)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(copy.data);
    });
    done();
  };
}
