export interface Throttled {
  (): void;
  /** Drops a pending trailing call (on unsubscribe or unmount: no timer outlives its owner). */
  cancel(): void;
}

/**
 * Calls `fn` at once, then at most once per `intervalMs`: every call made while waiting collapses
 * into one call at the end of the wait. The last call of a burst is therefore never lost, which is
 * what live views need: the state read after a burst is the state after its last change.
 */
export function throttle(fn: () => void, intervalMs: number): Throttled {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = () => {
    timer = null;
    lastRun = Date.now();
    fn();
  };

  const throttled = () => {
    if (timer !== null) return;
    const wait = lastRun + intervalMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
