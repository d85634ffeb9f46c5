import { tracked, type TrackedEnvelope } from '@trpc/server';
import { throttle } from '#shared/throttle.ts';
import type { CampaignLiveHub } from '../services.ts';
import { createWakeup, WATCH_RECHECK_MS, WatchAccessEndedError } from '../live/entry.ts';

export { createWakeup, WatchAccessEndedError } from '../live/entry.ts';

/**
 * At most one push per subscriber per this interval. The engine may announce a change up to ~50
 * times a second; a page needs a few frames a second, and each push costs a campaign read.
 */
export const WATCH_PUSH_INTERVAL_MS = 400;

export interface WatchOptions<T> {
  live: Pick<CampaignLiveHub, 'subscribe'>;
  campaignId: string;
  /** Reads the current state; its errors end the watch (the client reconnects or reports them). */
  load: () => Promise<T>;
  signal: AbortSignal | undefined;
  intervalMs?: number;
  /**
   * Whether the watcher may still watch (its session exists and keeps the admin role). Asked before
   * every push and at least every `recheckMs`; once it answers false the watch ends with
   * UNAUTHORIZED, so a signed-out or revoked admin's open stream stops delivering.
   */
  stillAllowed?: () => Promise<boolean>;
  recheckMs?: number;
}

/**
 * The current state at once, then again after each change (bursts coalesced, see
 * WATCH_PUSH_INTERVAL_MS). It subscribes before the first read, so a change committed during that
 * read is pushed next. Ends when the signal aborts (the client went away), unsubscribing.
 */
export async function* watchCampaign<T>({
  live,
  campaignId,
  load,
  signal = new AbortController().signal,
  intervalMs = WATCH_PUSH_INTERVAL_MS,
  stillAllowed,
  recheckMs = WATCH_RECHECK_MS,
}: WatchOptions<T>): AsyncGenerator<TrackedEnvelope<T>, void, unknown> {
  const wakeup = createWakeup();
  let changePending = false;
  const changed = throttle(() => {
    changePending = true;
    wakeup.set();
  }, intervalMs);
  const unsubscribe = live.subscribe(campaignId, changed);
  // A quiet campaign sends nothing for minutes: the timer wakes the loop to re-check access.
  const recheck = stillAllowed ? setInterval(() => wakeup.set(), recheckMs) : null;
  const checkAccess = async () => {
    if (stillAllowed && !(await stillAllowed())) throw new WatchAccessEndedError('The session has ended');
  };
  // Event ids only let a reconnecting client say where it was; every push is the full state, so a
  // per-connection counter is enough.
  let sequence = 0;
  try {
    await checkAccess();
    yield tracked(String(++sequence), await load());
    while (await wakeup.wait(signal)) {
      await checkAccess();
      if (!changePending) continue;
      changePending = false;
      yield tracked(String(++sequence), await load());
    }
  } finally {
    unsubscribe();
    changed.cancel();
    if (recheck) clearInterval(recheck);
  }
}
