import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { recordingJobQueue, testConfig } from '#test/support/services.ts';
import { fileIncomingMessage } from '../conversation/conversation.ts';
import { answerOffer } from '../seller-page/offer-answer.ts';
import { ENQUIRY_CHANGED_CHANNEL, parseEnquiryChange } from './enquiry-changed.ts';

// Decision 063: the seller's answer to an offer and a message filed on an enquiry are announced on
// `enquiry_changed` from their own transaction, so a listener hears them once they commit, never
// before and never for a change rolled back.

describe('enquiry changes announced with NOTIFY', () => {
  const t = useTestDatabase();
  let listener: pg.Client;
  const heard: string[] = [];

  async function enquiryWithOffer(email: string): Promise<{ enquiryId: string; offerId: string }> {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Olivia Brown' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        watch_brand: 'Rolex',
        watch_model: 'Datejust',
        watch_condition: 'Excellent',
        status: 'offer_made',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const offer = await t.db
      .insertInto('enquiry_offers')
      .values({ enquiry_id: enquiry.id, amount_cents: 980_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { enquiryId: enquiry.id, offerId: offer.id };
  }

  /** Waits for the notifications so far to arrive (they follow the commit on another connection). */
  async function settle(): Promise<string[]> {
    await listener.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    return [...heard];
  }

  beforeAll(async () => {
    listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.channel === ENQUIRY_CHANGED_CHANNEL && message.payload) heard.push(message.payload);
    });
    await listener.query(`LISTEN ${ENQUIRY_CHANGED_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
  });

  it('a listener hears the seller accept an offer, after the commit only', async () => {
    const { enquiryId, offerId } = await enquiryWithOffer('olivia.live@example.com');
    heard.length = 0;
    const services = { jobs: recordingJobQueue(), config: testConfig() };
    await t.db.transaction().execute(async (trx) => {
      const result = await answerOffer(
        trx,
        services,
        { enquiryId, offerId, answer: { kind: 'accepted', typedName: 'Olivia Brown' } },
        { ip: null, userAgent: null },
      );
      expect(result).toEqual({ status: 'ok' });
      // Not yet committed: nothing told.
      expect(await settle()).toEqual([]);
    });
    const payloads = await settle();
    expect(payloads).toEqual([`offer_accepted:${enquiryId}`]);
    expect(parseEnquiryChange(payloads[0]!)).toEqual({ kind: 'offer_accepted', enquiryId });
  });

  it('a filed message is heard; a rolled-back one and unmatched mail are not', async () => {
    const { enquiryId } = await enquiryWithOffer('olivia.message@example.com');
    heard.length = 0;
    const message = {
      source: 'seller_page' as const,
      fromEmail: null,
      fromName: 'Olivia Brown',
      subject: null,
      bodyText: 'Can I bring the box later?',
      bodyHtml: null,
    };
    await t.db
      .transaction()
      .execute(async (trx) => {
        await fileIncomingMessage(trx, { ...message, enquiryId });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await fileIncomingMessage(t.db, { ...message, enquiryId: null });
    expect(await settle()).toEqual([]);
    await fileIncomingMessage(t.db, { ...message, enquiryId });
    expect(await settle()).toEqual([`incoming_message:${enquiryId}`]);
    expect(parseEnquiryChange('something else')).toBeNull();
  });
});
