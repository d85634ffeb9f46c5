import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One e-mail as the fake provider accepted it (after idempotency dedupe). */
export interface AcceptedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  replyTo?: string | string[];
  headers?: Record<string, string>;
  tags?: Array<{ name: string; value: string }>;
  /** As the API received them: content base64, `content_type` as the SDK names it. */
  attachments?: Array<{ filename?: string; content?: string; content_type?: string }>;
  idempotencyKey: string | null;
  receivedAt: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  idempotencyKey: string | null;
  status: number;
  at: number;
}

export type InjectedFault =
  | { kind: 'rate_limit'; retryAfterSeconds: number }
  | { kind: 'server_error' }
  | { kind: 'delay'; ms: number };

export interface ChaosOptions {
  /** Share of requests answered 429 with `retry-after`. */
  rateLimited?: number;
  retryAfterSeconds?: number;
  /** Share answered 500. */
  serverError?: number;
  /** Share delayed by `delayMs` before being handled normally (client time-outs). */
  delayed?: number;
  delayMs?: number;
  /** Deterministic runs: the same seed gives the same faults. */
  seed?: number;
}

/** An attachment of a received e-mail, with its bytes (served at its download URL). */
export interface ReceivedAttachment {
  id?: string;
  filename: string | null;
  contentType: string;
  data: Buffer;
  /** The size the provider reports; defaults to the bytes' length (tests fake a huge file cheaply). */
  size?: number;
  contentDisposition?: 'inline' | 'attachment';
}

/** An e-mail the fake provider "received" (Resend's inbound mail, the Receiving API). */
export interface ReceivedEmail {
  id?: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text?: string | null;
  html?: string | null;
  attachments?: ReceivedAttachment[];
  createdAt?: Date;
}

export interface FakeResend {
  url: string;
  /**
   * Holds an inbound e-mail for `GET /emails/receiving/{id}` (and its attachments); returns the
   * `email.received` webhook event the provider would post for it.
   */
  receive(email: ReceivedEmail): { id: string; event: object };
  /** Attachment bytes fetched through their download URLs. */
  downloads: string[];
  requests: RecordedRequest[];
  /** Every e-mail the fake accepted, once per idempotency key. */
  emails: AcceptedEmail[];
  /** Requests answered 429 because they exceeded the enforced rate (not injected faults). */
  rateViolations: number;
  failNext(fault: InjectedFault, times?: number): void;
  setChaos(options: ChaosOptions | null): void;
  /** Enforce N requests per rolling second like the real provider; `null` disables. */
  enforceRate(perSecond: number | null): void;
  /** The `ratelimit-limit` advertised when no rate is enforced (default 10). */
  advertiseRate(perSecond: number): void;
  reset(): void;
  close(): Promise<void>;
}

