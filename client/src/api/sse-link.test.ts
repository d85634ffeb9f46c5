import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '#server/trpc/router.ts';
import { type EventSourceLike, sseSubscriptionLink } from './sse-link.ts';

type Listener = (event: { data?: unknown; lastEventId?: string }) => void;

/** Plays the server's side of an EventSource. */
class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  readonly url: string;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(url: string) {
    this.url = url;
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, event: { data?: unknown; lastEventId?: string } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  connect(clientOptions: object = {}) {
    this.readyState = 1;
    this.emit('connected', { data: JSON.stringify(clientOptions) });
  }
}

const campaignId = '00000000-0000-4000-8000-000000000001';

function setup() {
  const sources: FakeEventSource[] = [];
  const client = createTRPCClient<AppRouter>({
    links: [
      sseSubscriptionLink({
        url: '/trpc',
        createEventSource: (url) => {
          const source = new FakeEventSource(url);
          sources.push(source);
          return source;
        },
        retryDelayMs: { initial: 1_000, max: 8_000 },
      }),
    ],
  });
  const received: unknown[] = [];
  const states: string[] = [];
  const errors: unknown[] = [];
  let started = 0;
  let completed = false;
  const subscription = client.admin.campaigns.watch.subscribe(
    { id: campaignId },
    {
      onStarted: () => (started += 1),
      onData: (data) => received.push(data),
      onError: (error) => errors.push(error),
      onConnectionStateChange: (state) => states.push(state.state),
      onComplete: () => (completed = true),
    },
  );
  const latest = () => {
    const source = sources.at(-1);
    if (!source) throw new Error('no EventSource opened');
    return source;
  };
  return {
    sources,
    latest,
    received,
    states,
    errors,
    started: () => started,
    completed: () => completed,
    subscription,
  };
}

describe('sseSubscriptionLink', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the procedure URL with its input and reports connecting, then pending once connected', () => {
    const feed = setup();
    expect(feed.sources).toHaveLength(1);
    const url = new URL(feed.latest().url, 'http://app.test');
    expect(url.pathname).toBe('/trpc/admin.campaigns.watch');
    expect(JSON.parse(url.searchParams.get('input') ?? '')).toEqual({ id: campaignId });
    expect(feed.states).toEqual(['connecting']);
    feed.latest().connect();
    expect(feed.states).toEqual(['connecting', 'pending']);
    expect(feed.started()).toBe(1);
    feed.subscription.unsubscribe();
  });

  it('delivers tracked messages as { id, data } and untracked ones as they are', () => {
    const feed = setup();
    feed.latest().connect();
    feed.latest().emit('message', { data: JSON.stringify({ sentCount: 3 }), lastEventId: '7' });
    feed.latest().emit('message', { data: JSON.stringify('plain') });
    expect(feed.received).toEqual([{ id: '7', data: { sentCount: 3 } }, 'plain']);
    feed.subscription.unsubscribe();
  });

  it('ends with the error for a refusal (UNAUTHORIZED) and closes the stream', () => {
    const feed = setup();
    feed.latest().connect();
    feed.latest().emit('serialized-error', {
      data: JSON.stringify({ message: 'Please sign in.', code: -32001, data: { code: 'UNAUTHORIZED' } }),
    });
    expect(feed.errors).toHaveLength(1);
    const error = feed.errors[0];
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
    expect(feed.latest().closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('treats a server fault as a reconnection, not an end', () => {
    const feed = setup();
    feed.latest().connect();
    feed.latest().emit('serialized-error', {
      data: JSON.stringify({ message: 'boom', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR' } }),
    });
    expect(feed.errors).toEqual([]);
    expect(feed.states.at(-1)).toBe('connecting');
    expect(feed.latest().closed).toBe(false);
    feed.latest().connect();
    expect(feed.states.at(-1)).toBe('pending');
    feed.subscription.unsubscribe();
  });

  it('reports connecting while the EventSource retries by itself', () => {
    const feed = setup();
    feed.latest().connect();
    feed.latest().readyState = 0;
    feed.latest().emit('error');
    expect(feed.states.at(-1)).toBe('connecting');
    expect(feed.sources).toHaveLength(1);
    feed.latest().connect();
    expect(feed.states.at(-1)).toBe('pending');
    feed.subscription.unsubscribe();
  });

  it('reopens with backoff when the EventSource gives up (an HTTP error), resuming from the last id', () => {
    const feed = setup();
    feed.latest().connect();
    feed.latest().emit('message', { data: '{}', lastEventId: '12' });
    for (const ceiling of [1_000, 2_000, 4_000]) {
      const count = feed.sources.length;
      feed.latest().close();
      feed.latest().emit('error');
      expect(feed.states.at(-1)).toBe('connecting');
      vi.advanceTimersByTime(ceiling / 2 - 1);
      expect(feed.sources).toHaveLength(count);
      vi.advanceTimersByTime(ceiling / 2 + 1);
      expect(feed.sources).toHaveLength(count + 1);
    }
    const url = new URL(feed.latest().url, 'http://app.test');
    expect(JSON.parse(url.searchParams.get('input') ?? '')).toEqual({ id: campaignId, lastEventId: '12' });
    // A successful connection resets the backoff.
    feed.latest().connect();
    feed.latest().close();
    feed.latest().emit('error');
    const count = feed.sources.length;
    vi.advanceTimersByTime(1_000);
    expect(feed.sources).toHaveLength(count + 1);
    expect(feed.errors).toEqual([]);
    feed.subscription.unsubscribe();
  });

  it('reconnects after the inactivity period the server announced; pings keep it alive', () => {
    const feed = setup();
    feed.latest().connect({ reconnectAfterInactivityMs: 45_000 });
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(15_000);
      feed.latest().emit('ping');
    }
    expect(feed.sources).toHaveLength(1);
    vi.advanceTimersByTime(45_000);
    expect(feed.sources).toHaveLength(2);
    expect(feed.sources[0]?.closed).toBe(true);
    expect(feed.states.at(-1)).toBe('connecting');
    // Events from the abandoned stream are ignored.
    feed.sources[0]?.emit('message', { data: '"stale"' });
    expect(feed.received).toEqual([]);
    feed.subscription.unsubscribe();
  });

  it('completes when the server ends the subscription', () => {
    const feed = setup();
    feed.latest().connect();
    feed.latest().emit('return');
    expect(feed.completed()).toBe(true);
    expect(feed.latest().closed).toBe(true);
    expect(feed.states.at(-1)).toBe('idle');
  });

  it('unsubscribing closes the stream and leaves no timer', () => {
    const feed = setup();
    feed.latest().connect({ reconnectAfterInactivityMs: 45_000 });
    expect(vi.getTimerCount()).toBe(1);
    feed.subscription.unsubscribe();
    expect(feed.latest().closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100_000);
    expect(feed.sources).toHaveLength(1);
  });
});
