/**
 * Waits `ms`, or less if `signal` aborts first (a shutdown cuts waits short). Never rejects: the
 * caller checks the signal afterwards and decides what an early wake-up means.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
