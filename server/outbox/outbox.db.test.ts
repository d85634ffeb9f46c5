import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { getOutboxEmail, listOutboxEmails } from './outbox.ts';

describe('outbox reading', () => {
  const t = useTestDatabase();
  // One database serves every test here: each test starts from an empty outbox.
  beforeEach(async () => {
    await t.db.deleteFrom('outbox_emails').execute();
  });

  async function sendMany(count: number) {
    const services = testServices(t.db);
    for (let i = 1; i <= count; i++) {
      await services.email.send({
        from: 'Sterling <hello@example.com>',
        to: [`seller${i}@example.com`],
        subject: i % 2 === 0 ? `Your valuation ${i}` : `Campaign news ${i}`,
        html: `<p>Hello ${i}</p>`,
      });
    }
  }

  it('pages newest first with a count that matches the rows, and serves a page past the end as the last', async () => {
    await sendMany(45);
    const first = await listOutboxEmails(t.db, { page: 1, pageSize: 20 });
    expect(first).toMatchObject({ totalCount: 45, totalPages: 3, page: 1 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]?.subject).toBe('Campaign news 45');

    const last = await listOutboxEmails(t.db, { page: 3, pageSize: 20 });
    expect(last.rows.map((row) => row.subject).at(-1)).toBe('Campaign news 1');
    expect(last.rows).toHaveLength(5);
    const seen = new Set(
      [...first.rows, ...(await listOutboxEmails(t.db, { page: 2, pageSize: 20 })).rows, ...last.rows].map(
        (row) => row.id,
      ),
    );
    expect(seen.size).toBe(45);

    const beyond = await listOutboxEmails(t.db, { page: 99, pageSize: 20 });
    expect(beyond.page).toBe(3);
    expect(beyond.rows).toEqual(last.rows);
  });

  it('searches recipients and subjects case-insensitively, treating % and _ literally', async () => {
    await sendMany(12);
    const bySubject = await listOutboxEmails(t.db, { page: 1, pageSize: 20, search: 'VALUATION' });
    expect(bySubject.totalCount).toBe(6);
    expect(bySubject.rows.every((row) => row.subject.startsWith('Your valuation'))).toBe(true);
    const byRecipient = await listOutboxEmails(t.db, { page: 1, pageSize: 20, search: 'seller11@' });
    expect(byRecipient.rows.map((row) => row.to)).toEqual([['seller11@example.com']]);
    const literal = await listOutboxEmails(t.db, { page: 1, pageSize: 20, search: '%' });
    expect(literal).toMatchObject({ totalCount: 0, totalPages: 0, rows: [] });
  });

  it('opens one e-mail with its headers, tags, text part and links', async () => {
    const services = testServices(t.db);
    await services.email.send({
      from: 'Sterling <hello@example.com>',
      to: ['olivia@example.com'],
      replyTo: 'team@example.com',
      subject: 'Olivia, your Rolex',
      html: '<p><a href="https://example.com/valuation?id=7">Get your valuation</a> · <a href="https://example.com/u/abc">Unsubscribe</a></p>',
      text: 'Get your valuation: https://example.com/valuation?id=7',
      headers: { 'List-Unsubscribe': '<https://example.com/u/abc>' },
      tags: [{ name: 'campaign_id', value: 'c1' }],
    });
    const [summary] = (await listOutboxEmails(t.db, { page: 1, pageSize: 20 })).rows;
    const detail = await getOutboxEmail(t.db, summary?.id ?? '');
    expect(detail).toMatchObject({
      to: ['olivia@example.com'],
      replyTo: 'team@example.com',
      subject: 'Olivia, your Rolex',
      text: 'Get your valuation: https://example.com/valuation?id=7',
      headers: { 'List-Unsubscribe': '<https://example.com/u/abc>' },
      tags: [{ name: 'campaign_id', value: 'c1' }],
      links: [
        { href: 'https://example.com/valuation?id=7', text: 'Get your valuation' },
        { href: 'https://example.com/u/abc', text: 'Unsubscribe' },
      ],
    });
    expect(await getOutboxEmail(t.db, '00000000-0000-4000-8000-00000000ffff')).toBeNull();
  });
});
