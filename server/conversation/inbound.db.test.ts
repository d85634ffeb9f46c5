import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { newSvixId, newWebhookSecret, svixHeaders } from '#test/support/resend-webhooks.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { AppServices } from '../services.ts';
import { uploadStorageFor } from '../uploads/entry.ts';
import { getEnquiry } from '../enquiries/detail.ts';
import { createResendInbound } from '../email/inbound-mail.ts';
import { RESEND_WEBHOOK_PATH } from '../email-events/resend-route.ts';
import { MAX_REPLY_HTML_CHARS, REPLY_HTML_CUT_NOTE } from './inbound-body.ts';
import { enquiryReplyTo, replyToken } from './reply-address.ts';

const SECRET = newWebhookSecret();
const DOMAIN = 'reply.example.com.au';

describe('replies e-mailed back onto the enquiry (decision 060)', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let server: AppServer;
  let dataDir: string;
  let enquiryId: string;
  let replyAddress: string;
  let services: AppServices;
  /** The server's warnings and errors, as JSON lines. */
  const logged: Array<{ msg?: string; emailId?: string }> = [];

  beforeAll(async () => {
    fake = await startFakeResend();
    dataDir = await mkdtemp(path.join(tmpdir(), 'inbound-test-'));
    services = testServices(t.db, {
      config: { resendWebhookSecret: SECRET, inboundDomain: DOMAIN, dataDir },
      inbound: createResendInbound({ apiKey: 're_test_key', baseUrl: fake.url }),
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logged.push(JSON.parse(line) as { msg?: string; emailId?: string });
        done();
      },
    });
    server = await createServer({ services, clientDir: null, logger: pino({ level: 'warn' }, sink) });
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
    replyAddress = enquiryReplyTo(services.config, enquiryId) ?? '';
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.reset();
    logged.length = 0;
  });

  function post(event: object, id = newSvixId(), secret = SECRET) {
    const body = JSON.stringify(event);
    return server.app.inject({
      method: 'POST',
      url: RESEND_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', ...svixHeaders(secret, body, { id }) },
      payload: body,
    });
  }

  const messagesOf = (emailId: string) =>
    t.db
      .selectFrom('enquiry_incoming_messages')
      .selectAll()
      .where('provider_email_id', '=', emailId)
      .execute();
  const fetchesOf = (emailId: string) =>
    fake.requests.filter((r) => r.method === 'GET' && r.path === `/emails/receiving/${emailId}`).length;

  const quotedReply = [
    'Thursday at 10 suits me.',
    'The box is in the cupboard.',
    '',
    'On Tue, 24 Nov 2026 at 10:02, Sterling Watch Buyers <valuations@sterlingwatchbuyers.com.au>',
    'wrote:',
    '> Could we see the watch on Thursday?',
    '> Kind regards',
  ].join('\n');

  it('fetches a signed reply with the SDK and files it on its enquiry, quoted history stripped', async () => {
    const { id, event } = fake.receive({
      from: 'Olivia Brown <olivia@example.com>',
      to: [replyAddress.toUpperCase()],
      cc: ['someone-else@example.com'],
      subject: 'Re: Your Rolex',
      text: quotedReply,
      html: '<p>Thursday at 10 suits me.</p><script>alert(1)</script><div class="gmail_quote"><blockquote>Could we see the watch?</blockquote></div>',
    });
    const res = await post(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'filed' });
    const [row, ...more] = await messagesOf(id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      enquiry_id: enquiryId,
      source: 'email',
      from_email: 'olivia@example.com',
      from_name: 'Olivia Brown',
      subject: 'Re: Your Rolex',
      body_text: 'Thursday at 10 suits me.\nThe box is in the cupboard.',
      body_html: '<p>Thursday at 10 suits me.</p>',
      reply_token: replyToken(testServices(t.db).config.appSecret, enquiryId),
      read_at: null,
      notified_at: null,
    });
    expect(fetchesOf(id)).toBe(1);
  });

  it('does nothing on a replayed webhook, by svix id or by provider e-mail id', async () => {
    const { id, event } = fake.receive({
      from: 'olivia@example.com',
      to: [replyAddress],
      subject: 'Re',
      text: 'Once.',
    });
    const svixId = newSvixId();
    expect((await post(event, svixId)).statusCode).toBe(200);
    const replayed = await post(event, svixId);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ outcome: 'duplicate' });
    const redelivered = await post(event);
    expect(redelivered.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await messagesOf(id)).toHaveLength(1);
    // Only the first delivery asked the provider.
    expect(fetchesOf(id)).toBe(1);
  });

  it('refuses a bad signature before fetching or storing anything', async () => {
    const { id, event } = fake.receive({
      from: 'x@example.com',
      to: [replyAddress],
      subject: 'Forged',
      text: 'x',
    });
    const res = await post(event, newSvixId(), newWebhookSecret());
    expect(res.statusCode).toBe(401);
    expect(await messagesOf(id)).toHaveLength(0);
    expect(fetchesOf(id)).toBe(0);
  });

  it('keeps mail with an unknown, forged or foreign token as unmatched', async () => {
    const valid = replyToken(testServices(t.db).config.appSecret, enquiryId);
    const forged = `${valid.slice(0, 41)}${valid.endsWith('a') ? 'b' : 'a'}`;
    const goneEnquiry = replyToken(
      testServices(t.db).config.appSecret,
      '00000000-0000-4000-8000-000000000000',
    );
    for (const to of [
      `enquiry+${forged}@${DOMAIN}`,
      `enquiry+${goneEnquiry}@${DOMAIN}`,
      `enquiry+junk@${DOMAIN}`,
      `desk@${DOMAIN}`,
    ]) {
      const { id, event } = fake.receive({
        from: 'stranger@example.com',
        to: [to],
        subject: 'Hello',
        text: 'Who is this?',
      });
      const res = await post(event);
      expect(res.json(), to).toMatchObject({ outcome: 'unmatched' });
      const [row] = await messagesOf(id);
      expect(row).toMatchObject({ enquiry_id: null, body_text: 'Who is this?' });
    }
  });

  it('turns an image attachment into a photo of the enquiry, and refuses big or dangerous files', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const { id, event } = fake.receive({
      from: 'olivia@example.com',
      to: [replyAddress],
      subject: 'Photos',
      text: 'The caseback, as asked.',
      attachments: [
        { filename: 'caseback.jpg', contentType: 'image/jpeg', data: jpeg },
        { filename: 'receipt.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 receipt') },
        {
          filename: 'video.mov',
          contentType: 'video/quicktime',
          data: Buffer.from('small'),
          size: 11 * 1024 * 1024,
        },
        { filename: 'invoice.exe', contentType: 'application/octet-stream', data: Buffer.from('MZ') },
      ],
    });
    const res = await post(event);
    expect(res.json()).toMatchObject({ outcome: 'filed' });
    const [row] = await messagesOf(id);
    expect(row?.body_text).toBe(
      [
        'The caseback, as asked.',
        '[attachment refused: video.mov, larger than 10 MB]',
        '[attachment refused: invoice.exe, file type not accepted]',
      ].join('\n\n'),
    );
    const attachments = await t.db
      .selectFrom('enquiry_incoming_attachments')
      .selectAll()
      .where('message_id', '=', row!.id)
      .orderBy('filename')
      .execute();
    expect(
      attachments.map((a) => [a.filename, a.refused_reason, a.upload_id !== null, a.data?.length ?? null]),
    ).toEqual([
      ['caseback.jpg', null, true, null],
      ['invoice.exe', 'file type not accepted', false, null],
      ['receipt.pdf', null, false, 16],
      ['video.mov', 'larger than 10 MB', false, null],
    ]);
    const photo = await t.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', attachments[0]!.upload_id!)
      .executeTakeFirstOrThrow();
    expect(photo).toMatchObject({ enquiry_id: enquiryId, content_type: 'image/jpeg', width: 64, height: 48 });
    // Neither refused file was downloaded.
    expect(fake.downloads).toHaveLength(2);
  });

  it("makes a filed unmatched reply's images photos after the enquiry's own; other files stay private", async () => {
    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'noah@example.com', full_name: 'Noah Green' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({ lead_id: lead.id, watch_brand: 'Omega', watch_condition: 'Excellent' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Two photos from the sell form, the second uploaded first (decision 026: position decides).
    const submitted = await t.db
      .insertInto('uploads')
      .values(
        [1, 0].map((position) => ({
          driver: 'local' as const,
          storage_key: `submitted-${position}.jpg`,
          content_type: 'image/jpeg',
          bytes: 1000,
          sha256: 'x'.repeat(64),
          enquiry_id: enquiry.id,
          position,
        })),
      )
      .returning('id')
      .execute();
    const own = submitted.map((u) => u.id).reverse();
    const member = await createUser(t.db, {
      email: 'filer@example.com',
      password: 'x-password-1',
      verified: true,
    });
    await grantAdmin(t.db, member.email, 'buyer');

    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#224488' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Noah Green' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { id, event } = fake.receive({
      from: 'noah@example.com',
      to: [`enquiry+junk@${DOMAIN}`],
      subject: 'Re: my Omega',
      text: 'The dial and the receipt.',
      attachments: [
        { filename: 'dial.jpg', contentType: 'image/jpeg', data: jpeg },
        { filename: 'receipt.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 receipt') },
        // Says it is an image but is not one: kept as a file, as on a matched reply.
        { filename: 'broken.png', contentType: 'image/png', data: Buffer.from('not a png') },
      ],
    });
    expect((await post(event)).json()).toMatchObject({ outcome: 'unmatched' });
    const [message] = await messagesOf(id);
    const attachmentsOf = () =>
      t.db
        .selectFrom('enquiry_incoming_attachments')
        .select(['filename', 'upload_id', 'data', 'bytes'])
        .where('message_id', '=', message!.id)
        .orderBy('filename')
        .execute();
    // Unmatched, both are private files, the image as it came.
    expect((await attachmentsOf()).map((a) => [a.filename, a.upload_id, a.data?.length])).toEqual([
      ['broken.png', null, 9],
      ['dial.jpg', null, jpeg.length],
      ['receipt.pdf', null, 16],
    ]);

    const user = { id: member.id, email: member.email, role: 'buyer' as const };
    await callerFor(services, user).admin.unmatchedMail.file({ id: message!.id, enquiryId: enquiry.id });

    const [broken, dial, receipt] = await attachmentsOf();
    expect(broken).toEqual({
      filename: 'broken.png',
      upload_id: null,
      data: Buffer.from('not a png'),
      bytes: 9,
    });
    expect(dial).toMatchObject({ filename: 'dial.jpg', data: null });
    expect(dial?.upload_id).toEqual(expect.any(String));
    expect(receipt).toEqual({
      filename: 'receipt.pdf',
      upload_id: null,
      data: Buffer.from('%PDF-1.4 receipt'),
      bytes: 16,
    });
    // In the photo list, after the seller's own, as a matched reply's image would be.
    const detail = await getEnquiry(t.db, enquiry.id);
    expect(detail?.photoIds).toEqual([...own, dial?.upload_id]);
    // Through the photo pipeline: re-encoded, stored, its metadata dropped.
    const photo = await t.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', dial!.upload_id!)
      .executeTakeFirstOrThrow();
    expect(photo).toMatchObject({
      enquiry_id: enquiry.id,
      position: 2,
      content_type: 'image/jpeg',
      width: 64,
      height: 48,
    });
    expect(dial?.bytes).toBe(photo.bytes);
    const stored = await uploadStorageFor(services.config).driverFor(photo.driver).get(photo.storage_key);
    expect(stored?.length).toBe(photo.bytes);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    // The timeline shows the image as a photo and the PDF as a download; the audit row as before.
    const entry = detail?.timeline.find((e) => e.kind === 'incoming' && e.messageId === message!.id);
    expect(entry).toMatchObject({
      attachments: [
        { filename: 'broken.png', photoId: null, downloadable: true },
        { filename: 'dial.jpg', photoId: dial?.upload_id, downloadable: false },
        { filename: 'receipt.pdf', photoId: null, downloadable: true },
      ],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', member.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['admin.unmatchedMail.file']);
  });

  it('answers 503 when the provider cannot be asked, and files on the retry', async () => {
    const { id, event } = fake.receive({
      from: 'olivia@example.com',
      to: [replyAddress],
      subject: 'Re',
      text: 'Retry me.',
    });
    fake.failNext({ kind: 'server_error' });
    const svixId = newSvixId();
    expect((await post(event, svixId)).statusCode).toBe(503);
    expect(await messagesOf(id)).toHaveLength(0);
    const retried = await post(event, svixId);
    expect(retried.json()).toMatchObject({ outcome: 'filed' });
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('answers 200 without filing, and logs it, when the provider does not know the e-mail', async () => {
    const { event } = fake.receive({ from: 'a@example.com', to: [replyAddress], subject: 'x', text: 'x' });
    const unknownId = randomUUID();
    const unknown = { ...event, data: { ...(event as { data: object }).data, email_id: unknownId } };
    const res = await post(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'gone' });
    expect(await messagesOf(unknownId)).toHaveLength(0);
    // Asked once; the fake answered 404.
    expect(fake.requests.map((r) => [r.path, r.status])).toEqual([[`/emails/receiving/${unknownId}`, 404]]);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'inbound e-mail unknown to the provider', emailId: unknownId }),
    );
  });

  it('never puts an e-mail id that is not a Resend id into a provider path (decision 068)', async () => {
    const { event } = fake.receive({ from: 'a@example.com', to: [replyAddress], subject: 'x', text: 'x' });
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
    expect(fake.requests).toEqual([]);
    // The Receiving API client refuses one too, whoever calls it.
    const inbound = createResendInbound({ apiKey: 're_test_key', baseUrl: fake.url });
    expect(await inbound.getEmail('abc/attachments?x=1')).toMatchObject({ ok: false, gone: true });
    expect(await inbound.listAttachments('../../emails')).toMatchObject({ ok: false, gone: true });
    expect(fake.requests).toEqual([]);
  });

  it('keeps at most 256 K characters of the HTML part, with a note of the cut (decision 068)', async () => {
    // 3,000,007 characters, as the probe sent; the text part is small.
    const html = `<p>${'word '.repeat(599_998)}</p><p>end</p>`;
    expect(html.length).toBe(3_000_007);
    const { id, event } = fake.receive({
      from: 'olivia@example.com',
      to: [replyAddress],
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
    const { id, event } = fake.receive({
      from: 'olivia@example.com',
      to: [replyAddress],
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
    expect(fake.downloads).toHaveLength(10);
    const lines = (row?.body_text ?? '').split('\n\n');
    expect(lines[0]).toBe('All the papers.');
    expect(lines.slice(1)).toEqual(
      Array.from(
        { length: 50 },
        (_, i) =>
          `[attachment refused: scan-${String(i + 11).padStart(2, '0')}.pdf, more than 10 files in one message]`,
      ),
    );
    const detail = await getEnquiry(t.db, enquiryId);
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
    const { id, event } = fake.receive({
      from: 'olivia@example.com',
      to: [replyAddress],
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
    expect(fake.downloads).toHaveLength(2);
  });
});
