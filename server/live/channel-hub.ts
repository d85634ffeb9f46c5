import pg from 'pg';
import type { Logger } from '../services.ts';

// One LISTEN connection per channel, shared by the features that push live pages: campaigns'
// progress and enquiries' changes (decision 063). Its own folder, so neither feature imports the
// other for it (decision 049).

export interface LiveHubOptions {
  connectionString: string;
  logger: Logger;
  applicationName?: string;
  /** Reconnect delays: the first, doubled on each failure up to the cap, with jitter. */
  reconnectDelayMs?: { initial: number; max: number };
  /** How often subscribers are woken while LISTEN is down, so their pages keep up. */
  degradedTickMs?: number;
}

/**
 * One LISTEN connection on one channel (decision 063 reuses the campaign hub's machinery for
 * `enquiry_changed`): each notification goes to the subscribers of the key `keyOf` finds in its
 * payload, with the payload; on (re)connecting, and every `degradedTickMs` while LISTEN is down
 * (null: never), every subscriber is called with null, since notifications may have been missed.
 */
export interface ChannelHubOptions extends LiveHubOptions {
  channel: string;
  /** Names the hub in log lines ("campaign live", "enquiry live"). */
  label: string;
  /** The subscribers' key a payload is for; null ignores the payload. */
  keyOf: (payload: string) => string | null;
  /** False: no wake-ups while LISTEN is down (the subscribers recover on their own). */
  degradedTicks?: boolean;
}

export interface ChannelHub {
  subscribe(key: string, onChange: (payload: string | null) => void): () => void;
  readonly listening: boolean;
  ready(): Promise<void>;
  subscriberCount(): number;
  close(): Promise<void>;
}

interface ReadyWaiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

export function reconnectDelay(attempt: number, { initial, max }: { initial: number; max: number }): number {
  const ceiling = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  // Full jitter on the upper half: servers restarted together do not reconnect in lockstep.
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

export function createChannelHub(options: ChannelHubOptions): ChannelHub {
  const { logger, label } = options;
  const ticks = options.degradedTicks ?? true;
  const delays = options.reconnectDelayMs ?? { initial: 250, max: 10_000 };
  const degradedTickMs = options.degradedTickMs ?? 3_000;
  const subscribers = new Map<string, Set<(payload: string | null) => void>>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let degradedTimer: ReturnType<typeof setInterval> | null = null;
  let waiters: ReadyWaiter[] = [];

  function call(onChange: (payload: string | null) => void, payload: string | null) {
    try {
      onChange(payload);
    } catch (error) {
      logger.error({ err: error }, `${label} subscriber failed`);
    }
  }

  function wake(payload: string) {
    const key = options.keyOf(payload);
    const set = key === null ? undefined : subscribers.get(key);
    if (set) for (const onChange of [...set]) call(onChange, payload);
  }

  function wakeAll() {
    for (const set of [...subscribers.values()]) for (const onChange of [...set]) call(onChange, null);
  }

  function startDegradedTicks() {
    if (degradedTimer || closed || !ticks) return;
    degradedTimer = setInterval(wakeAll, degradedTickMs);
    degradedTimer.unref();
  }

  function stopDegradedTicks() {
    if (degradedTimer) clearInterval(degradedTimer);
    degradedTimer = null;
  }

  function discard(connection: pg.Client) {
    connection.removeAllListeners('notification');
    connection.removeAllListeners('end');
    // Keep one error listener: a late socket error on a dropped client must not crash the process.
    connection.removeAllListeners('error');
    connection.on('error', () => undefined);
    connection.end().catch(() => undefined);
  }

  function lost(connection: pg.Client, error?: unknown) {
    if (client !== connection) return;
    client = null;
    listening = false;
    discard(connection);
    if (closed) return;
    startDegradedTicks();
    const delay = reconnectDelay(failures, delays);
    failures += 1;
    // The first loss is worth a warning; each retry of an outage is not (decision 075).
    if (failures === 1)
      logger.warn(
        { err: error, retryInMs: delay, failures },
        `${label} updates: LISTEN connection lost, reconnecting`,
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
      application_name: options.applicationName ?? 'watch-platform-live',
      // An idle LISTEN connection sends nothing: keep-alive notices a dead peer.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = connection;
    connection.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) wake(message.payload);
    });
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    try {
      await connection.connect();
      // The channel is our own constant identifier, not input.
      await connection.query(`LISTEN ${options.channel}`);
    } catch (error) {
      lost(connection, error);
      return;
    }
    if (client !== connection) return;
    if (closed) {
      discard(connection);
      return;
    }
    listening = true;
    if (failures > 0) logger.info({ failures }, `${label} updates: LISTEN connection back`);
    failures = 0;
    stopDegradedTicks();
    const ready = waiters;
    waiters = [];
    for (const waiter of ready) waiter.resolve();
    // Changes committed before LISTEN took effect were never heard: everyone re-reads once.
    wakeAll();
  }

  startDegradedTicks();
  void connect();

  return {
    subscribe(key, onChange) {
      let set = subscribers.get(key);
      if (!set) {
        set = new Set();
        subscribers.set(key, set);
      }
      // A wrapper, so the same function subscribed twice unsubscribes independently.
      const entry = (payload: string | null) => onChange(payload);
      set.add(entry);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = subscribers.get(key);
        current?.delete(entry);
        if (current?.size === 0) subscribers.delete(key);
      };
    },
    get listening() {
      return listening;
    },
    ready() {
      if (listening) return Promise.resolve();
      if (closed) return Promise.reject(new Error(`The ${label} hub is closed`));
      return new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    },
    subscriberCount() {
      let count = 0;
      for (const set of subscribers.values()) count += set.size;
      return count;
    },
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      stopDegradedTicks();
      const pending = waiters;
      waiters = [];
      for (const waiter of pending) waiter.reject(new Error(`The ${label} hub is closed`));
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
