import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { fileIncomingMessage, MAX_INCOMING_BODY_CHARS } from './conversation.ts';
import { getEnquiry } from '../enquiries/detail.ts';

describe('the seller side of the conversation', () => {
  const t = useTestDatabase();
  let enquiryId: string;

  beforeAll(async () => {
    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'olivia@example.com', full_name: 'Olivia Brown' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({ lead_id: lead.id, watch_brand: 'Rolex', watch_condition: 'Excellent' })
      .returning('id')
      .executeTakeFirstOrThrow();
    enquiryId = enquiry.id;
  });

  it('files an e-mailed reply once however often the provider delivers it', async () => {
    const reply = {
      enquiryId,
      source: 'email' as const,
      fromEmail: 'olivia@example.com',
      fromName: 'Olivia Brown',
      subject: 'Re: Your Rolex',
      bodyText: 'Thursday at 10 suits me.',
      bodyHtml: '<p>Thursday at 10 suits me.</p>',
      providerEmailId: 'inbound-1',
      receivedAt: new Date('2026-11-27T01:00:00Z'),
    };
    const first = await fileIncomingMessage(t.db, reply);
    const again = await fileIncomingMessage(t.db, { ...reply, bodyText: 'changed' });
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ id: first.id, duplicate: true });
    const rows = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select('body_text')
      .where('provider_email_id', '=', 'inbound-1')
      .execute();
    expect(rows).toEqual([{ body_text: 'Thursday at 10 suits me.' }]);
  });

  it('puts messages on the timeline, unread until read, with the sender', async () => {
    await fileIncomingMessage(t.db, {
      enquiryId,
      source: 'seller_page',
      fromEmail: null,
      fromName: 'Olivia Brown',
      subject: null,
      bodyText: 'Can I bring the box later?',
      bodyHtml: null,
      receivedAt: new Date('2026-11-27T02:00:00Z'),
    });
    const detail = await getEnquiry(t.db, enquiryId);
    const incoming = detail?.timeline.filter((entry) => entry.kind === 'incoming') ?? [];
    expect(incoming).toMatchObject([
      { source: 'email', from: 'Olivia Brown', subject: 'Re: Your Rolex', read: false },
      { source: 'seller_page', body: 'Can I bring the box later?', read: false },
    ]);
  });

  it('keeps a reply whose address names no enquiry, and cuts an endless body', async () => {
    const filed = await fileIncomingMessage(t.db, {
      enquiryId: null,
      source: 'email',
      fromEmail: 'someone@example.com',
      fromName: null,
      subject: 'Hello',
      bodyText: 'x'.repeat(MAX_INCOMING_BODY_CHARS + 10),
      bodyHtml: null,
      providerEmailId: 'inbound-2',
      replyToken: 'unknown-token',
    });
    const row = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select(['enquiry_id', 'reply_token', 'body_text'])
      .where('id', '=', filed.id)
      .executeTakeFirstOrThrow();
    expect(row.enquiry_id).toBeNull();
    expect(row.reply_token).toBe('unknown-token');
    expect(row.body_text.startsWith('x'.repeat(MAX_INCOMING_BODY_CHARS))).toBe(true);
    expect(row.body_text.endsWith('[…message shortened]')).toBe(true);
  });
});
