/**
 * Runs concurrent writes together (decision 020): at most `maxInFlight` statements at once. An item
 * that arrives while a slot is free goes at once, alone, so a quiet system adds no delay; items that
 * arrive while every slot is busy wait and then go together, up to `maxBatch` in one statement.
 * Under a burst, PostgreSQL pays the statement, its triggers and the commit once per batch instead of
 * once per item, and the server one round trip. Used by the provider webhook (email-events/recorder.ts).
 *
 * Items that share a key never go in the same statement, nor in two statements at once: the later
 * one waits for the earlier one's result (a double-click, a retry or a replayed event then finds
 * the first). If a batch's statement fails, nothing of it was written (one statement), and each of
 * its items is retried alone, so one that the database refuses fails by itself.
 */
export interface MicroBatcher<In, Out> {
  submit(item: In): Promise<Out>;
  /** Statements run so far (batches and retries alone), for tests and benchmarks. */
  readonly statements: number;
}

export interface MicroBatchOptions<In, Out> {
  maxInFlight: number;
  maxBatch: number;
  /** One statement for the batch; one result per item, in order. */
  run: (batch: readonly In[]) => Promise<Out[]>;
  /** Keys an item may not share with another in flight (none: every item is independent). */
  keysOf?: (item: In) => readonly string[];
  /** How an item of a failed batch is retried alone (default: `run` with that item only). */
  runAlone?: (item: In) => Promise<Out>;
}

interface Waiting<In, Out> {
  item: In;
  keys: readonly string[];
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

// How far down the queue a batch looks for items without a shared key: bounded, so a long queue of
// one sender's retries cannot make every batch scan all of it.
const SCAN_FACTOR = 4;

export function createMicroBatcher<In, Out>(options: MicroBatchOptions<In, Out>): MicroBatcher<In, Out> {
  const { maxInFlight, maxBatch, keysOf = () => [] } = options;
  const queue: Waiting<In, Out>[] = [];
  const busyKeys = new Set<string>();
  let inFlight = 0;
  let statements = 0;

  const run = (batch: readonly In[]) => {
    statements += 1;
    return options.run(batch);
  };
  const runAlone = async (item: In): Promise<Out> => {
    if (options.runAlone) {
      statements += 1;
      return options.runAlone(item);
    }
    const [out] = await run([item]);
    if (out === undefined) throw new Error('The statement returned no result for an item');
    return out;
  };

  function takeBatch(): Waiting<In, Out>[] {
    const batch: Waiting<In, Out>[] = [];
    const scanLimit = Math.min(queue.length, maxBatch * SCAN_FACTOR);
    for (let index = 0; index < scanLimit && batch.length < maxBatch; index += 1) {
      const waiting = queue[index];
      if (!waiting || waiting.keys.some((key) => busyKeys.has(key))) continue;
      batch.push(waiting);
      // Taken keys are busy from here on: later items sharing one wait for this batch.
      for (const key of waiting.keys) busyKeys.add(key);
    }
    if (batch.length > 0) {
      const taken = new Set(batch);
      let kept = 0;
      for (const waiting of queue) if (!taken.has(waiting)) queue[kept++] = waiting;
      queue.length = kept;
    }
    return batch;
  }

  async function execute(batch: Waiting<In, Out>[]): Promise<void> {
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => {
        const out = results[index];
        if (out === undefined) waiting.reject(new Error('The statement returned no result for an item'));
        else waiting.resolve(out);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) {
        try {
          waiting.resolve(await runAlone(waiting.item));
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      // Everything queued shares a key with a running batch: its end pumps again.
      if (batch.length === 0) return;
      inFlight += 1;
      void execute(batch).finally(() => {
        inFlight -= 1;
        for (const waiting of batch) for (const key of waiting.keys) busyKeys.delete(key);
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<Out>((resolve, reject) => {
        queue.push({ item, keys: keysOf(item), resolve, reject });
        pump();
      });
    },
    get statements() {
      return statements;
    },
  };
}
