import type { Database } from '../db/database.ts';
import { createMicroBatcher } from '../db/micro-batch.ts';
import { type PendingSubmission, type StoredSubmission, storeSubmissions } from './store.ts';

/**
 * Writes sell-form submissions in micro-batches (db/micro-batch.ts, bench/lead-submit).
 * Submissions that share an e-mail (case-insensitively), an event id or a photo never go in the
 * same statement, nor in two statements at once: the upsert may not touch one row twice, and a
 * double-click or a retry must find the first enquiry.
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

function keysOf({ input, photoIds }: PendingSubmission): string[] {
  return [
    `email:${input.email.toLowerCase()}`,
    `event:${input.meta_event_id}`,
    ...photoIds.map((id) => `photo:${id}`),
  ];
}

export function createLeadBatchWriter(db: Database, options: LeadBatchWriterOptions = {}): LeadBatchWriter {
  const store = options.store ?? storeSubmissions;
  const batcher = createMicroBatcher<PendingSubmission, StoredSubmission>({
    maxInFlight: options.maxInFlight ?? 2,
    maxBatch: options.maxBatch ?? 64,
    keysOf,
    run: (batch) => store(db, batch),
  });
  return {
    write: (submission) => batcher.submit(submission),
    get statements() {
      return batcher.statements;
    },
  };
}
