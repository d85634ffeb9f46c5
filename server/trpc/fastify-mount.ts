import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { type HTTPErrorHandler, resolveResponse } from '@trpc/server/http';
import { BODY_LIMITS } from '../http/body-limits.ts';
import type { AnyRouter, inferRouterContext } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// tRPC's own Fastify adapter hands Fastify the Fetch Response, whose body Fastify then copies
// through a web stream reader into a chunked HTTP response: two writes and several promise hops
// for a few hundred bytes of JSON, on every call (bench/lead-submit: about a tenth of the public
// sell form's server CPU). This mount resolves the call the same way (tRPC's resolveResponse)
// but sends an ordinary response with its length in one write. Only subscriptions (server-sent
// events) are streamed, as the adapter does.

/**
 * A Fetch Request for a body Fastify has already read as text: tRPC's `json()` parses that text
 * instead of wrapping it in a web stream and reading it back (bench/lead-submit: 7% less server CPU
 * per submission). URL (only its query matters to tRPC), headers and the abort signal of a closed
 * connection are what incomingMessageToRequest gives.
 */
class ReadBodyRequest extends Request {
  readonly #body: string;

  constructor(url: URL, init: RequestInit, body: string) {
    super(url, init);
    this.#body = body;
  }

  override text(): Promise<string> {
    return Promise.resolve(this.#body);
  }

  override json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown);
  }
}

function toFetchRequest(incoming: IncomingMessage & { body?: unknown }, res: ServerResponse): Request {
  const body = incoming.body;
  // No body was parsed (GET, or a POST without one): should tRPC read the raw request after all, it
  // stops at the same limit as the parser (decision 013).
  if (typeof body !== 'string')
    return incomingMessageToRequest(incoming, res, { maxBodySize: BODY_LIMITS.trpc });
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (name.startsWith(':')) continue; // HTTP/2 pseudo-headers are not headers
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  const url = new URL(incoming.url ?? '/', 'http://localhost');
  return new ReadBodyRequest(url, { method: incoming.method, headers, signal: controller.signal }, body);
}

export interface TrpcMountOptions<TRouter extends AnyRouter> {
  prefix: string;
  router: TRouter;
  createContext: (opts: CreateFastifyContextOptions) => Promise<inferRouterContext<TRouter>>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
  /** Most calls one batched request may carry (tRPC answers 400 beyond it). */
  maxBatchSize?: (req: FastifyRequest) => number | Promise<number>;
}

export function mountTrpc<TRouter extends AnyRouter>(
  app: FastifyInstance,
  { prefix, router, createContext, onError, maxBatchSize }: TrpcMountOptions<TRouter>,
): PromiseLike<unknown> {
  // Registered in its own scope: the body parsers below apply to tRPC's routes only.
  return app.register((scope, _options, done) => {
    // Every procedure takes JSON: Fastify reads it as text, up to the tRPC body limit, and tRPC
    // parses it. Any other content type (multipart, forms, text) is refused with 415 before a byte
    // of it is read; tRPC would otherwise read such a body whole into memory.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.trpc },
      (_req, body, parsed) => parsed(null, body),
    );
    scope.addContentTypeParser('*', (_req, _payload, parsed) => {
      const error: Error & { statusCode?: number } = new Error('tRPC takes application/json bodies only');
      error.statusCode = 415;
      parsed(error, undefined);
    });

    const serve = async (req: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) => {
      const incoming: IncomingMessage & { body?: unknown } = req.raw;
      if (req.body !== undefined) incoming.body = req.body;
      const response = await resolveResponse({
        router,
        req: toFetchRequest(incoming, reply.raw),
        path: req.params.path,
        error: null,
        maxBatchSize: await maxBatchSize?.(req),
        createContext: ({ info }) => createContext({ req, res: reply, info }),
        onError: onError ? (error) => onError({ ...error, req }) : undefined,
      });

      void reply.code(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') void reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      if (!response.body) return reply.send();
      if (response.headers.get('content-type')?.startsWith('text/event-stream'))
        return reply.send(response.body);
      return reply.send(Buffer.from(await response.arrayBuffer()));
    };
    // Queries and subscriptions come as GET (HEAD with it), mutations as POST. Any other method is
    // answered 405 before its body is read (server/http/methods.ts, decision 013): a catch-all
    // route once handed TRACE, whose body Fastify never reads, to tRPC.
    scope.get(`${prefix}/:path`, serve);
    scope.post(`${prefix}/:path`, serve);
    done();
  });
}
