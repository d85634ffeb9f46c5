import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONFIRMATION_MESSAGES } from '#shared/consent/messages.ts';
import type { LeadSubmitInput } from '#shared/leads/schema.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { codeOf, recordingJobQueue, TEST_APP_URL, testServices } from '#test/support/services.ts';
import { countSubscribedContacts } from '../campaigns/audience.ts';
import { snapshotAudience } from '../campaigns/engine/snapshot.ts';
import type { Contact } from '../db/types.ts';
import { runEnquiryNotifyJob } from '../enquiries/notifications.ts';
import { applyPreferenceAction } from '../preferences/preferences.ts';
import type { AppServices } from '../services.ts';
import type { Context } from '../trpc/context.ts';
import { createCaller } from '../trpc/router.ts';
import { CONSENT_SOURCE_CONFIRMED, createConfirmationToken } from './confirmation.ts';

// Decision 016: consent ticked on the sell form is pending until the address
// confirms it through the link in the acknowledgement.

const t = useTestDatabase();

let ipCounter = 0;
function visitor(services: AppServices, ip = `198.51.100.${(ipCounter += 1) % 250}`, userAgent = 'vitest') {
  const ctx: Context = { ...services, request: { ip, userAgent }, session: null, user: null, http: null };
  return createCaller(ctx);
}

/** A stranger's submission ticking both boxes. */
function form(overrides: Partial<LeadSubmitInput> = {}): LeadSubmitInput {
  return leadSubmission({
    fullName: 'Stranger Danger',
    email: `seller.${randomUUID().slice(0, 8)}@example.com`,
    emailMarketingConsent: true,
    smsMarketingConsent: true,
    ...overrides,
  });
}

async function contactByEmail(email: string): Promise<Contact> {
  return t.db
    .selectFrom('leads')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirstOrThrow();
}

/** The confirmation link the seller's acknowledgement carries, as the worker builds it. */
async function linkFromAcknowledgement(services: AppServices, enquiryId: string): Promise<string | null> {
  const jobs = recordingJobQueue();
  await runEnquiryNotifyJob({ ...services, jobs }, { enquiryId });
  const seller = jobs.jobs
    .map((job) => job.payload as { idempotencyKey: string; message: { text: string; html: string } })
    .find((payload) => payload.idempotencyKey.endsWith('-seller'));
  const match = /\/confirm-subscription\?token=([A-Za-z0-9_-]+)/.exec(seller?.message.text ?? '');
  return match?.[1] ?? null;
}

async function setConfirmationRequired(required: boolean): Promise<void> {
  await t.db.updateTable('settings').set({ require_consent_confirmation: required }).execute();
}

