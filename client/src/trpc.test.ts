import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTrpcClient } from './trpc.ts';

/** Plays the server's side of the browser's EventSource, as tRPC's httpSubscriptionLink uses it. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  readonly url: string;
  readonly withCredentials = false;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.opened.push(this);
  }

  close() {
    this.readyState = 2;
  }

  emit(type: string, data?: string, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }

  connect() {
    this.readyState = 1;
    this.emit('connected', '{}');
  }

  /** An HTTP error (a proxy's 502): the browser's EventSource gives up for good. */
  refuse() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
}

const campaignId = '00000000-0000-4000-8000-000000000001';

function watch() {
  const client = createTrpcClient({ url: 'http://app.test/trpc', EventSource: FakeEventSource });
  const received: unknown[] = [];
  const states: string[] = [];
  const errors: unknown[] = [];
  const subscription = client.admin.campaigns.watch.subscribe(
    { id: campaignId },
    {
      onData: (data) => received.push(data),
      onError: (error) => errors.push(error),
      onConnectionStateChange: (state) => states.push(state.state),
    },
  );
  return { received, states, errors, subscription };
}

const latest = () => {
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error('no EventSource opened');
  return source;
};

describe('the client subscription links (httpSubscriptionLink with retryLink)', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reopens a stream refused for good, after a backoff, resuming from the last tracked id', async () => {
    const feed = watch();
    await vi.advanceTimersByTimeAsync(0);
    latest().connect();
    latest().emit('message', JSON.stringify({ sentCount: 3 }), '12');
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.received).toEqual([{ id: '12', data: { sentCount: 3 } }]);

    for (const ceiling of [1_000, 2_000, 4_000]) {
      const count = FakeEventSource.opened.length;
      latest().refuse();
      await vi.advanceTimersByTimeAsync(ceiling / 2 - 1);
      expect(FakeEventSource.opened).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(ceiling / 2 + 1);
      expect(FakeEventSource.opened).toHaveLength(count + 1);
      expect(feed.states.at(-1)).toBe('connecting');
    }
    const input = new URL(latest().url).searchParams.get('input') ?? '';
    expect(JSON.parse(input)).toEqual({ id: campaignId, lastEventId: '12' });
    expect(feed.errors).toEqual([]);
    latest().connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.states.at(-1)).toBe('pending');
    feed.subscription.unsubscribe();
  });

  it('ends on a tRPC error (UNAUTHORIZED) without opening the stream again', async () => {
    const feed = watch();
    await vi.advanceTimersByTimeAsync(0);
    latest().connect();
    latest().emit(
      'serialized-error',
      JSON.stringify({ message: 'Please sign in.', code: -32001, data: { code: 'UNAUTHORIZED' } }),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.errors).toHaveLength(1);
    expect(feed.errors[0]).toBeInstanceOf(TRPCClientError);
    expect((feed.errors[0] as TRPCClientError<never>).data).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(latest().readyState).toBe(2);
  });
});
