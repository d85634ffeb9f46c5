// A database outage is one line, not a flood (decision 075): while PostgreSQL is unreachable,
// every pg-boss poller, pool client and job fails on its own schedule (about 2,300 lines, 2.2 MB,
// in a 30 s stop of one worker). The process reports each such error here instead of logging it.
// The first one logs a warning and starts a probe that backs off; the others are only counted;
// the probe's first success logs one line with the outage's length and the count. A still-down
// reminder follows every `reminderMs`, so a long outage stays visible without flooding.

/** SQLSTATEs and socket codes that mean "no usable connection", not "this query was wrong". */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const CONNECTION_MESSAGES = [
  'connection terminated',
  'terminating connection',
  'the database system is',
  'server closed the connection',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'client has encountered a connection error',
  'connect econnrefused',
];

/** Whether an error (pg's, a socket's, or pg-boss's wrapping of either) means the link is down. */
export function isConnectionError(error: unknown, depth = 0): boolean {
  // pg-boss emits a worker's error as a plain object copying the message ({ message, stack, queue }).
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  const text = typeof message === 'string' ? message.toLowerCase() : '';
  if (CONNECTION_MESSAGES.some((fragment) => text.includes(fragment))) return true;
  return cause !== undefined && isConnectionError(cause, depth + 1);
}

export interface ConnectionWatch {
  /**
   * Takes over an error that means the database is unreachable: true when it did (the caller
   * logs nothing), false for any other error, which the caller logs as before.
   */
  report(error: unknown, source: string): boolean;
  /** Whether the last thing the watch knows is an outage. */
  readonly down: boolean;
  close(): void;
}

export interface ConnectionWatchOptions {
  logger: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Resolves when the database answers (e.g. `SELECT 1`). */
  probe: () => Promise<unknown>;
  /** Probe delays: the first after `initialMs`, doubling up to `maxMs`. */
  delays?: { initialMs: number; maxMs: number };
  reminderMs?: number;
  now?: () => number;
}

export function createConnectionWatch(options: ConnectionWatchOptions): ConnectionWatch {
  const { logger } = options;
  const delays = options.delays ?? { initialMs: 500, maxMs: 5_000 };
  const reminderMs = options.reminderMs ?? 300_000;
  const now = options.now ?? Date.now;
  let downSince: number | null = null;
  let lastLineAt = 0;
  let suppressed = 0;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  function scheduleProbe() {
    if (closed) return;
    const delay = Math.min(delays.maxMs, delays.initialMs * 2 ** Math.min(attempt, 20));
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      options.probe().then(restored, () => {
        if (downSince !== null && now() - lastLineAt >= reminderMs) {
          lastLineAt = now();
          logger.warn(
            { downForMs: now() - downSince, suppressed },
            'database still unreachable; retrying quietly',
          );
        }
        scheduleProbe();
      });
    }, delay);
    timer.unref();
  }

  function restored() {
    if (downSince === null || closed) return;
    logger.info(
      { downForMs: now() - downSince, suppressed },
      'database connection restored; errors while it was down were counted, not logged',
    );
    downSince = null;
    suppressed = 0;
    attempt = 0;
  }

  return {
    get down() {
      return downSince !== null;
    },
    report(error, source) {
      if (!isConnectionError(error)) return false;
      if (downSince !== null) {
        suppressed += 1;
        return true;
      }
      downSince = now();
      lastLineAt = downSince;
      suppressed = 0;
      attempt = 0;
      logger.warn(
        { source, reason: (error as { message?: unknown }).message },
        'database connection lost; retrying quietly until it returns',
      );
      scheduleProbe();
      return true;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