interface StoredResponse {
  bodyHash: string;
  status: number;
  body: unknown;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface EmailPayload {
  from?: unknown;
  to?: unknown;
  subject?: unknown;
  html?: unknown;
  text?: unknown;
  replyTo?: unknown;
  reply_to?: unknown;
  headers?: unknown;
  tags?: unknown;
  attachments?: unknown;
}

function validEmailPayload(value: unknown): value is EmailPayload & { from: string; subject: string } {
  if (!value || typeof value !== 'object') return false;
  const payload = value as EmailPayload;
  const to = payload.to;
  const toOk =
    typeof to === 'string' || (Array.isArray(to) && to.length > 0 && to.every((t) => typeof t === 'string'));
  return typeof payload.from === 'string' && typeof payload.subject === 'string' && toOk;
}

/**
 * A local stand-in for Resend's HTTP API (`POST /emails`, `POST /emails/batch`) that the real SDK
 * reaches through `RESEND_BASE_URL` / `baseUrl`. It honours `Idempotency-Key` (same key and body:
 * the first answer again; same key, other body: 409), and can inject 429s, 500s and delays.
 */
export async function startFakeResend(
  options: {
    port?: number;
    /** Keep request bodies and e-mail HTML (tests read them); benchmarks turn it off to stay lean. */
    keepBodies?: boolean;
  } = {},
): Promise<FakeResend> {
  const keepBodies = options.keepBodies ?? true;
  const requests: RecordedRequest[] = [];
  const emails: AcceptedEmail[] = [];
  const received = new Map<string, Required<Pick<ReceivedEmail, 'id'>> & ReceivedEmail>();
  const downloads: string[] = [];
  const idempotency = new Map<string, StoredResponse>();
  let queuedFaults: InjectedFault[] = [];
  let chaos: ChaosOptions | null = null;
  let random = Math.random;
  let ratePerSecond: number | null = null;
  let advertisedRate = 10;
  let windowTimestamps: number[] = [];
  const state = { rateViolations: 0 };
  let port = 0;

  function rateHeaders(): Record<string, string> {
    const limit = ratePerSecond ?? advertisedRate;
    const used = windowTimestamps.length;
    return {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - used)),
      'ratelimit-reset': '1',
    };
  }

  function send(
    res: http.ServerResponse,
    status: number,
    body: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    res.writeHead(status, { 'content-type': 'application/json', ...rateHeaders(), ...extraHeaders });
    res.end(JSON.stringify(body));
  }

  function accept(
    payload: EmailPayload & { from: string; subject: string },
    key: string | null,
  ): { id: string } {
    const id = randomUUID();
    const replyTo = payload.replyTo ?? payload.reply_to;
    emails.push({
      id,
      from: payload.from,
      to: Array.isArray(payload.to) ? (payload.to as string[]) : [payload.to as string],
      subject: payload.subject,
      ...(keepBodies && typeof payload.html === 'string' ? { html: payload.html } : {}),
      ...(keepBodies && typeof payload.text === 'string' ? { text: payload.text } : {}),
      ...(typeof replyTo === 'string' || Array.isArray(replyTo)
        ? { replyTo: replyTo as string | string[] }
        : {}),
      ...(payload.headers && typeof payload.headers === 'object'
        ? { headers: payload.headers as Record<string, string> }
        : {}),
      ...(Array.isArray(payload.tags)
        ? { tags: payload.tags as Array<{ name: string; value: string }> }
        : {}),
      ...(keepBodies && Array.isArray(payload.attachments)
        ? { attachments: payload.attachments as NonNullable<AcceptedEmail['attachments']> }
        : {}),
      idempotencyKey: key,
      receivedAt: Date.now(),
    });
    return { id };
  }

  function attachmentData(emailId: string, attachment: ReceivedAttachment) {
    return {
      id: attachment.id ?? '',
      filename: attachment.filename ?? undefined,
      size: attachment.size ?? attachment.data.length,
      content_type: attachment.contentType,
      content_disposition: attachment.contentDisposition ?? 'attachment',
      download_url: `http://127.0.0.1:${port}/_downloads/${emailId}/${attachment.id ?? ''}`,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
  }

  // Resend's Receiving API: GET /emails/receiving/{id}, .../attachments, .../attachments/{id}.
  function answerReceiving(path: string, reply: (status: number, payload: unknown) => void) {
    const [, , , emailId, section, attachmentId] = path.split('/');
    const email = received.get(emailId ?? '');
    const notFound = () => reply(404, { statusCode: 404, name: 'not_found', message: 'Email not found' });
    if (!email) return notFound();
    const attachments = email.attachments ?? [];
    if (section === undefined) {
      return reply(200, {
        object: 'email',
        id: email.id,
        to: email.to,
        from: email.from,
        created_at: (email.createdAt ?? new Date()).toISOString(),
        subject: email.subject,
        bcc: null,
        cc: email.cc ?? null,
        reply_to: null,
        received_for: email.to,
        html: email.html ?? null,
        text: email.text ?? null,
        headers: {},
        message_id: `<${email.id}@mail.example.com>`,
        raw: null,
        attachments: attachments.map((a) => ({
          id: a.id,
          filename: a.filename,
          size: a.size ?? a.data.length,
          content_type: a.contentType,
          content_id: null,
          content_disposition: a.contentDisposition ?? 'attachment',
        })),
      });
    }
    if (section !== 'attachments') return notFound();
    if (attachmentId === undefined) {
      return reply(200, {
        object: 'list',
        has_more: false,
        data: attachments.map((a) => attachmentData(email.id, a)),
      });
    }
    const attachment = attachments.find((a) => a.id === attachmentId);
    if (!attachment) return notFound();
    return reply(200, { object: 'attachment', ...attachmentData(email.id, attachment) });
  }

  function receiveEmail(email: ReceivedEmail): { id: string; event: object } {
    const id = email.id ?? randomUUID();
    const createdAt = email.createdAt ?? new Date();
    const attachments = (email.attachments ?? []).map((a) => ({ ...a, id: a.id ?? randomUUID() }));
    received.set(id, { ...email, id, createdAt, attachments });
    return {
      id,
      event: {
        type: 'email.received',
        created_at: createdAt.toISOString(),
        data: {
          email_id: id,
          created_at: createdAt.toISOString(),
          from: email.from,
          to: email.to,
          bcc: [],
          cc: email.cc ?? [],
          received_for: email.to,
          message_id: `<${id}@mail.example.com>`,
          subject: email.subject,
          attachments: attachments.map((a) => ({
            id: a.id,
            filename: a.filename,
            content_type: a.contentType,
            content_disposition: a.contentDisposition ?? 'attachment',
            content_id: null,
          })),
        },
      },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const at = Date.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const keyHeader = req.headers['idempotency-key'];
    const key = typeof keyHeader === 'string' ? keyHeader : null;
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: keepBodies ? body : null,
      idempotencyKey: key,
      status: 0,
      at,
    };
    requests.push(record);
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, payload, headers);
    };

    if (req.method === 'GET' && path.startsWith('/emails/receiving/')) {
      if (!req.headers.authorization?.startsWith('Bearer ')) {
        return reply(401, {
          statusCode: 401,
          name: 'missing_api_key',
          message: 'Missing API key in the authorization header.',
        });
      }
      if (queuedFaults[0]?.kind === 'server_error') {
        queuedFaults.shift();
        return reply(500, {
          statusCode: 500,
          name: 'internal_server_error',
          message: 'An unexpected error occurred.',
        });
      }
      return answerReceiving(path, reply);
    }
    if (req.method === 'POST' && path === '/_test/receive') {
      // For a test in another process (Playwright's workers): the same as `receive()`, attachments'
      // bytes as base64. Not part of Resend's API.
      const email = body as Omit<ReceivedEmail, 'attachments'> & {
        attachments?: Array<Omit<ReceivedAttachment, 'data'> & { base64: string }>;
      };
      return reply(
        200,
        receiveEmail({
          ...email,
          attachments: (email.attachments ?? []).map(({ base64, ...rest }) => ({
            ...rest,
            data: Buffer.from(base64, 'base64'),
          })),
        }),
      );
    }
    if (req.method === 'GET' && path.startsWith('/_downloads/')) {
      // A signed download URL: no API key, the bytes themselves.
      const [, , emailId, attachmentId] = path.split('/');
      const attachment = received.get(emailId ?? '')?.attachments?.find((a) => a.id === attachmentId);
      if (!attachment) return reply(404, { statusCode: 404, name: 'not_found', message: 'Gone.' });
      downloads.push(attachmentId ?? '');
      record.status = 200;
      res.writeHead(200, { 'content-type': attachment.contentType });
      res.end(attachment.data);
      return;
    }
    if (req.method !== 'POST' || (path !== '/emails' && path !== '/emails/batch')) {
      return reply(404, {
        statusCode: 404,
        name: 'not_found',
        message: 'The requested endpoint does not exist.',
      });
    }
    if (!req.headers.authorization?.startsWith('Bearer ')) {
      return reply(401, {
        statusCode: 401,
        name: 'missing_api_key',
        message: 'Missing API key in the authorization header.',
      });
    }

    // The rate is counted on arrival, like the provider does, before anything else happens.
    if (ratePerSecond !== null) {
      const now = Date.now();
      windowTimestamps = windowTimestamps.filter((t) => now - t < 1000);
      if (windowTimestamps.length >= ratePerSecond) {
        state.rateViolations += 1;
        return reply(
          429,
          {
            statusCode: 429,
            name: 'rate_limit_exceeded',
            message: `Too many requests. You can only make ${ratePerSecond} requests per second.`,
          },
          { 'retry-after': '1' },
        );
      }
      windowTimestamps.push(now);
    }

    // Injected faults first: they stand for the provider failing before it does any work.
    let fault = queuedFaults.shift();
    if (!fault && chaos) {
      const roll = random();
      const rl = chaos.rateLimited ?? 0;
      const se = chaos.serverError ?? 0;
      const dl = chaos.delayed ?? 0;
      if (roll < rl) fault = { kind: 'rate_limit', retryAfterSeconds: chaos.retryAfterSeconds ?? 1 };
      else if (roll < rl + se) fault = { kind: 'server_error' };
      else if (roll < rl + se + dl) fault = { kind: 'delay', ms: chaos.delayMs ?? 2000 };
    }
    if (fault?.kind === 'rate_limit') {
      return reply(
        429,
        {
          statusCode: 429,
          name: 'rate_limit_exceeded',
          message: 'Too many requests. You can only make 2 requests per second.',
        },
        { 'retry-after': String(fault.retryAfterSeconds) },
      );
    }
    if (fault?.kind === 'server_error') {
      return reply(500, {
        statusCode: 500,
        name: 'internal_server_error',
        message: 'An unexpected error occurred.',
      });
    }
    if (fault?.kind === 'delay') await sleep(fault.ms);

    const bodyHash = createHash('sha256').update(raw).digest('hex');
    if (key) {
      const stored = idempotency.get(`${path} ${key}`);
      if (stored) {
        if (stored.bodyHash !== bodyHash) {
          return reply(409, {
            statusCode: 409,
            name: 'invalid_idempotent_request',
            message: 'Same idempotency key used with a different request payload.',
          });
        }
        return reply(stored.status, stored.body);
      }
    }

    let status: number;
    let payload: unknown;
    if (path === '/emails') {
      if (!validEmailPayload(body)) {
        status = 422;
        payload = {
          statusCode: 422,
          name: 'validation_error',
          message: 'Missing `from`, `to` or `subject` field.',
        };
      } else {
        status = 200;
        payload = accept(body, key);
      }
    } else if (
      !Array.isArray(body) ||
      body.length === 0 ||
      body.length > 100 ||
      !body.every(validEmailPayload)
    ) {
      status = 422;
      payload = {
        statusCode: 422,
        name: 'validation_error',
        message: 'A batch holds 1 to 100 valid e-mails.',
      };
    } else {
      status = 200;
      payload = { data: body.map((item, index) => accept(item, key ? `${key}#${index}` : null)) };
    }
    if (key && status === 200) idempotency.set(`${path} ${key}`, { bodyHash, status, body: payload });
    return reply(status, payload);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    emails,
    downloads,
    receive: receiveEmail,
    get rateViolations() {
      return state.rateViolations;
    },
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i += 1) queuedFaults.push(fault);
    },
    setChaos(options) {
      chaos = options;
      random = options?.seed !== undefined ? mulberry32(options.seed) : Math.random;
    },
    enforceRate(perSecond) {
      ratePerSecond = perSecond;
      windowTimestamps = [];
    },
    advertiseRate(perSecond) {
      advertisedRate = perSecond;
    },
    reset() {
      requests.length = 0;
      emails.length = 0;
      received.clear();
      downloads.length = 0;
      idempotency.clear();
      queuedFaults = [];
      chaos = null;
      ratePerSecond = null;
      advertisedRate = 10;
      windowTimestamps = [];
      state.rateViolations = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
