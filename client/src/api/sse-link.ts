import { type OperationResultEnvelope, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '#server/trpc/router.ts';

/*
 * tRPC subscriptions over server-sent events, speaking the protocol of tRPC's own SSE producer
 * (events `connected`, message, `ping`, `serialized-error`, `return`). tRPC's `httpSubscriptionLink`
 * lives in the same module as the client core that public pages load, so using it would put its
 * code (and its stream consumer) in their bundle; this link sits in the admin's lazy chunk instead.
 * It also never gives up: where tRPC's link ends on a closed EventSource (a 502 while a server
 * restarts), this one retries with backoff, reporting `connecting` so the page polls meanwhile.
 */

/** The parts of an EventSource used here (the browser's, or the `eventsource` package in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown; lastEventId?: string }) => void): void;
  close(): void;
}

export interface SseLinkOptions {
  /** The tRPC endpoint, e.g. `/trpc`. */
  url: string;
  /** Opens the stream; the default uses the browser's EventSource (same origin, cookies sent). */
  createEventSource?: (url: string) => EventSourceLike;
  /** Retry delays after the server refused or dropped the stream for good: first, then doubling to max. */
  retryDelayMs?: { initial: number; max: number };
}

type AppError = TRPCClientError<AppRouter>;
type Envelope = OperationResultEnvelope<unknown, AppError>;

const CLOSED = 2;
const RETRYABLE = new Set(['INTERNAL_SERVER_ERROR', 'BAD_GATEWAY', 'SERVICE_UNAVAILABLE', 'GATEWAY_TIMEOUT']);

function parse(data: unknown): unknown {
  return typeof data === 'string' && data !== '' ? (JSON.parse(data) as unknown) : undefined;
}

function errorCode(shape: unknown): string | null {
  if (typeof shape !== 'object' || shape === null || !('data' in shape)) return null;
  const data = shape.data;
  if (typeof data !== 'object' || data === null || !('code' in data)) return null;
  return typeof data.code === 'string' ? data.code : null;
}

function withLastEventId(input: unknown, lastEventId: string | null): unknown {
  if (!lastEventId || (input != null && typeof input !== 'object')) return input;
  return { ...(input ?? {}), lastEventId };
}

export function sseSubscriptionLink(options: SseLinkOptions): TRPCLink<AppRouter> {
  const createEventSource = options.createEventSource ?? ((url: string) => new EventSource(url));
  const delays = options.retryDelayMs ?? { initial: 1_000, max: 30_000 };

  return () =>
    ({ op }) =>
      observable<Envelope, AppError>((observer) => {
        if (op.type !== 'subscription') throw new Error('sseSubscriptionLink only carries subscriptions');
        let source: EventSourceLike | null = null;
        let timer: ReturnType<typeof setTimeout> | null = null;
        let inactivityMs: number | null = null;
        let lastEventId: string | null = null;
        let failures = 0;
        let finished = false;

        const clearTimer = () => {
          if (timer !== null) clearTimeout(timer);
          timer = null;
        };
        const closeSource = () => {
          source?.close();
          source = null;
        };
        const connecting = (error: AppError | null) =>
          observer.next({ result: { type: 'state', state: 'connecting', error } });
        const finish = () => {
          finished = true;
          clearTimer();
          closeSource();
        };
        // The server pings every few seconds; silence for longer means a dead connection.
        const watchActivity = () => {
          clearTimer();
          if (inactivityMs)
            timer = setTimeout(() => {
              closeSource();
              connecting(new TRPCClientError(`No message for ${inactivityMs} ms, reconnecting`));
              open();
            }, inactivityMs);
        };
        const retryLater = (error: AppError) => {
          closeSource();
          clearTimer();
          connecting(error);
          const ceiling = Math.min(delays.max, delays.initial * 2 ** Math.min(failures, 20));
          failures += 1;
          timer = setTimeout(open, ceiling / 2 + (Math.random() * ceiling) / 2);
        };

        function open() {
          if (finished) return;
          const input = encodeURIComponent(JSON.stringify(withLastEventId(op.input, lastEventId)));
          const current = createEventSource(`${options.url}/${op.path}?input=${input}`);
          source = current;
          const mine =
            (listener: (event: { data?: unknown; lastEventId?: string }) => void) =>
            (event: { data?: unknown; lastEventId?: string }) => {
              if (source === current && !finished) listener(event);
            };

          current.addEventListener(
            'connected',
            mine((event) => {
              const clientOptions = parse(event.data) as { reconnectAfterInactivityMs?: number } | undefined;
              inactivityMs = clientOptions?.reconnectAfterInactivityMs ?? null;
              failures = 0;
              observer.next({ result: { type: 'started' } });
              observer.next({ result: { type: 'state', state: 'pending', error: null } });
              watchActivity();
            }),
          );
          current.addEventListener('ping', mine(watchActivity));
          current.addEventListener(
            'message',
            mine((event) => {
              watchActivity();
              const data = parse(event.data);
              if (event.lastEventId) {
                lastEventId = event.lastEventId;
                // The shape tRPC's own link gives tracked data: { id, data }.
                observer.next({ result: { id: event.lastEventId, data: { id: event.lastEventId, data } } });
              } else {
                observer.next({ result: { data } });
              }
            }),
          );
          current.addEventListener(
            'serialized-error',
            mine((event) => {
              const shape = parse(event.data);
              const error = TRPCClientError.from<AppRouter>({ error: shape });
              // A fault on the server's side: the stream ends and the EventSource comes back by itself.
              if (RETRYABLE.has(errorCode(shape) ?? '')) {
                connecting(error);
                return;
              }
              finish();
              observer.error(error);
            }),
          );
          current.addEventListener(
            'return',
            mine(() => {
              finish();
              observer.next({ result: { type: 'state', state: 'idle', error: null } });
              observer.next({ result: { type: 'stopped' } });
              observer.complete();
            }),
          );
          current.addEventListener(
            'error',
            mine(() => {
              const error = new TRPCClientError<AppRouter>('The live connection was interrupted');
              // CLOSED: refused for good (an HTTP error, a proxy's 502); otherwise it is retrying.
              if (current.readyState === CLOSED) retryLater(error);
              else {
                clearTimer();
                connecting(error);
              }
            }),
          );
        }

        connecting(null);
        open();
        return finish;
      });
}
