import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNMATCHED_MESSAGES } from '#shared/enquiries/unmatched.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { fileIncomingMessage } from './conversation.ts';
import { getEnquiry } from '../enquiries/detail.ts';
import { runIncomingMessageNotify } from './incoming-notify.ts';

// Unmatched mail (decision 060): the list, filing by hand and dismissing, each audited; and the
// private attachments' download route.

describe('unmatched mail and private attachments', () => {
  const t = useTestDatabase();
  let buyer: SessionUser;
  let viewer: SessionUser;
  let buyerCookie: string;
  let server: AppServer;
  let enquiryId: string;
  let otherEnquiryId: string;
  const services = () => testServices(t.db);
  const caller = (user: SessionUser = buyer) => callerFor(services(), user);

  async function member(email: string, role: 'buyer' | 'viewer'): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
    await grantAdmin(t.db, email, role);
    return { id: user.id, email: user.email, role };
  }

  async function cookieFor(user: SessionUser): Promise<string> {
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return `session=${token}`;
  }

  async function enquiry(email: string, assigneeId: string | null = null): Promise<string> {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Olivia Brown' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        watch_brand: 'Rolex',
        watch_condition: 'Excellent',
        assignee_id: assigneeId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** An unmatched reply with a PDF kept privately and a refused script. */
  async function unmatched(providerId: string, html = '<p>Hi</p>'): Promise<{ id: string; pdfId: string }> {
    const filed = await fileIncomingMessage(t.db, {
      enquiryId: null,
      source: 'email',
      fromEmail: 'olivia@example.com',
      fromName: 'Olivia Brown',
      subject: 'Re: my Rolex',
      bodyText: 'Here are the papers.\n\nThanks',
      bodyHtml: html,
      providerEmailId: providerId,
      replyToken: 'stale-token',
    });
    const [pdf] = await t.db
      .insertInto('enquiry_incoming_attachments')
      .values([
        {
          message_id: filed.id,
          filename: 'papers "final".pdf',
          content_type: 'application/pdf',
          bytes: 8,
          data: Buffer.from('%PDF-1.4'),
        },
        {
          message_id: filed.id,
          filename: 'run.sh',
          content_type: 'application/x-sh',
          bytes: 10,
          refused_reason: 'file type not accepted',
        },
      ])
      .returning('id')
      .execute();
    return { id: filed.id, pdfId: pdf!.id };
  }

  async function auditActions(): Promise<string[]> {
    const rows = await t.db.selectFrom('audit_log').select('action').orderBy('created_at').execute();
    return rows.map((r) => r.action);
  }

  beforeAll(async () => {
    buyer = await member('buyer@example.com', 'buyer');
    viewer = await member('viewer@example.com', 'viewer');
    buyerCookie = await cookieFor(buyer);
    enquiryId = await enquiry('olivia@example.com', buyer.id);
    otherEnquiryId = await enquiry('other@example.com');
    server = await createServer({ services: services(), clientDir: null, logLevel: 'silent' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('lists unmatched mail with a plain-text preview and its attachments, never the HTML', async () => {
    const { id } = await unmatched('list-1', '<p onclick="x()">Here <script>alert(1)</script></p>');
    const list = await caller(viewer).admin.unmatchedMail.list();
    const row = list.find((m) => m.id === id);
    expect(row).toMatchObject({
      fromEmail: 'olivia@example.com',
      subject: 'Re: my Rolex',
      preview: 'Here are the papers. Thanks',
    });
    expect(JSON.stringify(row)).not.toContain('<script>');
    expect(row?.attachments.map((a) => [a.filename, a.downloadable, a.refusedReason])).toEqual([
      ['papers "final".pdf', true, null],
      ['run.sh', false, 'file type not accepted'],
    ]);
    expect((await caller(viewer).admin.unmatchedMail.count()).count).toBe(list.length);
  });

  it('files a message on an enquiry: attachments follow, unread, the assignee told, audited', async () => {
    const { id, pdfId } = await unmatched('file-1');
    // The notice job has run before: only the filing makes the message news to the assignee.
    await runIncomingMessageNotify(services());
    const before = await auditActions();
    await caller().admin.unmatchedMail.file({ id, enquiryId });

    expect((await caller().admin.unmatchedMail.list()).some((m) => m.id === id)).toBe(false);
    const detail = await getEnquiry(t.db, enquiryId);
    const entry = detail?.timeline.find((e) => e.kind === 'incoming' && e.messageId === id);
    expect(entry).toMatchObject({
      read: false,
      attachments: [{ id: pdfId, downloadable: true }, { downloadable: false }],
    });
    expect(detail?.unreadCount).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select(['filed_by', 'notified_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ filed_by: buyer.id, notified_at: null });
    expect(await runIncomingMessageNotify(services())).toEqual({ notified: 1 });
    expect((await auditActions()).slice(before.length)).toEqual(['admin.unmatchedMail.file']);
  });

  it('refuses filing a message already filed, onto an unknown enquiry, and for a Viewer', async () => {
    const { id } = await unmatched('file-2');
    const viewerError: unknown = await caller(viewer)
      .admin.unmatchedMail.file({ id, enquiryId })
      .catch((e: unknown) => e);
    expect((viewerError as TRPCError).code).toBe('FORBIDDEN');
    const unknown: unknown = await caller()
      .admin.unmatchedMail.file({ id, enquiryId: '00000000-0000-4000-8000-000000000000' })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: UNMATCHED_MESSAGES.enquiryNotFound });
    await caller().admin.unmatchedMail.file({ id, enquiryId });
    const before = await auditActions();
    const again: unknown = await caller()
      .admin.unmatchedMail.file({ id, enquiryId: otherEnquiryId })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'NOT_FOUND', message: UNMATCHED_MESSAGES.notFound });
    const dismissFiled: unknown = await caller()
      .admin.unmatchedMail.dismiss({ id })
      .catch((e: unknown) => e);
    expect(dismissFiled).toMatchObject({ code: 'NOT_FOUND' });
    // A refused action changes nothing and leaves no audit row.
    expect(await auditActions()).toEqual(before);
    const row = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select('enquiry_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.enquiry_id).toBe(enquiryId);
  });

  it('dismisses a message with a reason kept on the row but not in the audit log', async () => {
    const { id } = await unmatched('dismiss-1');
    await caller().admin.unmatchedMail.dismiss({ id, reason: 'Spam from olivia@example.com' });
    expect((await caller().admin.unmatchedMail.list()).some((m) => m.id === id)).toBe(false);
    const row = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select(['dismissed_by', 'dismiss_reason', 'enquiry_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      dismissed_by: buyer.id,
      dismiss_reason: 'Spam from olivia@example.com',
      enquiry_id: null,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('action', '=', 'admin.unmatchedMail.dismiss')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).not.toContain('olivia@example.com');
    const again: unknown = await caller()
      .admin.unmatchedMail.dismiss({ id })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'NOT_FOUND' });
    const fileDismissed: unknown = await caller()
      .admin.unmatchedMail.file({ id, enquiryId })
      .catch((e: unknown) => e);
    expect(fileDismissed).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('downloads a private attachment as a download, audited; 404 for bad ids and other enquiries', async () => {
    const { id, pdfId } = await unmatched('download-1');
    const refused = await t.db
      .selectFrom('enquiry_incoming_attachments')
      .select('id')
      .where('message_id', '=', id)
      .where('refused_reason', 'is not', null)
      .executeTakeFirstOrThrow();
    const get = (url: string, cookie: string | null = buyerCookie) =>
      server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    expect((await get(`/api/admin/unmatched-mail/attachments/${pdfId}`, null)).statusCode).toBe(401);
    const fromList = await get(`/api/admin/unmatched-mail/attachments/${pdfId}`);
    expect(fromList.statusCode).toBe(200);
    expect(fromList.rawPayload.toString()).toBe('%PDF-1.4');
    expect(fromList.headers['content-type']).toBe('application/pdf');
    expect(fromList.headers['content-disposition']).toBe(
      `attachment; filename="papers _final_.pdf"; filename*=UTF-8''papers%20%22final%22.pdf`,
    );
    expect(fromList.headers['x-content-type-options']).toBe('nosniff');
    expect(fromList.headers['cache-control']).toBe('private, no-store');

    // Not through the unmatched route once filed; through its enquiry's only.
    await caller().admin.unmatchedMail.file({ id, enquiryId });
    expect((await get(`/api/admin/unmatched-mail/attachments/${pdfId}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/enquiries/${otherEnquiryId}/attachments/${pdfId}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/enquiries/${enquiryId}/attachments/${refused.id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/enquiries/${enquiryId}/attachments/not-a-uuid`)).statusCode).toBe(404);
    expect((await get(`/api/admin/enquiries/not-a-uuid/attachments/${pdfId}`)).statusCode).toBe(404);
    const before = await auditActions();
    const filed = await get(`/api/admin/enquiries/${enquiryId}/attachments/${pdfId}`);
    expect(filed.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_id'])
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'downloads.incomingAttachment',
      entity_id: enquiryId,
      actor_id: buyer.id,
    });
    expect((await auditActions()).length).toBe(before.length + 1);
  });

  it('sends a type a browser could run as application/octet-stream', async () => {
    const { id } = await unmatched('download-2');
    const [html] = await t.db
      .insertInto('enquiry_incoming_attachments')
      .values({
        message_id: id,
        filename: 'page.xml',
        content_type: 'text/xml',
        bytes: 6,
        data: Buffer.from('<x/>'),
      })
      .returning('id')
      .execute();
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/admin/unmatched-mail/attachments/${html!.id}`,
      headers: { cookie: buyerCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
  });
});
