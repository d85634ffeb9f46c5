import pg from 'pg';
import type { Logger } from '../services.ts';
import { reconnectDelay } from '../live/entry.ts';

// "The first e-mail at once" (decision 065): a statement trigger on automation_runs NOTIFYs
// `automation_runs_due` whenever runs are entered, by whatever path. Each worker LISTENs on a
// dedicated connection (reconnecting with backoff, as the campaign live hub does) and answers a
// burst of notifications with one call of `onDue`, which queues the singleton `automations.tick`.
// Notifications sent while the connection is down are lost: `onDue` runs whenever LISTEN starts
// again, and the every-minute schedule covers the rest.

export const AUTOMATION_RUNS_DUE_CHANNEL = 'automation_runs_due';

export interface DueListener {
  /** Resolves once LISTEN is active. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function listenForDueRuns(options: {
  connectionString: string;
  logger: Logger;
  onDue: () => Promise<unknown>;
  /** Notifications within this window become one call. */
  debounceMs?: number;
  reconnectDelayMs?: { initial: number; max: number };
}): DueListener {
  const debounceMs = options.debounceMs ?? 200;
  const delays = options.reconnectDelayMs ?? { initial: 250, max: 10_000 };
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  function due() {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      options
        .onDue()
        .catch((error: unknown) =>
          options.logger.warn({ err: error }, 'could not queue automations.tick after new runs'),
        );
    }, debounceMs);
    timer.unref();
  }

  function lost(connection: pg.Client, error?: unknown) {
    if (client !== connection) return;
    client = null;
    connection.removeAllListeners();
    connection.on('error', () => undefined);
    connection.end().catch(() => undefined);
    if (closed) return;
    const delay = reconnectDelay(failures, delays);
    failures += 1;
    // The first loss is worth a warning; each retry of an outage is not (decision 075).
    if (failures === 1)
      options.logger.warn(
        { err: error, retryInMs: delay },
        'automation runs: LISTEN connection lost, reconnecting',
      );
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
    reconnectTimer.unref();
  }

  async function connect() {
    if (closed) return;
    const connection = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'watch-platform-automations',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = connection;
    connection.on('notification', (message) => {
      if (message.channel === AUTOMATION_RUNS_DUE_CHANNEL) due();
    });
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${AUTOMATION_RUNS_DUE_CHANNEL}`);
    } catch (error) {
      lost(connection, error);
      return;
    }
    if (client !== connection || closed) return;
    if (failures > 0) options.logger.info({ failures }, 'automation runs: LISTEN connection back');
    failures = 0;
    resolveReady();
    // Runs entered before LISTEN took effect were never heard of.
    due();
  }

  void connect();
  return {
    ready: () => readyPromise,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const connection = client;
      client = null;
      if (connection) {
        connection.removeAllListeners();
        connection.on('error', () => undefined);
        await connection.end().catch(() => undefined);
      }
    },
  };
}
