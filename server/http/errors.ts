import type { FastifyError, FastifyInstance } from 'fastify';

/** The sentence a 500 answers with, on plain routes and tRPC alike (decision 015). */
export function internalErrorMessage(requestId: string | null): string {
  return `Something went wrong on our side. Please try again${requestId ? ` (reference ${requestId})` : ''}.`;
}

/**
 * Plain HTTP routes answer an unexpected error as tRPC does (decision 015): a generic sentence naming
 * the request id, which the log line carries with the details; never the driver's SQLSTATE, message
 * or a stack, which Fastify's own handler would send. Client errors (4xx: a refused body, a bad
 * content type) keep Fastify's answer. Set before any route, since a route keeps the handler it
 * was registered under.
 */
export function registerPublicErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return reply.send(error);
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(status >= 500 && status < 600 ? status : 500)
      .header('cache-control', 'no-store')
      .send({ error: internalErrorMessage(request.id), requestId: request.id });
  });
}
