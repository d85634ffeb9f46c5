import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { createUploadStorage, newStorageKey, type UploadStorage } from '../uploads/storage.ts';
import { runEnquiryRetention } from './retention.ts';
import { daysAgo } from '#test/support/time.ts';

const NOW = new Date('2026-09-01T00:00:00Z');

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
        closed_at: closedDaysAgo === null ? null : daysAgo(closedDaysAgo, NOW),
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
    // The seller's side (decisions 059, 060, 062): an answer to the offer, an e-mailed reply with a
    // private file and an image (a photo of the enquiry), its stored webhook event, and a kit.
    const offer = await t.db
      .selectFrom('enquiry_offers')
      .select('id')
      .where('enquiry_id', '=', row.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('offer_responses')
      .values({
        offer_id: offer.id,
        enquiry_id: row.id,
        response: 'accepted',
        typed_name: 'Mosman Seller',
        terms_version: '2026-11',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Mosman)',
      })
      .execute();
    const emailId = `inbound-${row.id}`;
    const message = await t.db
      .insertInto('enquiry_incoming_messages')
      .values({
        enquiry_id: row.id,
        source: 'email',
        from_email: 'seller@example.com',
        from_name: 'Seller of Mosman',
        subject: 'Re: Your Tudor',
        body_text: 'My licence is attached, I live in Mosman',
        body_html: '<p>My licence is attached, I live in Mosman</p>',
        provider_email_id: emailId,
        dismiss_reason: 'Thought it was from Mosman spam',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const imageKey = newStorageKey('jpg');
    await storage.current.put(imageKey, Buffer.from('jpeg'), 'image/jpeg');
    const image = await t.db
      .insertInto('uploads')
      .values({
        driver: 'local',
        storage_key: imageKey,
        content_type: 'image/jpeg',
        bytes: 4,
        sha256: 'y',
        // Filing links it to the enquiry; this one lost that race and is known by its attachment.
        enquiry_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('enquiry_incoming_attachments')
      .values([
        {
          message_id: message.id,
          filename: 'licence-mosman.pdf',
          content_type: 'application/pdf',
          bytes: 7,
          data: Buffer.from('%PDF-id'),
        },
        {
          message_id: message.id,
          filename: 'watch.jpg',
          content_type: 'image/jpeg',
          bytes: 4,
          upload_id: image.id,
        },
      ])
      .execute();
    await t.db
      .insertInto('email_events')
      .values({
        provider_event_id: `evt-${row.id}`,
        type: 'email.received',
        provider_message_id: emailId,
        payload: JSON.stringify({
          type: 'email.received',
          created_at: '2026-05-01T00:00:00Z',
          data: {
            email_id: emailId,
            created_at: '2026-05-01T00:00:00Z',
            from: 'Seller of Mosman <seller@example.com>',
            to: ['reply@example.com'],
            subject: 'Re: Your Tudor',
            attachments: [{ filename: 'licence-mosman.pdf' }],
          },
        }),
      })
      .execute();
    await t.db
      .insertInto('shipping_kit_requests')
      .values({
        enquiry_id: row.id,
        recipient_name: 'Mosman Seller',
        address_line1: '12 Raglan St',
        address_line2: 'Unit 3, Mosman',
        suburb: 'Mosman',
        state: 'NSW',
        postcode: '2088',
        phone: '0400 000 000',
      })
      .execute();
    return { id: row.id, key, imageKey, messageId: message.id };
  }

  /** Everything the seller's journey stored about one enquiry, as the test reads it back. */
  async function sellerSide(id: string) {
    const response = await t.db
      .selectFrom('offer_responses')
      .select(['response', 'typed_name', 'reason', 'terms_version', 'ip', 'user_agent', 'responded_at'])
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();
    const message = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select([
        'from_email',
        'from_name',
        'subject',
        'body_text',
        'body_html',
        'dismiss_reason',
        'received_at',
        'provider_email_id',
      ])
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();
    const attachments = await t.db
      .selectFrom('enquiry_incoming_attachments as a')
      .innerJoin('enquiry_incoming_messages as m', 'm.id', 'a.message_id')
      .select(['a.filename', 'a.data', 'a.upload_id'])
      .where('m.enquiry_id', '=', id)
      .orderBy('a.filename')
      .execute();
    const event = await t.db
      .selectFrom('email_events')
      .select('payload')
      .where('provider_message_id', '=', message.provider_email_id)
      .executeTakeFirstOrThrow();
    const kit = await t.db
      .selectFrom('shipping_kit_requests')
      .select(['recipient_name', 'address_line1', 'address_line2', 'suburb', 'state', 'postcode', 'phone'])
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();
    return { response, message, attachments, event: event.payload, kit };
  }

  it('removes photos (and files) and free text only of enquiries closed longer than the setting', async () => {
    await t.db.updateTable('settings').set({ enquiry_retention_days: 90 }).execute();
    const lost = await enquiry('lost', 91);
    const spam = await enquiry('spam', 200);
    const recentlyDeclined = await enquiry('declined', 89);
    const purchased = await enquiry('purchased', null);
    const open = await enquiry('contacted', null);

    const report = await runEnquiryRetention({ db: t.db, logger }, storage, NOW);
    expect(report).toEqual({
      enquiries: 2,
      photos: 4,
      notes: 2,
      reasons: 2,
      offers: 2,
      replies: 2,
      incomingMessages: 2,
      attachments: 4,
      inboundEvents: 2,
      offerResponses: 2,
      shippingKits: 2,
      dismissedMail: 0,
    });

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

      // The seller's side keeps its record (who answered what, when; which address wrote, about
      // what, when; where a kit went, roughly) and loses what they typed, their signature, device
      // and address lines, and every attachment (the image's file too).
      const side = await sellerSide(gone.id);
      expect(side.response).toEqual({
        response: 'accepted',
        typed_name: '',
        reason: null,
        terms_version: '2026-11',
        ip: null,
        user_agent: null,
        responded_at: expect.any(Date) as Date,
      });
      expect(side.message).toEqual({
        from_email: 'seller@example.com',
        from_name: null,
        subject: 'Re: Your Tudor',
        body_text: '',
        body_html: null,
        dismiss_reason: null,
        received_at: expect.any(Date) as Date,
        provider_email_id: `inbound-${gone.id}`,
      });
      expect(side.attachments).toEqual([]);
      expect(await storage.current.get(gone.imageKey)).toBeNull();
      expect(side.event).toEqual({
        type: 'email.received',
        created_at: '2026-05-01T00:00:00Z',
        data: { email_id: `inbound-${gone.id}`, created_at: '2026-05-01T00:00:00Z' },
      });
      expect(side.kit).toEqual({
        recipient_name: '',
        address_line1: '',
        address_line2: null,
        suburb: 'Mosman',
        state: 'NSW',
        postcode: '2088',
        phone: null,
      });
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
      const side = await sellerSide(kept.id);
      expect(side.response).toMatchObject({
        typed_name: 'Mosman Seller',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Mosman)',
      });
      expect(side.message).toMatchObject({
        from_name: 'Seller of Mosman',
        body_text: expect.stringContaining('Mosman') as string,
        body_html: expect.stringContaining('Mosman') as string,
        dismiss_reason: expect.stringContaining('Mosman') as string,
      });
      expect(side.attachments.map((a) => a.filename)).toEqual(['licence-mosman.pdf', 'watch.jpg']);
      expect(side.attachments[0]?.data).toEqual(Buffer.from('%PDF-id'));
      expect(side.attachments[1]?.upload_id).not.toBeNull();
      expect(await storage.current.get(kept.imageKey)).not.toBeNull();
      expect(JSON.stringify(side.event)).toContain('licence-mosman.pdf');
      expect(side.kit).toMatchObject({
        recipient_name: 'Mosman Seller',
        address_line1: '12 Raglan St',
        address_line2: 'Unit 3, Mosman',
        phone: '0400 000 000',
      });
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      enquiries: expect.arrayContaining([lost.id, spam.id]) as string[],
      notes: 2,
      incomingMessages: 2,
      attachments: 4,
      inboundEvents: 2,
      offerResponses: 2,
      shippingKits: 2,
    });
    expect(JSON.stringify(logged)).not.toContain('Mosman');

    // Idempotent: the next run finds nothing and changes nothing.
    const before = await Promise.all([lost, spam, recentlyDeclined, purchased].map((e) => sellerSide(e.id)));
    expect(await runEnquiryRetention({ db: t.db, logger }, storage, NOW)).toEqual({
      enquiries: 0,
      photos: 0,
      notes: 0,
      reasons: 0,
      offers: 0,
      replies: 0,
      incomingMessages: 0,
      attachments: 0,
      inboundEvents: 0,
      offerResponses: 0,
      shippingKits: 0,
      dismissedMail: 0,
    });
    expect(await Promise.all([lost, spam, recentlyDeclined, purchased].map((e) => sellerSide(e.id)))).toEqual(
      before,
    );
  });
  it('deletes unmatched mail dismissed longer than the setting; mail still on the list stays', async () => {
    await t.db.updateTable('settings').set({ enquiry_retention_days: 90 }).execute();
    async function unmatched(label: string, dismissedDaysAgo: number | null) {
      const emailId = `unmatched-${label}`;
      const message = await t.db
        .insertInto('enquiry_incoming_messages')
        .values({
          source: 'email',
          from_email: `${label}@example.com`,
          from_name: 'Stranger in Mosman',
          subject: 'Selling my Omega',
          body_text: 'My passport is attached, Mosman',
          provider_email_id: emailId,
          received_at: daysAgo(300, NOW),
          dismissed_at: dismissedDaysAgo === null ? null : daysAgo(dismissedDaysAgo, NOW),
          dismiss_reason: dismissedDaysAgo === null ? null : 'Not for us',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('enquiry_incoming_attachments')
        .values({
          message_id: message.id,
          filename: 'passport.pdf',
          content_type: 'application/pdf',
          bytes: 7,
          data: Buffer.from('%PDF-id'),
        })
        .execute();
      await t.db
        .insertInto('email_events')
        .values({
          provider_event_id: `evt-${emailId}`,
          type: 'email.received',
          provider_message_id: emailId,
          payload: JSON.stringify({
            type: 'email.received',
            created_at: '2026-01-01T00:00:00Z',
            data: { email_id: emailId, from: `${label}@example.com`, subject: 'Selling my Omega' },
          }),
        })
        .execute();
      return { id: message.id, emailId };
    }
    const old = await unmatched('old-dismissal', 91);
    const recent = await unmatched('recent-dismissal', 89);
    const waiting = await unmatched('waiting', null);
    logged.length = 0;

    const report = await runEnquiryRetention({ db: t.db, logger }, storage, NOW);
    expect(report).toMatchObject({ enquiries: 0, dismissedMail: 1, attachments: 1, inboundEvents: 1 });

    const left = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select('id')
      .where('enquiry_id', 'is', null)
      .execute();
    expect(left.map((m) => m.id).sort()).toEqual([recent.id, waiting.id].sort());
    expect(
      await t.db
        .selectFrom('enquiry_incoming_attachments')
        .select('message_id')
        .where('message_id', '=', old.id)
        .execute(),
    ).toEqual([]);
    const events = await t.db
      .selectFrom('email_events')
      .select(['provider_message_id', 'payload'])
      .where('provider_message_id', 'in', [old.emailId, recent.emailId, waiting.emailId])
      .orderBy('provider_message_id')
      .execute();
    expect(
      events.map((e) => [e.provider_message_id, JSON.stringify(e.payload).includes('@example.com')]),
    ).toEqual([
      [old.emailId, false],
      [recent.emailId, true],
      [waiting.emailId, true],
    ]);
    expect(JSON.stringify(logged)).not.toContain('Mosman');
    expect(JSON.stringify(logged)).not.toContain('@example.com');

    expect(await runEnquiryRetention({ db: t.db, logger }, storage, NOW)).toMatchObject({
      dismissedMail: 0,
      attachments: 0,
      inboundEvents: 0,
    });
  });
});
