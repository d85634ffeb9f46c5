import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWakeup, WatchAccessEndedError, watchCampaign } from './live-watch.ts';

/** An in-memory stand-in for the LISTEN hub: `notify` plays a committed NOTIFY. */
function fakeHub() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    subscribe(campaignId: string, onChange: () => void) {
      const set = listeners.get(campaignId) ?? new Set();
      listeners.set(campaignId, set);
      set.add(onChange);
      return () => set.delete(onChange);
    },
    notify(campaignId: string) {
      for (const onChange of listeners.get(campaignId) ?? []) onChange();
    },
    count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

/** Lets pending promise callbacks run (fake timers do not advance on their own). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('createWakeup', () => {
  it('returns once per set, however many times it was set', async () => {
    const wakeup = createWakeup();
    const signal = new AbortController().signal;
    wakeup.set();
    wakeup.set();
    expect(await wakeup.wait(signal)).toBe(true);
    let woke = false;
    void wakeup.wait(signal).then(() => (woke = true));
    await settle();
    expect(woke).toBe(false);
    wakeup.set();
    await settle();
    expect(woke).toBe(true);
  });

  it('returns false on abort and leaves no abort listener behind', async () => {
    const wakeup = createWakeup();
    const controller = new AbortController();
    for (let i = 0; i < 20; i += 1) {
      const waiting = wakeup.wait(controller.signal);
      wakeup.set();
      expect(await waiting).toBe(true);
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const waiting = wakeup.wait(controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('watchCampaign', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const hub = fakeHub();
    const state = { sent: 0 };
    const load = vi.fn(() => Promise.resolve({ ...state }));
    const controller = new AbortController();
    const watch = watchCampaign({
      live: hub,
      campaignId: 'c1',
      load,
      signal: controller.signal,
      intervalMs: 400,
    });
    return { hub, state, load, controller, watch };
  }

  it('yields the state at once, tracked, and subscribes before reading it', async () => {
    const { hub, watch, load } = setup();
    load.mockImplementationOnce(() => {
      // Subscribed already: a change during the first read is not lost.
      expect(hub.count()).toBe(1);
      return Promise.resolve({ sent: 0 });
    });
    const first = await watch.next();
    // tracked(id, data) is a tuple on the server; the client receives { id, data }.
    expect(first.value?.slice(0, 2)).toEqual(['1', { sent: 0 }]);
  });

  it('pushes the new state after a notification, and ignores other campaigns', async () => {
    const { hub, state, watch, load } = setup();
    await watch.next();
    const next = watch.next();
    hub.notify('c2');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    state.sent = 5;
    hub.notify('c1');
    expect((await next).value?.slice(0, 2)).toEqual(['2', { sent: 5 }]);
  });

  it('coalesces a burst into few pushes, the last one with the final state', async () => {
    const { hub, state, watch, load, controller } = setup();
    await watch.next();
    const pushes: number[] = [];
    const consume = (async () => {
      for await (const [, data] of watch) pushes.push(data.sent);
    })();
    // 50 notifications a second for 2 seconds.
    for (let i = 1; i <= 100; i += 1) {
      state.sent = i;
      hub.notify('c1');
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pushes.length).toBeLessThanOrEqual(6);
    expect(pushes.at(-1)).toBe(100);
    expect(load.mock.calls.length).toBe(pushes.length + 1);
    // The generator waits for a change, not at a yield: the abort is what ends it.
    controller.abort();
    await consume;
    expect(hub.count()).toBe(0);
  });

  it('unsubscribes and cancels its timer when the signal aborts', async () => {
    const { hub, controller, watch } = setup();
    await watch.next();
    hub.notify('c1');
    const waiting = watch.next();
    await settle();
    hub.notify('c1'); // within the interval: a trailing push is scheduled
    expect(vi.getTimerCount()).toBe(1);
    await waiting;
    const ended = watch.next();
    controller.abort();
    expect((await ended).done).toBe(true);
    expect(hub.count()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('unsubscribes when the consumer stops iterating (return)', async () => {
    const { hub, watch } = setup();
    await watch.next();
    expect(hub.count()).toBe(1);
    await watch.return(undefined);
    expect(hub.count()).toBe(0);
  });

  it('ends with the error when the state cannot be read', async () => {
    const { hub, watch, load } = setup();
    await watch.next();
    load.mockRejectedValueOnce(new Error('Campaign not found'));
    const next = watch.next();
    hub.notify('c1');
    await expect(next).rejects.toThrow('Campaign not found');
    expect(hub.count()).toBe(0);
  });

  it('re-checks access before every push and every 30 s while quiet, and ends once it is gone', async () => {
    const hub = fakeHub();
    const load = vi.fn(() => Promise.resolve({ sent: 1 }));
    let allowed = true;
    const stillAllowed = vi.fn(() => Promise.resolve(allowed));
    const watch = watchCampaign({
      live: hub,
      campaignId: 'c1',
      load,
      signal: new AbortController().signal,
      intervalMs: 400,
      stillAllowed,
      recheckMs: 30_000,
    });
    await watch.next();
    expect(stillAllowed).toHaveBeenCalledTimes(1);
    const ended = watch.next().then(
      () => null,
      (error: unknown) => error,
    );
    // Quiet for 30 s: the timer re-checks without pushing anything.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(stillAllowed).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
    allowed = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await ended).toBeInstanceOf(WatchAccessEndedError);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hub.count()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
