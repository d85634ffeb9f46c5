import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createEmailTransport } from './transport.ts';

describe('outbox transport (no RESEND_API_KEY)', () => {
  const t = useTestDatabase();

  it('is the transport chosen when no provider key is configured', () => {
    expect(createEmailTransport({}, t.db).kind).toBe('outbox');
    expect(createEmailTransport({ RESEND_API_KEY: 're_123' }, t.db).kind).toBe('resend');
  });

  it('keeps every e-mail in outbox_emails with its headers and tags', async () => {
    const transport = createOutboxTransport(t.db);
    const result = await transport.send(
      {
        from: 'Shop <shop@example.com>',
        to: ['seller@example.com'],
        replyTo: 'help@example.com',
        subject: 'We received your enquiry',
        html: '<p>Thanks</p>',
        text: 'Thanks',
        headers: { 'X-Entity-Ref-ID': 'abc' },
        tags: [{ name: 'kind', value: 'ack' }],
      },
      { idempotencyKey: 'ack-1' },
    );
    expect(result.ok).toBe(true);
    const rows = await t.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('idempotency_key', '=', 'ack-1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to_addresses: ['seller@example.com'],
      from_address: 'Shop <shop@example.com>',
      reply_to: 'help@example.com',
      subject: 'We received your enquiry',
      html: '<p>Thanks</p>',
      text_body: 'Thanks',
      headers: { 'X-Entity-Ref-ID': 'abc' },
      tags: [{ name: 'kind', value: 'ack' }],
    });
    if (result.ok) expect(result.id).toBe(`outbox_${rows[0]?.id}`);
  });

  it('honours idempotency keys like the provider: a retry stores nothing new', async () => {
    const transport = createOutboxTransport(t.db);
    const msg = { from: 'a@example.com', to: ['b@example.com'], subject: 'Once', html: '<p>x</p>' };
    const first = await transport.send(msg, { idempotencyKey: 'once' });
    const second = await transport.send(msg, { idempotencyKey: 'once' });
    expect(first).toEqual(second);
    const batch1 = await transport.sendBatch([msg, { ...msg, to: ['c@example.com'] }], {
      idempotencyKey: 'b1',
    });
    const batch2 = await transport.sendBatch([msg, { ...msg, to: ['c@example.com'] }], {
      idempotencyKey: 'b1',
    });
    expect(batch1).toEqual(batch2);
    const { count } = await t.db
      .selectFrom('outbox_emails')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('idempotency_key', 'in', ['once', 'b1#0', 'b1#1'])
      .executeTakeFirstOrThrow();
    expect(count).toBe(3);
  });
});
