import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, recordingJobQueue, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { SessionUser } from '../auth/session.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { fileIncomingMessage } from './conversation.ts';
import { runIncomingMessageNotify } from './incoming-notify.ts';

describe('the unread count and the assignee notice of incoming messages (decision 060)', () => {
  const t = useTestDatabase();
  const jobs = recordingJobQueue();
  let admin: SessionUser;
  let assigned: string;
  let unassigned: string;

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'desk@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'olivia@example.com', full_name: 'Olivia Brown' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const values = { lead_id: lead.id, watch_brand: 'Rolex', watch_condition: 'Excellent' };
    assigned = (
      await t.db
        .insertInto('enquiries')
        .values({ ...values, assignee_id: user.id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    unassigned = (await t.db.insertInto('enquiries').values(values).returning('id').executeTakeFirstOrThrow())
      .id;
  });

  const message = (enquiryId: string | null, source: 'email' | 'seller_page', body: string) =>
    fileIncomingMessage(t.db, {
      enquiryId,
      source,
      fromEmail: 'olivia@example.com',
      fromName: 'Olivia Brown',
      subject: source === 'email' ? 'Re: Your Rolex' : null,
      bodyText: body,
      bodyHtml: null,
    });

  it('e-mails the assignee, or the business, once per message however it was filed', async () => {
    await message(assigned, 'email', 'By e-mail');
    await message(unassigned, 'seller_page', 'On the page');
    await message(null, 'email', 'Unmatched: nobody to tell yet');
    const services = testServices(t.db, { jobs });

    expect(await runIncomingMessageNotify(services)).toEqual({ notified: 2 });
    // A retried or second run finds nothing left to tell.
    expect(await runIncomingMessageNotify(services)).toEqual({ notified: 0 });
    const sent = jobs.jobs.map((job) => (job.payload as JobPayload<'email.send'>).message);
    expect(sent.map((m) => m.to)).toEqual([['desk@example.com'], [services.config.site.email]]);
    expect(sent[0]?.subject).toMatch(/^Olivia Brown replied by e-mail – /);
    expect(sent[1]?.subject).toMatch(/^Olivia Brown wrote on their page – /);
    // The notice quotes what the seller wrote (decision 095), in the HTML and the text part.
    expect(sent[0]?.html).toContain('By e-mail');
    expect(sent[1]?.text).toContain('On the page');
    // Each keyed by its message (decision 006): a retry of the e-mail job sends nothing twice.
    const keys = jobs.jobs.map((job) => (job.payload as JobPayload<'email.send'>).idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    const left = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select(['enquiry_id'])
      .where('notified_at', 'is', null)
      .execute();
    expect(left).toEqual([{ enquiry_id: null }]);
  });

  it('counts unread messages in the inbox and on the enquiry, and reading clears them', async () => {
    await message(assigned, 'email', 'A second one');
    const api = callerFor(testServices(t.db, { jobs }), admin).admin.enquiries;
    const unread = async () =>
      Object.fromEntries((await api.list({})).rows.map((row) => [row.id, row.unreadCount]));
    expect(await unread()).toEqual({ [assigned]: 2, [unassigned]: 1 });
    expect((await api.get({ id: assigned })).unreadCount).toBe(2);

    expect(await api.markRead({ id: assigned })).toEqual({ marked: 2 });
    expect(await unread()).toEqual({ [assigned]: 0, [unassigned]: 1 });
    const detail = await api.get({ id: assigned });
    expect(detail.unreadCount).toBe(0);
    expect(
      detail.timeline.filter((e) => e.kind === 'incoming').every((e) => e.kind === 'incoming' && e.read),
    ).toBe(true);
    const readBy = await t.db
      .selectFrom('enquiry_incoming_messages')
      .select('read_by')
      .where('enquiry_id', '=', assigned)
      .execute();
    expect(readBy.every((r) => r.read_by === admin.id)).toBe(true);
    await expect(api.markRead({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
