import type { Database } from '../db/database.ts';
import {
  type IncomingEvent,
  type PreparedEvent,
  prepareEvent,
  type RecordOutcome,
  recordEvents,
  recordPreparedEvent,
} from './apply-event.ts';

/**
 * Applies concurrent webhook deliveries together. A delivery arriving while fewer than
 * `maxInFlight` statements run is recorded at once, alone; the ones arriving meanwhile wait for a
 * slot and then go in one statement (up to `maxBatch`). So nothing is delayed on purpose, and under
 * load a campaign's counters row is written once per batch instead of once per event, which is
 * what a provider's burst for one campaign would otherwise queue on.
 *
 * Each delivery still gets its own answer, only after the statement that stored it committed. If a
 * batch fails, its events are retried one by one, so one bad event cannot fail the others. Events
 * that change a contact (suppression, complaint) take their own transaction.
 */
export interface EventRecorder {
  record(input: IncomingEvent): Promise<RecordOutcome>;
}

export interface RecorderOptions {
  maxBatch?: number;
  maxInFlight?: number;
}

interface Pending {
  event: PreparedEvent;
  resolve: (outcome: RecordOutcome) => void;
  reject: (error: unknown) => void;
}

export const DEFAULT_MAX_BATCH = 100;
// One statement at a time per process measured best (bench/webhook): a second one mostly waits for
// the first's campaign row lock anyway, and halves the batches (on a shared machine about 1,720
// vs 1,270 events/s).
export const DEFAULT_MAX_IN_FLIGHT = 1;

export function createEventRecorder(
  db: Database,
  { maxBatch = DEFAULT_MAX_BATCH, maxInFlight = DEFAULT_MAX_IN_FLIGHT }: RecorderOptions = {},
): EventRecorder {
  const queue: Pending[] = [];
  let inFlight = 0;

  async function flush(batch: Pending[]): Promise<void> {
    // A provider retry racing its original inside one batch: the first one decides, the rest are
    // duplicates of it.
    const firsts = new Map<string, Pending>();
    const repeats: Pending[] = [];
    for (const item of batch) {
      if (firsts.has(item.event.providerEventId)) repeats.push(item);
      else firsts.set(item.event.providerEventId, item);
    }
    const unique = [...firsts.values()];
    try {
      const outcomes = await recordEvents(
        db,
        unique.map((item) => item.event),
      );
      unique.forEach((item, i) => item.resolve(outcomes[i] ?? 'stored'));
      for (const item of repeats) item.resolve('duplicate');
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(
        batch.map((item) => recordPreparedEvent(db, item.event).then(item.resolve, item.reject)),
      );
    }
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight += 1;
      void flush(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    record(input) {
      const event = prepareEvent(input);
      if (event.effect?.suppress) return recordPreparedEvent(db, event);
      return new Promise<RecordOutcome>((resolve, reject) => {
        queue.push({ event, resolve, reject });
        pump();
      });
    },
  };
}
