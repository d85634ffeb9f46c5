import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCES_MESSAGES } from '#shared/preferences/schemas.ts';
import type { Database } from '../db/database.ts';
import type { NewContact } from '../db/types.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testConfig, testServices } from '#test/support/services.ts';
import { signToken } from '../unsubscribe/signed-token.ts';

const secret = testConfig().appSecret;

async function createContact(db: Database, values: Partial<NewContact> = {}) {
  return db
    .insertInto('leads')
    .values({
      email: `lead-${crypto.randomUUID()}@example.com`,
      full_name: 'Jane Citizen',
      email_marketing_consent: true,
      sms_marketing_consent: true,
      consent_at: new Date('2026-01-01T00:00:00Z'),
      consent_source: 'sell_form',
      consent_ip: '198.51.100.1',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function contactRow(db: Database, id: string) {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function logsOf(db: Database, contactId: string) {
  return db
    .selectFrom('unsubscribe_logs')
    .selectAll()
    .where('lead_id', '=', contactId)
    .orderBy('created_at')
    .orderBy('action')
    .execute();
}

async function trpcError(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('preferences.get / preferences.update', () => {
  const t = useTestDatabase();
  let campaignId: string;
  const caller = () => callerFor(testServices(t.db));

  beforeAll(async () => {
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Spring update', subject: 'Spring', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    campaignId = campaign.id;
  });

  it('shows the masked address and both channels for a valid link', async () => {
    const contact = await createContact(t.db, {
      email: 'John.Smith@Example.com',
      sms_marketing_consent: false,
    });
    const view = await caller().preferences.get({ token: signToken(secret, { contactId: contact.id }) });
    expect(view).toEqual({
      email: 'J***@Example.com',
      emailSubscribed: true,
      smsSubscribed: false,
      emailSuppressed: false,
      // Never opted out of SMS: the page offers Subscribe, not Resubscribe.
      emailOptedOut: false,
      smsOptedOut: false,
    });
  });

  it('answers NOT_FOUND with the spec message for a bad, foreign or orphaned link', async () => {
    const contact = await createContact(t.db);
    const good = signToken(secret, { contactId: contact.id });
    const tokens = [
      'not-a-token',
      `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`,
      signToken('another-secret-0123456789abcdefghijklmnop', { contactId: contact.id }),
      signToken(secret, { contactId: crypto.randomUUID() }),
    ];
    for (const token of tokens) {
      const error = await trpcError(caller().preferences.get({ token }));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe(PREFERENCES_MESSAGES.linkNotFound);
      const updateError = await trpcError(caller().preferences.update({ token, action: 'both' }));
      expect(updateError.code).toBe('NOT_FOUND');
    }
    expect(await logsOf(t.db, contact.id)).toHaveLength(0);
    expect((await contactRow(t.db, contact.id)).email_marketing_consent).toBe(true);
  });

  it('unsubscribes e-mail, logs one row with method, IP, user agent and campaign, and keeps the first time', async () => {
    const contact = await createContact(t.db);
    const token = signToken(secret, { contactId: contact.id, campaignId });
    const first = await caller().preferences.update({
      token,
      action: 'email',
      reason: '  Too many e-mails  ',
    });
    expect(first).toEqual({
      success: true,
      preferences: {
        email: 'l***@example.com',
        emailSubscribed: false,
        smsSubscribed: true,
        emailSuppressed: false,
        emailOptedOut: true,
        smsOptedOut: false,
      },
    });
    const after = await contactRow(t.db, contact.id);
    expect(after).toMatchObject({
      email_marketing_consent: false,
      sms_marketing_consent: true,
      unsubscribe_reason: 'Too many e-mails',
    });
    expect(after.email_unsubscribed_at).toBeInstanceOf(Date);
    expect(after.updated_at.getTime()).toBeGreaterThan(contact.updated_at.getTime());

    const logs = await logsOf(t.db, contact.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      email: contact.email,
      action: 'email_unsubscribe',
      method: 'manual',
      ip_address: '127.0.0.1',
      user_agent: 'vitest',
      lead_id: contact.id,
      campaign_id: campaignId,
      reason: 'Too many e-mails',
    });

    // A second unsubscribe succeeds but changes nothing: same time, same reason, no second row.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await caller().preferences.update({ token, action: 'email', reason: 'Again' });
    expect(second.success).toBe(true);
    const again = await contactRow(t.db, contact.id);
    expect(again.email_unsubscribed_at).toEqual(after.email_unsubscribed_at);
    expect(again.unsubscribe_reason).toBe('Too many e-mails');
    expect(again.updated_at).toEqual(after.updated_at);
    expect(await logsOf(t.db, contact.id)).toHaveLength(1);
  });

  it('keeps the first unsubscribe time when "both" follows an e-mail unsubscribe, logging only SMS', async () => {
    const contact = await createContact(t.db);
    const token = signToken(secret, { contactId: contact.id });
    await caller().preferences.update({ token, action: 'email' });
    const emailTime = (await contactRow(t.db, contact.id)).email_unsubscribed_at;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await caller().preferences.update({ token, action: 'both' });
    expect(result.preferences).toMatchObject({ emailSubscribed: false, smsSubscribed: false });
    const after = await contactRow(t.db, contact.id);
    expect(after.email_unsubscribed_at).toEqual(emailTime);
    expect(after.sms_unsubscribed_at).toBeInstanceOf(Date);
    expect((await logsOf(t.db, contact.id)).map((l) => l.action)).toEqual([
      'email_unsubscribe',
      'sms_unsubscribe',
    ]);
  });

  it('unsubscribes SMS only and keeps its first time', async () => {
    const contact = await createContact(t.db);
    const token = signToken(secret, { contactId: contact.id });
    await caller().preferences.update({ token, action: 'sms', reason: 'No texts please' });
    const after = await contactRow(t.db, contact.id);
    expect(after).toMatchObject({
      email_marketing_consent: true,
      email_unsubscribed_at: null,
      sms_marketing_consent: false,
      unsubscribe_reason: null,
    });
    expect(after.sms_unsubscribed_at).toBeInstanceOf(Date);
    await caller().preferences.update({ token, action: 'sms' });
    expect((await contactRow(t.db, contact.id)).sms_unsubscribed_at).toEqual(after.sms_unsubscribed_at);
    const logs = await logsOf(t.db, contact.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action: 'sms_unsubscribe',
      method: 'manual',
      ip_address: '127.0.0.1',
      user_agent: 'vitest',
      campaign_id: null,
      reason: 'No texts please',
    });
  });

  it('"both" writes one row per channel it changes', async () => {
    const contact = await createContact(t.db);
    const token = signToken(secret, { contactId: contact.id, campaignId });
    await caller().preferences.update({ token, action: 'both' });
    const after = await contactRow(t.db, contact.id);
    expect(after).toMatchObject({ email_marketing_consent: false, sms_marketing_consent: false });
    const logs = await logsOf(t.db, contact.id);
    expect(logs.map((l) => [l.action, l.method, l.campaign_id])).toEqual([
      ['email_unsubscribe', 'manual', campaignId],
      ['sms_unsubscribe', 'manual', campaignId],
    ]);
    await caller().preferences.update({ token, action: 'both' });
    expect(await logsOf(t.db, contact.id)).toHaveLength(2);
  });

  it('resubscribes e-mail with new consent evidence, then SMS, logging each once', async () => {
    const contact = await createContact(t.db, {
      email_marketing_consent: false,
      sms_marketing_consent: false,
      email_unsubscribed_at: new Date('2026-03-01T00:00:00Z'),
      unsubscribe_reason: 'old reason',
      sms_unsubscribed_at: new Date('2026-03-01T00:00:00Z'),
    });
    const token = signToken(secret, { contactId: contact.id });
    const before = Date.now();
    const result = await caller().preferences.update({ token, action: 'resubscribe_email' });
    expect(result.preferences).toMatchObject({ emailSubscribed: true, smsSubscribed: false });
    const after = await contactRow(t.db, contact.id);
    expect(after).toMatchObject({
      email_marketing_consent: true,
      email_unsubscribed_at: null,
      unsubscribe_reason: null,
      consent_source: 'preferences',
      consent_ip: '127.0.0.1',
      sms_marketing_consent: false,
    });
    expect(after.consent_at?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    await caller().preferences.update({ token, action: 'resubscribe_email' });
    await caller().preferences.update({ token, action: 'resubscribe_sms' });
    const final = await contactRow(t.db, contact.id);
    expect(final).toMatchObject({ sms_marketing_consent: true, sms_unsubscribed_at: null });
    const logs = await logsOf(t.db, contact.id);
    expect(logs.map((l) => [l.action, l.method, l.ip_address, l.user_agent])).toEqual([
      ['email_resubscribe', 'manual', '127.0.0.1', 'vitest'],
      ['sms_resubscribe', 'manual', '127.0.0.1', 'vitest'],
    ]);
  });

  it('refuses to resubscribe a suppressed address to e-mail, with a clear message', async () => {
    const contact = await createContact(t.db, {
      email_marketing_consent: false,
      email_unsubscribed_at: new Date('2026-03-01T00:00:00Z'),
      suppressed_at: new Date('2026-03-01T00:00:00Z'),
      suppression_reason: 'hard_bounce',
    });
    const token = signToken(secret, { contactId: contact.id });
    expect(await caller().preferences.get({ token })).toMatchObject({
      emailSubscribed: false,
      emailSuppressed: true,
    });
    const error = await trpcError(caller().preferences.update({ token, action: 'resubscribe_email' }));
    expect(error.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toBe(PREFERENCES_MESSAGES.suppressed);
    expect(await contactRow(t.db, contact.id)).toMatchObject({
      email_marketing_consent: false,
      email_unsubscribed_at: contact.email_unsubscribed_at,
    });
    expect(await logsOf(t.db, contact.id)).toHaveLength(0);
    // SMS is a different channel and stays manageable.
    await caller().preferences.update({ token, action: 'sms' });
    expect((await logsOf(t.db, contact.id)).map((l) => l.action)).toEqual(['sms_unsubscribe']);
  });

  it('records no campaign when the token names a campaign that no longer exists', async () => {
    const contact = await createContact(t.db);
    const token = signToken(secret, { contactId: contact.id, campaignId: crypto.randomUUID() });
    await caller().preferences.update({ token, action: 'email' });
    const logs = await logsOf(t.db, contact.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.campaign_id).toBeNull();
  });

  it('serialises concurrent clicks: one change, one log row', async () => {
    const contact = await createContact(t.db);
    const token = signToken(secret, { contactId: contact.id });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => caller().preferences.update({ token, action: 'email' })),
    );
    expect(results.every((r) => r.success)).toBe(true);
    expect(await logsOf(t.db, contact.id)).toHaveLength(1);
  });

  it('rejects an unknown action and a reason over 500 characters with BAD_REQUEST', async () => {
    const contact = await createContact(t.db);
    const token = signToken(secret, { contactId: contact.id });
    const tooLong = await trpcError(
      caller().preferences.update({ token, action: 'email', reason: 'x'.repeat(501) }),
    );
    expect(tooLong.code).toBe('BAD_REQUEST');
    const badAction = await trpcError(
      caller().preferences.update({ token, action: 'everything' as unknown as 'email' }),
    );
    expect(badAction.code).toBe('BAD_REQUEST');
    await caller().preferences.update({ token, action: 'email', reason: 'x'.repeat(500) });
    expect((await contactRow(t.db, contact.id)).unsubscribe_reason).toHaveLength(500);
  });
});
