import { Resend } from 'resend';

// Resend's inbound mail (decision 060): the `email.received` webhook names an e-mail; its body and
// attachments are fetched with the SDK's Receiving API (`emails.receiving.get`, `.attachments`).

export interface InboundAttachmentInfo {
  id: string;
  filename: string | null;
  contentType: string;
  size: number;
  downloadUrl: string;
}

export interface InboundEmail {
  id: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string | null;
  html: string | null;
  receivedAt: Date;
  attachmentCount: number;
}

export type InboundFetch<T> =
  | { ok: true; value: T }
  /** `gone`: the provider does not know the e-mail (asking again cannot help). */
  | { ok: false; gone: boolean; message: string };

export interface InboundMailSource {
  getEmail(id: string): Promise<InboundFetch<InboundEmail>>;
  listAttachments(emailId: string): Promise<InboundFetch<InboundAttachmentInfo[]>>;
  /** The bytes behind a download URL, or null when there are more than `maxBytes`. */
  download(url: string, maxBytes: number): Promise<Buffer | null>;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Resend's ids are UUIDs (decision 068). An id from outside (a webhook's `email_id`) goes into a
 * Receiving API path only when it is one: `abc/attachments?x=1` would otherwise have fetched another
 * path with the full-access key.
 */
const RESEND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isResendId(id: string): boolean {
  return RESEND_ID.test(id);
}

/** A malformed id is never sent: the provider could not know it, so asking again cannot help. */
const malformed = (id: string) => ({
  ok: false as const,
  gone: true,
  message: `not a Resend id: ${JSON.stringify(id.slice(0, 80))}`,
});

function failure(error: { name?: string; message?: string; statusCode?: number | null }) {
  return {
    ok: false as const,
    gone: error.statusCode === 404 || error.name === 'not_found',
    message: `${error.name ?? 'error'}: ${error.message ?? 'no message'}`,
  };
}

export function createResendInbound({
  apiKey,
  baseUrl,
}: {
  apiKey: string;
  baseUrl?: string | undefined;
}): InboundMailSource {
  const resend = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  const requestOptions = () => ({ signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return {
    async getEmail(id) {
      if (!isResendId(id)) return malformed(id);
      const { data, error } = await resend.emails.receiving.get(id, undefined, requestOptions());
      if (error || !data) return failure(error ?? {});
      return {
        ok: true,
        value: {
          id: data.id,
          from: data.from,
          to: data.to ?? [],
          cc: data.cc ?? [],
          subject: data.subject ?? '',
          text: data.text,
          html: data.html,
          receivedAt: new Date(data.created_at),
          attachmentCount: data.attachments?.length ?? 0,
        },
      };
    },
    async listAttachments(emailId) {
      if (!isResendId(emailId)) return malformed(emailId);
      const { data, error } = await resend.emails.receiving.attachments.list({ emailId }, requestOptions());
      if (error || !data) return failure(error ?? {});
      return {
        ok: true,
        value: data.data.map((a) => ({
          id: a.id,
          filename: a.filename ?? null,
          contentType: a.content_type,
          size: a.size,
          downloadUrl: a.download_url,
        })),
      };
    },
    async download(url, maxBytes) {
      const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (!response.ok || !response.body) throw new Error(`attachment download answered ${response.status}`);
      // Counted while reading: the provider's stated size is not trusted with our memory.
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body) {
        total += chunk.length;
        if (total > maxBytes) {
          await response.body.cancel().catch(() => undefined);
          return null;
        }
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks);
    },
  };
}
