import { describe, expect, it } from 'vitest';
import type { LeadSubmit } from '#shared/leads/schema.ts';
import type { Database } from '../db/database.ts';
import { createLeadBatchWriter } from './batch-writer.ts';
import type { PendingSubmission, StoredSubmission } from './store.ts';

function submission(
  id: string,
  overrides: Partial<LeadSubmit> = {},
  photoIds: string[] = [],
): PendingSubmission {
  const input = {
    fullName: 'Jane Citizen',
    email: `${id}@example.com`,
    phone: '0412 345 678',
    watchBrand: 'Rolex',
    watchModel: null,
    watchYear: null,
    watchCondition: 'Excellent - Like new',
    hasBox: false,
    hasPapers: false,
    additionalDetails: null,
    emailMarketingConsent: false,
    smsMarketingConsent: false,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
    meta_event_id: `evt_${id}`,
    photo_upload_ids: photoIds,
    ...overrides,
  } satisfies LeadSubmit;
  return { input, photoIds, request: { ip: '192.0.2.1', userAgent: null }, now: new Date() };
}

/**
 * A statement that waits until the test lets it finish, recording which submissions it carried
 * (by event id) and which ran at the same time.
 */
function controlledStore() {
  const statements: Array<{ events: string[]; finish: (error?: Error) => void }> = [];
  let running = 0;
  let mostAtOnce = 0;
  const store = (_db: Database, batch: readonly PendingSubmission[]): Promise<StoredSubmission[]> => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise((resolve, reject) => {
      statements.push({
        events: batch.map((s) => s.input.meta_event_id),
        finish: (error) => {
          running -= 1;
          if (error) reject(error);
          else
            resolve(
              batch.map((s) => ({
                enquiryId: `enquiry-${s.input.meta_event_id}`,
                leadId: 'lead',
                photosReady: true,
                confirmationRequested: false,
              })),
            );
        },
      });
    });
  };
  return {
    store,
    statements,
    mostAtOnce: () => mostAtOnce,
    /** Lets the oldest unfinished statement finish, then waits for the writer to react. */
    async finishNext(error?: Error) {
      const next = statements.find((s) => !('done' in s));
      if (!next) throw new Error('no statement is running');
      Object.assign(next, { done: true });
      next.finish(error);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const db = {} as Database;

describe('lead batch writer', () => {
  it('writes a submission at once, alone, while a slot is free', async () => {
    const control = controlledStore();
    const writer = createLeadBatchWriter(db, { maxInFlight: 2, store: control.store });
    const first = writer.write(submission('a'));
    const second = writer.write(submission('b'));
    expect(control.statements.map((s) => s.events)).toEqual([['evt_a'], ['evt_b']]);
    await control.finishNext();
    await control.finishNext();
    expect(await first).toEqual({
      enquiryId: 'enquiry-evt_a',
      leadId: 'lead',
      photosReady: true,
      confirmationRequested: false,
    });
    expect((await second).enquiryId).toBe('enquiry-evt_b');
    expect(writer.statements).toBe(2);
  });

  it('sends what arrives while every slot is busy in one statement, in arrival order, up to maxBatch', async () => {
    const control = controlledStore();
    const writer = createLeadBatchWriter(db, { maxInFlight: 1, maxBatch: 3, store: control.store });
    const writes = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => writer.write(submission(id)));
    expect(control.statements.map((s) => s.events)).toEqual([['evt_a']]);
    await control.finishNext();
    expect(control.statements.map((s) => s.events)).toEqual([['evt_a'], ['evt_b', 'evt_c', 'evt_d']]);
    await control.finishNext();
    await control.finishNext();
    expect(control.statements.map((s) => s.events).slice(2)).toEqual([['evt_e', 'evt_f']]);
    const results = await Promise.all(writes);
    expect(results.map((r) => r.enquiryId)).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => `enquiry-evt_${id}`),
    );
    expect(control.mostAtOnce()).toBe(1);
  });

  it('never lets submissions sharing an e-mail, an event id or a photo run together', async () => {
    const control = controlledStore();
    const writer = createLeadBatchWriter(db, { maxInFlight: 4, store: control.store });
    const writes = [
      writer.write(submission('a', {}, ['photo-1'])),
      // The same seller in other case, the same event id, the same photo: each waits for 'a'.
      writer.write(submission('b', { email: 'A@EXAMPLE.COM' })),
      writer.write(submission('c', { meta_event_id: 'evt_a' })),
      writer.write(submission('d', {}, ['photo-1'])),
      writer.write(submission('e')),
    ];
    expect(control.statements.map((s) => s.events)).toEqual([['evt_a'], ['evt_e']]);
    await control.finishNext();
    // Freed by 'a', the three share nothing with each other: they go together.
    expect(control.statements.slice(2).map((s) => s.events)).toEqual([['evt_b', 'evt_a', 'evt_d']]);
    await control.finishNext();
    await control.finishNext();
    await Promise.all(writes);
  });

  it('keeps a later twin out of a batch that holds the first', async () => {
    const control = controlledStore();
    const writer = createLeadBatchWriter(db, { maxInFlight: 1, store: control.store });
    const writes = [
      writer.write(submission('a')),
      writer.write(submission('b')),
      writer.write(submission('c', { meta_event_id: 'evt_b' })),
      writer.write(submission('d')),
    ];
    await control.finishNext();
    expect(control.statements[1]?.events).toEqual(['evt_b', 'evt_d']);
    await control.finishNext();
    expect(control.statements[2]?.events).toEqual(['evt_b']);
    await control.finishNext();
    await Promise.all(writes);
  });

  it('retries each submission of a failed batch alone: only the one refused fails', async () => {
    const control = controlledStore();
    const writer = createLeadBatchWriter(db, { maxInFlight: 1, store: control.store });
    const first = writer.write(submission('a'));
    const batched = ['b', 'c', 'd'].map((id) => writer.write(submission(id)));
    const outcomes = Promise.allSettled(batched);
    await control.finishNext();
    await control.finishNext(new Error('refused'));
    await control.finishNext();
    await control.finishNext(new Error('refused c'));
    await control.finishNext();
    expect(control.statements.map((s) => s.events)).toEqual([
      ['evt_a'],
      ['evt_b', 'evt_c', 'evt_d'],
      ['evt_b'],
      ['evt_c'],
      ['evt_d'],
    ]);
    const settled = await outcomes;
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(settled[1]).toMatchObject({ reason: new Error('refused c') });
    expect((await first).enquiryId).toBe('enquiry-evt_a');
  });

  it('fails a submission written alone with the statement error, without retrying it', async () => {
    const control = controlledStore();
    const writer = createLeadBatchWriter(db, { store: control.store });
    const failed = expect(writer.write(submission('a'))).rejects.toThrow('connection lost');
    await control.finishNext(new Error('connection lost'));
    await failed;
    expect(writer.statements).toBe(1);
    // The slot and the keys are free again.
    const again = writer.write(submission('a'));
    await control.finishNext();
    expect((await again).enquiryId).toBe('enquiry-evt_a');
  });
});
