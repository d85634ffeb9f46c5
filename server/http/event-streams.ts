import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Server-sent event streams (tRPC subscriptions) never finish on their own, so `app.close()`
 * would wait for them forever. On close their connections are cut: the browser's EventSource
 * reconnects by itself (to this server once restarted, or to another instance), and each
 * subscription's abort signal fires, so it unsubscribes.
 */
export function registerEventStreamShutdown(app: FastifyInstance): void {
  const streams = new Set<Socket>();
  app.addHook('onRequest', (request, reply, done) => {
    const accept = request.headers.accept;
    if (typeof accept === 'string' && accept.includes('text/event-stream')) {
      const socket = request.raw.socket;
      streams.add(socket);
      // The response's close (not the request's) marks the end of the stream.
      reply.raw.once('close', () => streams.delete(socket));
    }
    done();
  });
  app.addHook('preClose', (done) => {
    for (const socket of streams) socket.destroy();
    streams.clear();
    done();
  });
}
