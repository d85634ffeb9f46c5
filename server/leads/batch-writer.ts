import type { Database } from '../db/database.ts';
import { type PendingSubmission, type StoredSubmission, storeSubmissions } from './store.ts';

/**
 * Writes sell-form submissions with at most `maxInFlight` statements running at once. A submission
 * that arrives while a slot is free is written at once, alone: a quiet site adds no delay. Those
 * that arrive while every slot is busy wait and then go together, up to `maxBatch` in one statement:
 * under a burst, PostgreSQL pays the statement, its triggers and the commit once per batch instead
 * of once per seller, and the server one round trip (bench/lead-submit).
 *
 * Submissions that share an e-mail (case-insensitively), an event id or a photo never go in the same
 * statement, nor in two statements at once: the later one waits for the earlier one's result, so
 * a double-click or a retry still finds the first enquiry. If a batch's statement fails, nothing of
 * it was written (one statement), and each of its submissions is retried alone, so one that the
 * database refuses fails by itself and the others are stored.
 */
export interface LeadBatchWriter {
  write(submission: PendingSubmission): Promise<StoredSubmission>;
  /** Statements run so far (batches and retries alone), for tests and benchmarks. */
  readonly statements: number;
}

export interface LeadBatchWriterOptions {
  maxInFlight?: number;
  maxBatch?: number;
  /** The statement; tests replace it to observe batches. */
  store?: (db: Database, batch: readonly PendingSubmission[]) => Promise<StoredSubmission[]>;
}

interface Waiting {
  submission: PendingSubmission;
  keys: string[];
  resolve: (stored: StoredSubmission) => void;
  reject: (error: unknown) => void;
}

// How far down the queue a batch looks for submissions without a shared key: bounded, so a long
// queue of one seller's retries cannot make every batch scan all of it.
const SCAN_FACTOR = 4;

function keysOf({ input, photoIds }: PendingSubmission): string[] {
  return [
    `email:${input.email.toLowerCase()}`,
    `event:${input.meta_event_id}`,
    ...photoIds.map((id) => `photo:${id}`),
  ];
}

export function createLeadBatchWriter(db: Database, options: LeadBatchWriterOptions = {}): LeadBatchWriter {
  const maxInFlight = options.maxInFlight ?? 2;
  const maxBatch = options.maxBatch ?? 64;
  const store = options.store ?? storeSubmissions;
  const queue: Waiting[] = [];
  const busyKeys = new Set<string>();
  let inFlight = 0;
  let statements = 0;

  function takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const scanLimit = Math.min(queue.length, maxBatch * SCAN_FACTOR);
    for (let index = 0; index < scanLimit && batch.length < maxBatch; index += 1) {
      const waiting = queue[index];
      if (!waiting || waiting.keys.some((key) => busyKeys.has(key))) continue;
      batch.push(waiting);
      // Taken keys are busy from here on: later submissions sharing one wait for this batch.
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

  async function run(batch: readonly PendingSubmission[]): Promise<StoredSubmission[]> {
    statements += 1;
    return store(db, batch);
  }

  function settle(waiting: Waiting, stored: StoredSubmission | undefined) {
    if (stored) waiting.resolve(stored);
    else waiting.reject(new Error('The statement returned no result for a submission'));
  }

  async function execute(batch: Waiting[]): Promise<void> {
    try {
      const stored = await run(batch.map((waiting) => waiting.submission));
      batch.forEach((waiting, index) => settle(waiting, stored[index]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) {
        try {
          const [stored] = await run([waiting.submission]);
          settle(waiting, stored);
        } catch (alone) {
          waiting.reject(alone);
        }
      }
    }
  }

  function pump() {
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
    write(submission) {
      return new Promise<StoredSubmission>((resolve, reject) => {
        queue.push({ submission, keys: keysOf(submission), resolve, reject });
        pump();
      });
    },
    get statements() {
      return statements;
    },
  };
}
