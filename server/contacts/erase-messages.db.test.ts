import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBoss } from '#test/support/boss.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { columnsHolding } from '#test/support/personal-data-scan.ts';
import { sellerTokenIn } from '#test/support/seller-journey.ts';
import { callerAt, callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { runEmailSendJob } from '../email/send-job.ts';
import { runAwaitingReplyDigest } from '../enquiries/digest.ts';
import { runIncomingMessageNotify } from '../conversation/incoming-notify.ts';
import { runEnquiryNotifyJob } from '../enquiries/notifications.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { createJobQueue } from '../jobs/queue.ts';
import type { AppServices } from '../services.ts';

// Decision 069 (amending 036): erasing a seller leaves them in none of the team's e-mails. A seller
// goes through the sell form (the new-lead alert), writes on their page (the team's notice of the
// message), declines an offer (the declined-offer notice) and is named in the awaiting-reply digest
// with another seller; each e-mail is queued on pg-boss and "sent" through the outbox as the worker
// does. After the erasure no text, JSON or array column of any table holds their name, address or
// phone, and the digest still names the other seller.

const NAME = 'Ximena Thistlewood';
const EMAIL = 'ximena.thistlewood@example.com';
const PHONE = '0455 321 987';
const OTHER = 'Bartholomew Quince';

describe('erasure and the e-mails about the contact', () => {
  const t = useTestDatabase();
  const bossOf = useBoss(t);
  let services: AppServices;
  let owner: SessionUser;
  let network = 0;
  const visitor = () => callerAt(services, `198.51.100.${(network += 1)}`);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'erase-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    owner = { id: user.id, email: user.email, role: 'owner' };
    services = testServices(t.db, { jobs: createJobQueue(bossOf()) });
  });

  /** The worker's part: runs every queued notify and e-mail job and completes it with its output. */
  async function work(): Promise<void> {
    const boss = bossOf();
    for (;;) {
      const notify = await boss.fetch<JobPayload<'enquiry.notify'>>('enquiry.notify', { batchSize: 10 });
      for (const job of notify) {
        await runEnquiryNotifyJob(services, job.data);
        await boss.complete('enquiry.notify', job.id, {});
      }
      const mail = await boss.fetch<JobPayload<'email.send'>>('email.send', { batchSize: 10 });
      for (const job of mail)
        await boss.complete('email.send', job.id, await runEmailSendJob(services, job.data));
      if (notify.length === 0 && mail.length === 0) return;
    }
  }

  const outboxSubjects = async () =>
    (await t.db.selectFrom('outbox_emails').select('subject').orderBy('subject').execute()).map(
      (r) => r.subject,
    );

  it('deletes or redacts every message about them: outbox, queued and finished jobs', async () => {
    const submitted = await visitor().lead.submit(
      leadSubmission({ fullName: NAME, email: EMAIL, phone: PHONE, additionalDetails: null }),
    );
    const other = await visitor().lead.submit(leadSubmission({ fullName: OTHER, additionalDetails: null }));
    // The digest of enquiries awaiting a first reply names both sellers; the other's is kept.
    expect(await runAwaitingReplyDigest(services, new Date(Date.now() + 21 * 3_600_000))).toEqual({
      enquiries: 2,
    });
    await work();
    const contact = await t.db
      .selectFrom('enquiries')
      .select(['id', 'lead_id'])
      .where('id', '=', submitted.enquiryId)
      .executeTakeFirstOrThrow();

    // An offer, e-mailed with the page's link; the seller writes on the page and declines it.
    await callerFor(services, owner).admin.enquiries.recordOffer({
      id: contact.id,
      amountCents: 1_500_000,
      validUntil: '2099-01-31',
      conditions: null,
    });
    await work();
    const offerMail = await t.db
      .selectFrom('outbox_emails')
      .select('html')
      .where(sql<boolean>`${EMAIL} = ANY(to_addresses)`)
      .where('subject', 'ilike', '%offer%')
      .executeTakeFirstOrThrow();
    const token = sellerTokenIn(offerMail.html ?? '');
    await visitor().seller.sendMessage({ token, body: `Please call me, ${NAME}, on ${PHONE}` });
    expect(await runIncomingMessageNotify(services)).toEqual({ notified: 1 });
    const page = await visitor().seller.get({ token });
    await visitor().seller.decline({ token, offerId: page.offer?.id ?? '', reason: 'Too low' });
    await work();

    const teamMail = [
      expect.stringMatching(new RegExp(`^New watch enquiry: .* from ${NAME}$`)),
      expect.stringMatching(new RegExp(`${NAME}.*declined`)),
      expect.stringMatching(new RegExp(NAME)),
    ];
    expect(await outboxSubjects()).toEqual(expect.arrayContaining(teamMail));
    expect((await columnsHolding(t.db, [NAME])).found.length).toBeGreaterThan(0);

    // Each e-mail names the enquiry it is about: the seller's acknowledgement and offer, and the
    // team's alert, notice of the message, declined-offer notice and digest.
    const about = await t.db
      .selectFrom('outbox_emails')
      .select('subject')
      .where(sql<boolean>`${contact.id}::uuid = ANY(about_enquiry_ids)`)
      .execute();
    expect(about).toHaveLength(6);
    // The provider's webhook events (with Resend configured): the alert's, found through its job,
    // and a notice whose job pg-boss has already pruned, found by the name in its subject.
    const alertJob = await sql<{ provider_id: string }>`
      SELECT output ->> 'id' AS provider_id FROM pgboss.job
      WHERE name = 'email.send' AND data ->> 'idempotencyKey' = ${`enquiry-${contact.id}-business`}`.execute(
      t.db,
    );
    const alertId = alertJob.rows[0]?.provider_id ?? '';
    expect(alertId).toMatch(/^outbox_/);
    for (const [providerId, subject] of [
      [alertId, 'New watch enquiry'],
      ['msg-pruned-notice', `${NAME} declined the offer`],
    ] as const)
      await t.db
        .insertInto('email_events')
        .values({
          provider_event_id: `evt-${providerId}`,
          type: 'email.delivered',
          provider_message_id: providerId,
          payload: JSON.stringify({
            type: 'email.delivered',
            created_at: '2026-12-06T00:00:00Z',
            data: { email_id: providerId, to: ['team@example.com'], subject },
          }),
        })
        .execute();
    // A team notice kept before e-mails named their enquiries: found by the name in its text.
    await t.db
      .insertInto('outbox_emails')
      .values({
        to_addresses: ['team@example.com'],
        from_address: 'shop@example.com',
        subject: `${NAME} declined the offer`,
        html: `<p>${NAME.toUpperCase()} declined. Call ${PHONE}.</p>`,
      })
      .execute();

    await callerFor(services, owner).admin.contacts.erase({ id: contact.lead_id, confirmation: EMAIL });

    const scan = await columnsHolding(t.db, [EMAIL, NAME, PHONE, 'Thistlewood']);
    expect(scan.columns).toBeGreaterThan(50);
    expect(scan.found).toEqual([]);
    expect(
      await t.db
        .selectFrom('email_events')
        .select('payload')
        .where('provider_message_id', '=', alertId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      payload: { type: 'email.delivered', created_at: '2026-12-06T00:00:00Z', data: { email_id: alertId } },
    });
    // The other seller's messages and their place in the digest stay.
    const digests = await t.db
      .selectFrom('outbox_emails')
      .select(['subject', 'html'])
      .where('html', 'like', `%${OTHER}%`)
      .execute();
    // The other seller's alert and the digest that named both.
    expect(digests.map((d) => d.subject).sort()).toEqual([
      '2 enquiries still awaiting a first reply',
      `New watch enquiry: Rolex Submariner from ${OTHER}`,
    ]);
    const digest = await t.db
      .selectFrom('outbox_emails')
      .select(['html', 'about_enquiry_ids'])
      .where('subject', '=', '2 enquiries still awaiting a first reply')
      .executeTakeFirstOrThrow();
    expect(digest.about_enquiry_ids).toEqual([other.enquiryId]);
    expect(digest.html).toContain(OTHER);
    expect(digest.html).toContain('[erased]');
    expect(
      await t.db
        .selectFrom('outbox_emails')
        .select(['subject', 'html'])
        .where('subject', 'like', '%declined the offer')
        .execute(),
    ).toEqual([{ subject: '[erased] declined the offer', html: '<p>[erased] declined. Call [erased].</p>' }]);
  });
});
