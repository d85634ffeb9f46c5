// What every live (SSE) watch shares, campaigns' and enquiries' alike (decisions 008, 063).

/** A level-triggered flag: `set` any number of times, and the next `wait` returns once. */
export function createWakeup() {
  let pending = false;
  let release: (() => void) | null = null;
  return {
    set() {
      pending = true;
      release?.();
      release = null;
    },
    /** Resolves true when set (clearing it), false as soon as the signal aborts. */
    async wait(signal: AbortSignal): Promise<boolean> {
      if (!pending && !signal.aborted) {
        await new Promise<void>((resolve) => {
          const done = () => {
            signal.removeEventListener('abort', done);
            release = null;
            resolve();
          };
          release = done;
          signal.addEventListener('abort', done, { once: true });
        });
      }
      if (signal.aborted) return false;
      pending = false;
      return true;
    },
  };
}

/** How often an idle watch re-checks its session (decision 008: at least every 30 s). */
export const WATCH_RECHECK_MS = 30_000;

export class WatchAccessEndedError extends Error {
  override name = 'WatchAccessEndedError';
}
