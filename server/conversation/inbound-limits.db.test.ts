import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { getEnquiry } from '../enquiries/detail.ts';
import { createResendInbound } from '../email/inbound-mail.ts';
import { MAX_REPLY_HTML_CHARS, REPLY_HTML_CUT_NOTE } from './inbound-body.ts';
import { useInboundServer } from '#test/support/inbound-server.ts';

// What one inbound message may bring at most (decision 068).
describe('bounds on replies e-mailed back onto the enquiry (decision 068)', () => {
  const t = useTestDatabase();
  const inbound = useInboundServer(t);
  const { logged, post, messagesOf } = inbound;

  it('never puts an e-mail id that is not a Resend id into a provider path (decision 068)', async () => {
    const { event } = inbound.fake.receive({
      from: 'a@example.com',
      to: [inbound.replyAddress],
      subject: 'x',
      text: 'x',
    });
    for (const emailId of ['abc/attachments?x=1', '../../emails', 'no-such-email', `${randomUUID()}/x`]) {
      const forged = { ...event, data: { ...(event as { data: object }).data, email_id: emailId } };
      const res = await post(forged);
      expect(res.statusCode, emailId).toBe(200);
      expect(res.json(), emailId).toEqual({ received: true, outcome: 'malformed' });
      expect(await messagesOf(emailId)).toHaveLength(0);
      expect(logged, emailId).toContainEqual(
        expect.objectContaining({ msg: 'inbound e-mail id is not a Resend id: not fetched', emailId }),
      );
    }
    expect(inbound.fake.requests).toEqual([]);
    // The Receiving API client refuses one too, whoever calls it.
    const client = createResendInbound({ apiKey: 're_test_key', baseUrl: inbound.fake.url });
    expect(await client.getEmail('abc/attachments?x=1')).toMatchObject({ ok: false, gone: true });
    expect(await client.listAttachments('../../emails')).toMatchObject({ ok: false, gone: true });
    expect(inbound.fake.requests).toEqual([]);
  });

  it('keeps at most 256 K characters of the HTML part, with a note of the cut (decision 068)', async () => {
    // 3,000,007 characters, as the probe sent; the text part is small.
    const html = `<p>${'word '.repeat(599_998)}</p><p>end</p>`;
    expect(html.length).toBe(3_000_007);
    const { id, event } = inbound.fake.receive({
      from: 'olivia@example.com',
      to: [inbound.replyAddress],
      subject: 'Long',
      text: 'A long letter.',
      html,
    });
    expect((await post(event)).json()).toMatchObject({ outcome: 'filed' });
    const [row] = await messagesOf(id);
    const stored = row?.body_html ?? '';
    expect(stored.length).toBeLessThanOrEqual(256 * 1024);
    expect(stored.length).toBeGreaterThan(250_000);
    expect(MAX_REPLY_HTML_CHARS).toBe(262_144);
    expect(stored.startsWith('<p>word word ')).toBe(true);
    // Cut at a word's tag boundary, the open paragraph closed, then the note.
    expect(stored.endsWith(`</p>${REPLY_HTML_CUT_NOTE}`)).toBe(true);
    expect(REPLY_HTML_CUT_NOTE).toBe('<p>[…message shortened: only its first 256 K characters are kept]</p>');
    expect(stored).not.toContain('<p>end</p>');
    expect(row?.body_text).toBe('A long letter.');
  });

  it('keeps at most 10 files of one message and names the refused ones on the timeline', async () => {
    const file = (n: number) => ({
      filename: `scan-${String(n).padStart(2, '0')}.pdf`,
      contentType: 'application/pdf',
      data: Buffer.alloc(200 * 1024, n),
    });
    const { id, event } = inbound.fake.receive({
      from: 'olivia@example.com',
      to: [inbound.replyAddress],
      subject: 'Scans',
      text: 'All the papers.',
      attachments: Array.from({ length: 60 }, (_, i) => file(i + 1)),
    });
    expect((await post(event)).json()).toMatchObject({ outcome: 'filed' });
    const [row] = await messagesOf(id);
    const attachments = await t.db
      .selectFrom('enquiry_incoming_attachments')
      .select(['filename', 'refused_reason', sql<number>`coalesce(octet_length(data), 0)`.as('stored')])
      .where('message_id', '=', row!.id)
      .orderBy('filename')
      .execute();
    expect(attachments).toHaveLength(60);
    const kept = attachments.filter((a) => a.refused_reason === null);
    expect(kept.map((a) => a.filename)).toEqual(Array.from({ length: 10 }, (_, i) => file(i + 1).filename));
    // 10 × 200 KB = 2,048,000 bytes stored, not 60 × 200 KB = 12,288,000.
    expect(attachments.reduce((sum, a) => sum + Number(a.stored), 0)).toBe(2_048_000);
    expect(new Set(attachments.filter((a) => a.refused_reason).map((a) => a.refused_reason))).toEqual(
      new Set(['more than 10 files in one message']),
    );
    // The refused ones were not downloaded.
    expect(inbound.fake.downloads).toHaveLength(10);
    const lines = (row?.body_text ?? '').split('\n\n');
    expect(lines[0]).toBe('All the papers.');
    expect(lines.slice(1)).toEqual(
      Array.from(
        { length: 50 },
        (_, i) =>
          `[attachment refused: scan-${String(i + 11).padStart(2, '0')}.pdf, more than 10 files in one message]`,
      ),
    );
    const detail = await getEnquiry(t.db, inbound.enquiryId);
    const entry = detail?.timeline.find((e) => e.kind === 'incoming' && e.messageId === row!.id);
    expect(entry).toMatchObject({ body: row?.body_text });
    const shown = entry?.kind === 'incoming' ? entry.attachments : [];
    expect(shown.filter((a) => a.refusedReason !== null)).toHaveLength(50);
    expect(shown.find((a) => a.filename === 'scan-60.pdf')).toMatchObject({
      refusedReason: 'more than 10 files in one message',
      downloadable: false,
    });
  });

  it('keeps at most 25 MB of files of one message (decision 068)', async () => {
    // Three files of 9 MB: the first two fit (18 MB), the third would make 27 MB.
    const nine = 9 * 1024 * 1024;
    const { id, event } = inbound.fake.receive({
      from: 'olivia@example.com',
      to: [inbound.replyAddress],
      subject: 'Big scans',
      text: 'Three big ones.',
      attachments: ['a.pdf', 'b.pdf', 'c.pdf'].map((filename) => ({
        filename,
        contentType: 'application/pdf',
        data: Buffer.alloc(nine, 1),
      })),
    });
    expect((await post(event)).json()).toMatchObject({ outcome: 'filed' });
    const [row] = await messagesOf(id);
    expect(row?.body_text).toBe(
      'Three big ones.\n\n[attachment refused: c.pdf, more than 25 MB of files in one message]',
    );
    const stored = await t.db
      .selectFrom('enquiry_incoming_attachments')
      .select(sql<string>`sum(coalesce(octet_length(data), 0))`.as('bytes'))
      .where('message_id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.bytes)).toBe(2 * nine);
    expect(inbound.fake.downloads).toHaveLength(2);
  });
});
