import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { createUploadStorage, newStorageKey, type UploadStorage } from '../uploads/storage.ts';
import { runEnquiryRetention } from './retention.ts';

const NOW = new Date('2026-09-01T00:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe('enquiry retention', () => {
  const t = useTestDatabase();
  let dataDir: string;
  let storage: UploadStorage;
  const logged: unknown[] = [];
  const logger = { info: (obj: unknown) => void logged.push(obj) };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'retention-test-'));
    storage = createUploadStorage({ dataDir, uploadthingToken: null });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function enquiry(status: EnquiryStatus, closedDaysAgo: number | null) {
    const contact = await t.db
      .insertInto('leads')
      .values({ email: `r-${Math.random().toString(36).slice(2)}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        watch_brand: 'Tudor',
        watch_condition: 'Good',
        additional_details: 'My grandfather’s watch, call me on 0400 000 000',
        status,
        closed_at: closedDaysAgo === null ? null : daysAgo(closedDaysAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = newStorageKey('jpg');
    await storage.current.put(key, Buffer.from('jpeg'), 'image/jpeg');
    await t.db
      .insertInto('uploads')
      .values({
        driver: 'local',
        storage_key: key,
        content_type: 'image/jpeg',
        bytes: 4,
        sha256: 'x',
        enquiry_id: row.id,
      })
      .execute();
    await t.db
      .insertInto('enquiry_events')
      .values({ enquiry_id: row.id, kind: 'note', body: 'Seller lives in Mosman' })
      .execute();
    await t.db
      .insertInto('enquiry_events')
      .values({
        enquiry_id: row.id,
        kind: 'status',
        from_status: 'new',
        to_status: status,
        reason: 'Sold it to a neighbour in Mosman',
      })
      .execute();
    await t.db
      .insertInto('enquiry_offers')
      .values({
        enquiry_id: row.id,
        amount_cents: 1_250_000,
        valid_until: '2026-10-01',
        conditions: 'Subject to inspection at 12 Raglan St, Mosman',
      })
      .execute();
    await t.db
      .insertInto('enquiry_messages')
      .values({
        enquiry_id: row.id,
        to_email: 'seller@example.com',
        subject: 'Your Tudor',
        html: '<p>Dear seller in Mosman, our offer stands.</p>',
        idempotency_key: `retention-${row.id}`,
      })
      .execute();
    return { id: row.id, key };
  }

  it('removes photos (and files) and free text only of enquiries closed longer than the setting', async () => {
    await t.db.updateTable('settings').set({ enquiry_retention_days: 90 }).execute();
    const lost = await enquiry('lost', 91);
    const spam = await enquiry('spam', 200);
    const recentlyDeclined = await enquiry('declined', 89);
    const purchased = await enquiry('purchased', null);
    const open = await enquiry('contacted', null);

    const report = await runEnquiryRetention({ db: t.db, logger }, storage, NOW);
    expect(report).toEqual({ enquiries: 2, photos: 2, notes: 2, reasons: 2, offers: 2, replies: 2 });

    for (const gone of [lost, spam]) {
      const row = await t.db
        .selectFrom('enquiries')
        .select(['additional_details', 'redacted_at', 'status'])
        .where('id', '=', gone.id)
        .executeTakeFirstOrThrow();
      expect(row.additional_details).toBeNull();
      expect(row.redacted_at).toEqual(NOW);
      expect(await storage.current.get(gone.key)).toBeNull();
      expect(
        await t.db.selectFrom('uploads').where('enquiry_id', '=', gone.id).select('id').execute(),
      ).toEqual([]);
      const events = await t.db
        .selectFrom('enquiry_events')
        .select(['kind', 'body', 'reason', 'to_status'])
        .where('enquiry_id', '=', gone.id)
        .orderBy('kind')
        .execute();
      // The record of what happened stays; what anyone typed goes.
      expect(events).toEqual([
        { kind: 'note', body: null, reason: null, to_status: null },
        { kind: 'status', body: null, reason: null, to_status: expect.any(String) as string },
      ]);
      const offer = await t.db
        .selectFrom('enquiry_offers')
        .select(['amount_cents', 'conditions'])
        .where('enquiry_id', '=', gone.id)
        .executeTakeFirstOrThrow();
      expect(offer).toEqual({ amount_cents: 1_250_000, conditions: null });
      const reply = await t.db
        .selectFrom('enquiry_messages')
        .select(['subject', 'html'])
        .where('enquiry_id', '=', gone.id)
        .executeTakeFirstOrThrow();
      expect(reply).toEqual({ subject: 'Your Tudor', html: null });
    }
    for (const kept of [recentlyDeclined, purchased, open]) {
      const row = await t.db
        .selectFrom('enquiries')
        .select(['additional_details', 'redacted_at'])
        .where('id', '=', kept.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ additional_details: expect.any(String) as string, redacted_at: null });
      expect(await storage.current.get(kept.key)).not.toBeNull();
      const texts = await t.db
        .selectFrom('enquiries as e')
        .innerJoin('enquiry_offers as o', 'o.enquiry_id', 'e.id')
        .innerJoin('enquiry_messages as m', 'm.enquiry_id', 'e.id')
        .select(['o.conditions', 'm.html'])
        .where('e.id', '=', kept.id)
        .executeTakeFirstOrThrow();
      expect(texts.conditions).toContain('Mosman');
      expect(texts.html).toContain('Mosman');
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      enquiries: expect.arrayContaining([lost.id, spam.id]) as string[],
      notes: 2,
    });
    expect(JSON.stringify(logged)).not.toContain('Mosman');

    // Idempotent: the next run finds nothing.
    expect(await runEnquiryRetention({ db: t.db, logger }, storage, NOW)).toEqual({
      enquiries: 0,
      photos: 0,
      notes: 0,
      reasons: 0,
      offers: 0,
      replies: 0,
    });
  });
});
