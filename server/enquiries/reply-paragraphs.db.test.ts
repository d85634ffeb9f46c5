import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textParagraphs } from '#shared/enquiries/reply-body.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import {
  callerAt,
  callerFor,
  type RecordingJobQueue,
  recordingJobQueue,
  testServices,
} from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { runEmailSendJob } from '../email/send-job.ts';
import { createEmailTransport } from '../email/transport.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import type { AppServices } from '../services.ts';

// A reply is writing, not HTML (decision 093): three paragraphs written in the desk's composer (or
// sent as plain text) are stored, e-mailed through the real Resend SDK to the fake provider and
// shown on the seller's page as three paragraphs, not run together on one line.

const TOKEN_IN_LINK = /\/enquiry\/([A-Za-z0-9_-]{50})/;

describe('a reply of three paragraphs', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;
  let buyer: SessionUser;
  let enquiryId: string;
  const api = () => callerFor(services, buyer).admin.enquiries;

  async function deliver() {
    const before = fake.emails.length;
    const queued = jobs.jobs.splice(0).filter((j) => j.name === 'email.send');
    for (const job of queued) await runEmailSendJob(services, job.payload as JobPayload<'email.send'>);
    return fake.emails.slice(before);
  }

  async function storedHtml(messageId: string | undefined) {
    const row = await t.db
      .selectFrom('enquiry_messages')
      .select('html')
      .where('id', '=', messageId ?? '')
      .executeTakeFirstOrThrow();
    return row.html;
  }

  async function lastMessageId() {
    const row = await t.db
      .selectFrom('enquiry_messages')
      .select('id')
      .where('enquiry_id', '=', enquiryId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    fake = await startFakeResend();
    jobs = recordingJobQueue();
    const email = createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db);
    services = testServices(t.db, { email, jobs });
    const user = await t.db
      .insertInto('users')
      .values({ email: 'buyer@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    buyer = { id: user.id, email: user.email, role: 'owner' };
    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'jane@example.com', full_name: 'Jane Citizen' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: 'Jane Citizen',
        watch_brand: 'Rolex',
        watch_model: 'Datejust',
        watch_condition: 'Good',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    enquiryId = enquiry.id;
  });
  afterAll(async () => {
    await fake.close();
  });

  it('keeps the paragraphs and the line break from the composer in the e-mail, its text and the page', async () => {
    // What the composer sends for: Hi {{first_name}}, ⏎ Saturday works. ⇧⏎ Any time after ten. ⏎ Kind regards
    await api().reply({
      id: enquiryId,
      templateId: null,
      subject: 'Your {{watch_brand}}',
      html: '<p>Hi {{first_name}},</p><p>Saturday works.<br>Any time after ten.</p><p>Kind regards</p>',
    });
    expect(await storedHtml(await lastMessageId())).toBe(
      '<p>Hi Jane,</p><p>Saturday works.<br />Any time after ten.</p><p>Kind regards</p>',
    );

    const [mail] = await deliver();
    expect(mail?.to).toEqual(['jane@example.com']);
    const html = mail?.html ?? '';
    // Three paragraphs of the message in the HTML, each its own <p> element.
    const paragraphs = [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
    expect(paragraphs).toContain('Hi Jane,');
    expect(paragraphs).toContain('Saturday works.<br />Any time after ten.');
    expect(paragraphs).toContain('Kind regards');
    // The text part: a blank line between paragraphs, one line break inside the second.
    expect(mail?.text).toContain('Hi Jane,\n\nSaturday works.\nAny time after ten.\n\nKind regards');

    const token = TOKEN_IN_LINK.exec(html)?.[1] ?? '';
    const page = await callerAt(services, '198.51.100.7').seller.get({ token });
    const ours = page.conversation.filter((c) => c.kind === 'ours');
    expect(ours.at(-1)).toMatchObject({
      subject: 'Your Rolex',
      text: 'Hi Jane,\n\nSaturday works.\nAny time after ten.\n\nKind regards',
    });
    expect(textParagraphs(ours.at(-1)?.text ?? '')).toEqual([
      'Hi Jane,',
      'Saturday works.\nAny time after ten.',
      'Kind regards',
    ]);
  });

  it('turns a reply sent as plain text into the same paragraphs, the merged value escaped', async () => {
    await t.db
      .updateTable('enquiries')
      .set({ contact_name: 'Jane <Citizen>' })
      .where('id', '=', enquiryId)
      .execute();
    await api().reply({
      id: enquiryId,
      templateId: null,
      subject: 'Saturday',
      html: 'Hi {{full_name}},\n\nSaturday works.\n\nThe offer stands as it is.\nKind regards',
    });
    expect(await storedHtml(await lastMessageId())).toBe(
      '<p>Hi Jane &lt;Citizen&gt;,</p><p>Saturday works.</p><p>The offer stands as it is.<br />Kind regards</p>',
    );
    const [mail] = await deliver();
    expect(mail?.text).toContain(
      'Hi Jane <Citizen>,\n\nSaturday works.\n\nThe offer stands as it is.\nKind regards',
    );
  });

  it('shows a long paragraph on the page unwrapped, and an older reply stored as HTML as before', async () => {
    const long =
      'Thank you for sending the papers and the box. Thank you for sending the papers and the box. Thank you for sending the papers and the box.';
    await t.db
      .insertInto('enquiry_messages')
      .values({
        enquiry_id: enquiryId,
        to_email: 'jane@example.com',
        subject: 'Older reply',
        // What the old "Message (HTML)" box stored when three paragraphs were typed into it.
        html: 'Hi Jane,\n\nSaturday works.\n\nKind regards',
        idempotency_key: 'older-reply',
      })
      .execute();
    await api().reply({ id: enquiryId, templateId: null, subject: 'Long', html: `<p>${long}</p>` });
    const [mail] = await deliver();
    const token = TOKEN_IN_LINK.exec(mail?.html ?? '')?.[1] ?? '';
    const page = await callerAt(services, '198.51.100.7').seller.get({ token });
    const bySubject = new Map(page.conversation.map((c) => [c.kind === 'ours' ? c.subject : '', c.text]));
    expect(bySubject.get('Older reply')).toBe('Hi Jane, Saturday works. Kind regards');
    // 137 characters on one line: the page wraps it to its width, not at 78 as the text part does.
    expect(bySubject.get('Long')).toBe(long);
  });
});
