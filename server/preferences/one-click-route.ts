import { BODY_LIMITS } from '../http/body-limits.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyPreferenceAction } from './preferences.ts';
import type { AppServices } from '../services.ts';
import { requestInfo } from '../http/request-info.ts';
import { ONE_CLICK_PATH, PREFERENCES_PATH, verifyToken } from '../unsubscribe/entry.ts';

/**
 * RFC 8058 one-click unsubscribe (decision 004). Mail clients POST `List-Unsubscribe=One-Click`
 * from their own servers: no cookies, no Origin, no CSRF header (the path is CSRF-exempt), and they
 * expect 200 without a redirect. The signed token is the only credential.
 */

/** A one-click body is about 26 bytes urlencoded and under 300 as multipart; anything bigger is not one. */
export const ONE_CLICK_BODY_LIMIT = BODY_LIMITS.oneClick;

const UNSUBSCRIBED_TEXT = 'You have been unsubscribed from our marketing e-mails.\n';
const BAD_REQUEST_TEXT = 'Invalid unsubscribe request.\n';

function tokenFrom(req: FastifyRequest): string | null {
  const { token } = req.query as Record<string, unknown>;
  return typeof token === 'string' ? token : null;
}

/** True when the body carries List-Unsubscribe=One-Click, urlencoded or multipart (RFC 8058 §3.1). */
export async function isOneClickBody(contentType: string | undefined, body: unknown): Promise<boolean> {
  if (!contentType || !Buffer.isBuffer(body) || body.length === 0) return false;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/x-www-form-urlencoded' && mediaType !== 'multipart/form-data') return false;
  try {
    // The platform's own form parser (undici) handles both encodings, including multipart boundaries.
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    return form.getAll('List-Unsubscribe').includes('One-Click');
  } catch {
    return false;
  }
}

function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
}

/**
 * Registered with `app.register`, so its body parser stays inside this plugin: other routes keep
 * their own parsers (JSON for tRPC, multipart for uploads) and nothing is registered twice.
 */
export function oneClickUnsubscribePlugin(services: AppServices) {
  return function oneClickUnsubscribe(
    app: FastifyInstance,
    _options: unknown,
    done: (err?: Error) => void,
  ): void {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_req: FastifyRequest, body: Buffer, done: (err: null, body: Buffer) => void) => done(null, body),
    );

    app.post(ONE_CLICK_PATH, { bodyLimit: ONE_CLICK_BODY_LIMIT }, async (req, reply) => {
      const payload = verifyToken(services.config.appSecret, tokenFrom(req));
      if (!payload || !(await isOneClickBody(req.headers['content-type'], req.body)))
        return sendText(reply, 400, BAD_REQUEST_TEXT);

      const { ip, userAgent } = requestInfo(req);
      // A contact deleted since the e-mail was sent is already off every list: same answer, nothing to do.
      await services.db.transaction().execute((trx) =>
        applyPreferenceAction(trx, payload.contactId, 'email', {
          method: 'one_click',
          ip,
          userAgent,
          campaignId: payload.campaignId ?? null,
          flowId: payload.flowId ?? null,
        }),
      );
      return sendText(reply, 200, UNSUBSCRIBED_TEXT);
    });

    // Link scanners and prefetchers GET every URL in a message, so a GET must never unsubscribe:
    // it only sends a person who opened the URL to the preferences page.
    app.get(ONE_CLICK_PATH, async (req, reply) => {
      const token = tokenFrom(req);
      const location =
        token && token.length <= 256
          ? `${PREFERENCES_PATH}?token=${encodeURIComponent(token)}`
          : PREFERENCES_PATH;
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    });
    done();
  };
}
