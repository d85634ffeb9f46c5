import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { newSvixId, newWebhookSecret } from '#test/support/resend-webhooks.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { uploadStorageFor } from '../uploads/entry.ts';
import { getEnquiry } from '../enquiries/detail.ts';
import { replyToken } from './reply-address.ts';
import { INBOUND_DOMAIN, useInboundServer } from '#test/support/inbound-server.ts';

describe('replies e-mailed back onto the enquiry (decision 060)', () => {
  const t = useTestDatabase();
  const inbound = useInboundServer(t);
  const { logged, post, messagesOf, fetchesOf } = inbound;

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
    const { id, event } = inbound.fake.receive({
      from: 'Olivia Brown <olivia@example.com>',
      to: [inbound.replyAddress.toUpperCase()],
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
      enquiry_id: inbound.enquiryId,
      source: 'email',
      from_email: 'olivia@example.com',
      from_name: 'Olivia Brown',
      subject: 'Re: Your Rolex',
      body_text: 'Thursday at 10 suits me.\nThe box is in the cupboard.',
      body_html: '<p>Thursday at 10 suits me.</p>',
      reply_token: replyToken(testServices(t.db).config.appSecret, inbound.enquiryId),
      read_at: null,
      notified_at: null,
    });
    expect(fetchesOf(id)).toBe(1);
  });

  it('does nothing on a replayed webhook, by svix id or by provider e-mail id', async () => {
    const { id, event } = inbound.fake.receive({
      from: 'olivia@example.com',
      to: [inbound.replyAddress],
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
    const { id, event } = inbound.fake.receive({
      from: 'x@example.com',
      to: [inbound.replyAddress],
      subject: 'Forged',
      text: 'x',
    });
    const res = await post(event, newSvixId(), newWebhookSecret());
    expect(res.statusCode).toBe(401);
    expect(await messagesOf(id)).toHaveLength(0);
    expect(fetchesOf(id)).toBe(0);
  });

  it('keeps mail with an unknown, forged or foreign token as unmatched', async () => {
    const valid = replyToken(testServices(t.db).config.appSecret, inbound.enquiryId);
    const forged = `${valid.slice(0, 41)}${valid.endsWith('a') ? 'b' : 'a'}`;
    const goneEnquiry = replyToken(
      testServices(t.db).config.appSecret,
      '00000000-0000-4000-8000-000000000000',
    );
    for (const to of [
      `enquiry+${forged}@${INBOUND_DOMAIN}`,
      `enquiry+${goneEnquiry}@${INBOUND_DOMAIN}`,
      `enquiry+junk@${INBOUND_DOMAIN}`,
      `desk@${INBOUND_DOMAIN}`,
    ]) {
      const { id, event } = inbound.fake.receive({
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
    const { id, event } = inbound.fake.receive({
      from: 'olivia@example.com',
      to: [inbound.replyAddress],
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
    expect(photo).toMatchObject({
      enquiry_id: inbound.enquiryId,
      content_type: 'image/jpeg',
      width: 64,
      height: 48,
    });
    // Neither refused file was downloaded.
    expect(inbound.fake.downloads).toHaveLength(2);
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
    const { id, event } = inbound.fake.receive({
      from: 'noah@example.com',
      to: [`enquiry+junk@${INBOUND_DOMAIN}`],
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
    await callerFor(inbound.services, user).admin.unmatchedMail.file({
      id: message!.id,
      enquiryId: enquiry.id,
    });

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
    const stored = await uploadStorageFor(inbound.services.config)
      .driverFor(photo.driver)
      .get(photo.storage_key);
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
    const { id, event } = inbound.fake.receive({
      from: 'olivia@example.com',
      to: [inbound.replyAddress],
      subject: 'Re',
      text: 'Retry me.',
    });
    inbound.fake.failNext({ kind: 'server_error' });
    const svixId = newSvixId();
    expect((await post(event, svixId)).statusCode).toBe(503);
    expect(await messagesOf(id)).toHaveLength(0);
    const retried = await post(event, svixId);
    expect(retried.json()).toMatchObject({ outcome: 'filed' });
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('answers 200 without filing, and logs it, when the provider does not know the e-mail', async () => {
    const { event } = inbound.fake.receive({
      from: 'a@example.com',
      to: [inbound.replyAddress],
      subject: 'x',
      text: 'x',
    });
    const unknownId = randomUUID();
    const unknown = { ...event, data: { ...(event as { data: object }).data, email_id: unknownId } };
    const res = await post(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'gone' });
    expect(await messagesOf(unknownId)).toHaveLength(0);
    // Asked once; the fake answered 404.
    expect(inbound.fake.requests.map((r) => [r.path, r.status])).toEqual([
      [`/emails/receiving/${unknownId}`, 404],
    ]);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'inbound e-mail unknown to the provider', emailId: unknownId }),
    );
  });
});
