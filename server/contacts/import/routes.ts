import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMPORT_UPLOAD_PATH, MAX_IMPORT_BYTES } from '#shared/contacts/import.ts';
import { isStorableText } from '#shared/text-safety.ts';
import { recordAudit } from '../../audit/audit.ts';
import { requireAdminSession } from '../../auth/entry.ts';
import type { AppServices } from '../../services.ts';
import { createImport } from './import.ts';

// The CSV of an import arrives as a text/csv body (decision 035): far larger than a tRPC call may be,
// and a content type no cross-site form can send.

const querySchema = z.object({ name: z.string().trim().max(255).refine(isStorableText).optional() });

/**
 * A file PostgreSQL could not store (decision 015): NUL characters, which is what a CSV saved as
 * UTF-16 ("Unicode text") reads as, or broken Unicode. A 400 that says what to do, not a 500.
 */
export const IMPORT_NOT_UTF8_MESSAGE =
  'The file is not UTF-8 text (it holds NUL characters or broken Unicode). Save it as "CSV UTF-8" and upload it again';

/** Registered with `app.register`, so its text/csv parser applies to this route only. */
export function contactImportUploadPlugin(services: AppServices) {
  return function contactImportUpload(
    app: FastifyInstance,
    _options: unknown,
    done: (err?: Error) => void,
  ): void {
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
      (_req: FastifyRequest, body: string, parsed: (err: null, body: string) => void) => parsed(null, body),
    );
    app.post(IMPORT_UPLOAD_PATH, { bodyLimit: MAX_IMPORT_BYTES }, async (req, reply: FastifyReply) => {
      void reply.header('cache-control', 'no-store');
      const user = await requireAdminSession(services, req, reply, 'contacts.import');
      if (!user) return reply;
      const text = req.body;
      if (typeof text !== 'string') return reply.code(415).send({ error: 'Send the CSV as text/csv' });
      if (!isStorableText(text)) return reply.code(400).send({ error: IMPORT_NOT_UTF8_MESSAGE });
      const query = querySchema.safeParse(req.query ?? {});
      if (!query.success) return reply.code(400).send({ error: 'Invalid file name' });
      // The draft and its audit row commit together (decision 030). The row describes the upload,
      // never its rows (decision 036).
      const result = await createImport(
        services.db,
        { text, fileName: query.data.name || null, actorEmail: user.email },
        (trx, id) =>
          recordAudit(
            trx,
            { id: user.id, email: user.email, ip: req.ip || null },
            {
              action: 'admin.contactImports.upload',
              entityType: 'contactImports',
              entityId: id,
              summary: { bytes: Buffer.byteLength(text) },
            },
          ),
      );
      if (result.status === 'invalid') return reply.code(400).send({ error: result.message });
      return reply.code(201).send({ id: result.id });
    });
    done();
  };
}
