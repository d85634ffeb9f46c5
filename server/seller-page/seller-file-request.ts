import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../services.ts';
import { enquiryForSellerToken } from '../seller-link/entry.ts';
import type { Allowance } from './allowances.ts';

const idSchema = z.uuid();

/**
 * The opening every file behind the seller's link shares (decisions 059, 072): private, unindexed,
 * no referrer; the request counted against `consume`'s allowance (429 past it); then the enquiry
 * the link opens and the file id asked for. Null ids (a bad link, a malformed id) let the caller
 * give one 404 for every miss. Returns null when it has already answered (429).
 */
export async function openSellerFileRequest(
  services: Pick<AppServices, 'db' | 'config'>,
  req: FastifyRequest<{ Params: { token: string; id: string } }>,
  reply: FastifyReply,
  consume: (db: AppServices['db'], ip: string | null) => Promise<Allowance>,
): Promise<{ enquiryId: string | null; fileId: string | null } | null> {
  void reply
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer');
  const limit = await consume(services.db, req.ip || null);
  if (!limit.allowed) {
    await reply
      .code(429)
      .header('retry-after', String(limit.retryAfterSeconds))
      .send({ error: 'Too many requests' });
    return null;
  }
  const enquiryId = await enquiryForSellerToken(services.db, services.config.appSecret, req.params.token);
  const id = idSchema.safeParse(req.params.id);
  return { enquiryId, fileId: id.success ? id.data : null };
}