describe('double opt-in for sell-form consent', () => {
  it('a stranger typing a known address changes nothing on the contact but a pending request', async () => {
    const services = testServices(t.db);
    const email = `known.${randomUUID().slice(0, 8)}@example.com`;
    await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Real Owner', phone: '0400 123 456' })
      .execute();
    const before = await contactByEmail(email);

    const result = await visitor(services, '203.0.113.66').lead.submit(form({ email }));
    expect(result.confirmationRequested).toBe(true);

    const after = await contactByEmail(email);
    const {
      updated_at: _u1,
      email_consent_pending,
      sms_consent_pending,
      consent_requested_at,
      ...rest
    } = after;
    const {
      updated_at: _u0,
      email_consent_pending: wasEmailPending,
      sms_consent_pending: wasSmsPending,
      consent_requested_at: wasRequested,
      ...restBefore
    } = before;
    expect(rest).toEqual(restBefore);
    expect([wasEmailPending, wasSmsPending, wasRequested]).toEqual([false, false, null]);
    expect([email_consent_pending, sms_consent_pending]).toEqual([true, true]);
    expect(consent_requested_at).toBeInstanceOf(Date);

    // Not in any campaign audience while pending.
    expect(await countSubscribedContacts(t.db)).toBe(0);
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Pending check', subject: 'Hello', html_content: '<p>Hi</p>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipients = await t.db
      .transaction()
      .execute((trx) => snapshotAudience(trx, { id: campaign.id, is_test_mode: false, test_emails: [] }));
    expect(recipients).toBe(0);
  });

  it('the e-mailed link confirms both channels with the evidence of the click', async () => {
    const services = testServices(t.db);
    const input = form();
    const { enquiryId } = await visitor(services).lead.submit(input);
    const token = await linkFromAcknowledgement(services, enquiryId);
    expect(token).not.toBeNull();

    // Opening the page (or a scanner fetching it) changes nothing.
    const owner = visitor(services, '203.0.113.77', 'Mozilla/5.0 (Owner Phone)');
    const view = await owner.consent.view({ token: token ?? '' });
    expect(view).toMatchObject({ state: 'pending', channels: ['email', 'sms'] });
    expect(view).toMatchObject({ email: expect.stringMatching(/^s\*\*\*@example\.com$/) as string });
    expect((await contactByEmail(input.email)).email_marketing_consent).toBe(false);

    const confirmed = await owner.consent.confirm({ token: token ?? '' });
    expect(confirmed).toMatchObject({ state: 'confirmed', channels: ['email', 'sms'] });
    const contact = await contactByEmail(input.email);
    expect(contact).toMatchObject({
      email_marketing_consent: true,
      sms_marketing_consent: true,
      email_consent_pending: false,
      sms_consent_pending: false,
      consent_source: CONSENT_SOURCE_CONFIRMED,
      consent_ip: '203.0.113.77',
      consent_user_agent: 'Mozilla/5.0 (Owner Phone)',
    });
    expect(contact.consent_at?.getTime()).toBeGreaterThanOrEqual(
      contact.consent_requested_at?.getTime() ?? Infinity,
    );
    expect(await countSubscribedContacts(t.db)).toBeGreaterThanOrEqual(1);

    // A second click is harmless and says so.
    expect(await owner.consent.confirm({ token: token ?? '' })).toMatchObject({ state: 'nothing_pending' });
    // Nothing left to confirm: a retried notification job no longer carries a link.
    expect(await linkFromAcknowledgement(services, enquiryId)).toBeNull();
  });

  it('an expired link or a forged one shows a clear answer and changes nothing', async () => {
    const services = testServices(t.db);
    const input = form();
    const { enquiryId } = await visitor(services).lead.submit(input);
    const before = await contactByEmail(input.email);
    const contactId = before.id;
    const secret = services.config.appSecret;
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
    const expired = createConfirmationToken(secret, {
      contactId: contactId,
      enquiryId,
      email: input.email,
      submittedAt: eightDaysAgo,
    });
    const otherSecret = createConfirmationToken('not-our-secret', {
      contactId: contactId,
      enquiryId,
      email: input.email,
      submittedAt: new Date(),
    });
    const otherAddress = createConfirmationToken(secret, {
      contactId: contactId,
      enquiryId,
      email: 'attacker@example.net',
      submittedAt: new Date(),
    });
    const genuine = (await linkFromAcknowledgement(services, enquiryId)) ?? '';
    const flipped = `${genuine.slice(0, 10)}${genuine[10] === 'A' ? 'B' : 'A'}${genuine.slice(11)}`;

    const caller = visitor(services);
    expect(await caller.consent.view({ token: expired })).toEqual({ state: 'expired' });
    for (const token of [otherSecret, otherAddress, flipped, 'garbage', 'A'.repeat(71)]) {
      expect(await caller.consent.view({ token }), token).toEqual({ state: 'invalid' });
      expect(await codeOf(caller.consent.confirm({ token })), token).toBe('NOT_FOUND');
    }
    expect(await codeOf(caller.consent.confirm({ token: expired }))).toBe('PRECONDITION_FAILED');
    await expect(caller.consent.confirm({ token: expired })).rejects.toThrow(CONFIRMATION_MESSAGES.expired);
    await expect(caller.consent.confirm({ token: flipped })).rejects.toThrow(CONFIRMATION_MESSAGES.invalid);
    expect(await codeOf(caller.consent.confirm({ token: '' }))).toBe('BAD_REQUEST');

    expect(await contactByEmail(input.email)).toEqual(before);
  });

  it('an unsubscribe meanwhile withdraws the request; the link then confirms nothing', async () => {
    const services = testServices(t.db);
    const input = form({ smsMarketingConsent: false });
    const { enquiryId } = await visitor(services).lead.submit(input);
    const token = (await linkFromAcknowledgement(services, enquiryId)) ?? '';
    const contact = await contactByEmail(input.email);
    await t.db
      .transaction()
      .execute((trx) =>
        applyPreferenceAction(trx, contact.id, 'email', { method: 'manual', ip: null, userAgent: null }),
      );
    expect(await contactByEmail(input.email)).toMatchObject({
      email_consent_pending: false,
      email_marketing_consent: false,
    });
    expect(await visitor(services).consent.confirm({ token })).toMatchObject({ state: 'nothing_pending' });
    expect((await contactByEmail(input.email)).email_unsubscribed_at).toBeInstanceOf(Date);
  });

  it('an owner who unsubscribed earlier and asks again is resubscribed by the link, and it is logged', async () => {
    const services = testServices(t.db);
    const email = `returning.${randomUUID().slice(0, 8)}@example.com`;
    await t.db
      .insertInto('leads')
      .values({ email, email_unsubscribed_at: new Date('2026-05-01T00:00:00Z'), unsubscribe_reason: 'Busy' })
      .execute();
    const { enquiryId } = await visitor(services).lead.submit(form({ email, smsMarketingConsent: false }));
    const token = (await linkFromAcknowledgement(services, enquiryId)) ?? '';
    await visitor(services, '203.0.113.88').consent.confirm({ token });
    const contact = await contactByEmail(email);
    expect(contact).toMatchObject({
      email_marketing_consent: true,
      email_unsubscribed_at: null,
      sms_marketing_consent: false,
    });
    const logs = await t.db
      .selectFrom('unsubscribe_logs')
      .select(['action', 'method', 'ip_address'])
      .where('lead_id', '=', contact.id)
      .execute();
    expect(logs).toEqual([{ action: 'email_resubscribe', method: 'manual', ip_address: '203.0.113.88' }]);
  });

  it('with confirmation turned off, a ticked box is consent at once and the evidence says so', async () => {
    await setConfirmationRequired(false);
    try {
      const services = testServices(t.db);
      const input = form({ smsMarketingConsent: false });
      const result = await visitor(services, '203.0.113.99', 'Mozilla/5.0 (Desk)').lead.submit(input);
      expect(result.confirmationRequested).toBe(false);
      expect(await contactByEmail(input.email)).toMatchObject({
        email_marketing_consent: true,
        email_consent_pending: false,
        consent_source: 'sell_form_unconfirmed',
        consent_ip: '203.0.113.99',
        consent_user_agent: 'Mozilla/5.0 (Desk)',
      });
      expect(await linkFromAcknowledgement(services, result.enquiryId)).toBeNull();
    } finally {
      await setConfirmationRequired(true);
    }
  });

  it('links into the site the configuration names', async () => {
    const services = testServices(t.db);
    const { enquiryId } = await visitor(services).lead.submit(form());
    const jobs = recordingJobQueue();
    await runEnquiryNotifyJob({ ...services, jobs }, { enquiryId });
    const texts = jobs.jobs.map((job) => (job.payload as { message: { text: string } }).message.text);
    expect(texts.some((text) => text.includes(`${TEST_APP_URL}/confirm-subscription?token=`))).toBe(true);
  });
});
