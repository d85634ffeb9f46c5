import { beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, type SettingsInput } from '#shared/settings/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { getSendingSettings, parseMailbox } from './settings.ts';

const valid: SettingsInput = {
  fromName: 'Sterling Offers',
  fromEmail: 'offers@sterlingwatchbuyers.com.au',
  replyToEmail: 'hello@sterlingwatchbuyers.com.au',
  batchSize: 80,
  batchDelaySeconds: 2.5,
  timezone: 'Australia/Perth',
  requireConsentConfirmation: false,
  enquiryRetentionDays: 90,
  weeklyMarketingCap: 5,
  complaintPauseThreshold: 0.2,
  complaintPauseMinDelivered: 500,
  sunsetMonths: 18,
};

describe('admin settings', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const caller = () => callerFor(testServices(t.db, { config: { resendConfigured: true } }), admin);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'settings-admin@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    await createUser(t.db, { email: 'not-an-admin@example.com', password: 'x-password-1' });
    admin = { id: user.id, email: user.email, role: 'owner' };
  });

  it('starts with the design defaults and shows the configured sender as the fallback', async () => {
    const view = await caller().admin.settings.get();
    expect(view.values).toEqual({
      fromName: '',
      fromEmail: '',
      replyToEmail: '',
      batchSize: 50,
      batchDelaySeconds: 1,
      timezone: 'Australia/Sydney',
      // Double opt-in is on until the business turns it off (decision 016).
      requireConsentConfirmation: true,
      // Closed enquiries keep photos and free text 180 days (decision 026).
      enquiryRetentionDays: 180,
      // Campaigns and flows together, per contact per 7 days (decision 064).
      weeklyMarketingCap: 3,
      // Gmail's 0.1 % spam-rate guidance, judged after 1,000 deliveries (decision 074).
      complaintPauseThreshold: 0.1,
      complaintPauseMinDelivered: 1000,
      // Twelve months without a reader's open or click leaves a contact out (decision 089).
      sunsetMonths: 12,
    });
    expect(view.defaults).toEqual({
      fromName: 'Sterling Watch Buyers',
      fromEmail: 'valuations@sterlingwatchbuyers.com.au',
      replyToEmail: 'valuations@sterlingwatchbuyers.com.au',
    });
    expect(view.bouncePauseThreshold).toBe(5);
    expect(view.adminEmails).toEqual(['settings-admin@example.com']);
  });

  it("shows the members' addresses to the Owner only", async () => {
    for (const role of ['marketer', 'buyer', 'viewer'] as const) {
      const view = await callerFor(testServices(t.db), { ...admin, role }).admin.settings.get();
      expect(view.adminEmails, role).toBeNull();
      expect(JSON.stringify(view), role).not.toContain('settings-admin@example.com');
    }
    expect((await caller().admin.settings.get()).adminEmails).toEqual(['settings-admin@example.com']);
  });

  it('reports integrations as configured or not, never with a secret', async () => {
    const view = await caller().admin.settings.get();
    expect(view.integrations.map((i) => [i.key, i.configured, i.setting])).toEqual([
      ['email', true, 'RESEND_API_KEY'],
      ['meta', false, 'META_CAPI_TOKEN, META_PIXEL_ID'],
    ]);
    const unconfigured = await callerFor(testServices(t.db), admin).admin.settings.get();
    expect(unconfigured.integrations[0]?.configured).toBe(false);
  });

  it('saves valid settings and the sending worker reads them', async () => {
    const saved = await caller().admin.settings.update(valid);
    expect(saved.values).toEqual(valid);
    expect((await caller().admin.settings.get()).values).toEqual(valid);
    expect(await getSendingSettings(t.db)).toMatchObject({
      fromName: 'Sterling Offers',
      fromEmail: 'offers@sterlingwatchbuyers.com.au',
      replyToEmail: 'hello@sterlingwatchbuyers.com.au',
      batchSize: 80,
      batchDelayMs: 2500,
      timezone: 'Australia/Perth',
      bouncePauseThreshold: 5,
      requireConsentConfirmation: false,
      enquiryRetentionDays: 90,
      weeklyMarketingCap: 5,
      complaintPauseThreshold: 0.2,
      sunsetMonths: 18,
      complaintPauseMinDelivered: 500,
    });
    // A save without the retention field (a form from before it existed) leaves it as it is.
    const { enquiryRetentionDays: _omitted, ...withoutRetention } = valid;
    await caller().admin.settings.update(withoutRetention);
    expect((await caller().admin.settings.get()).values.enquiryRetentionDays).toBe(90);
    // Nor does one without the cap: flows and campaigns keep the saved one.
    const { weeklyMarketingCap: _cap, ...withoutCap } = valid;
    await caller().admin.settings.update(withoutCap);
    expect((await caller().admin.settings.get()).values.weeklyMarketingCap).toBe(5);
    // Nor without the complaint brake's fields (decision 074).
    const { complaintPauseThreshold: _limit, complaintPauseMinDelivered: _min, ...withoutBrake } = valid;
    await caller().admin.settings.update(withoutBrake);
    expect((await caller().admin.settings.get()).values).toMatchObject({
      complaintPauseThreshold: 0.2,
      sunsetMonths: 18,
      complaintPauseMinDelivered: 500,
    });
  });

  it('stores blank identity fields as "use the default"', async () => {
    await caller().admin.settings.update({ ...valid, fromName: ' ', fromEmail: '', replyToEmail: '' });
    expect(await getSendingSettings(t.db)).toMatchObject({
      fromName: null,
      fromEmail: null,
      replyToEmail: null,
    });
  });

  it.each([
    [{ fromEmail: 'bad' }, SETTINGS_MESSAGES.invalidEmail],
    [{ replyToEmail: 'a@b.co\r\nBcc: x@y.co' }, SETTINGS_MESSAGES.lineBreak],
    [{ fromName: 'A\nB' }, SETTINGS_MESSAGES.lineBreak],
    [{ batchSize: 101 }, SETTINGS_MESSAGES.batchSizeRange],
    [{ batchDelaySeconds: 0.25 }, SETTINGS_MESSAGES.batchDelayRange],
    [{ timezone: 'Moon/Base' }, SETTINGS_MESSAGES.timezone],
    [{ weeklyMarketingCap: 0 }, SETTINGS_MESSAGES.weeklyMarketingCapRange],
    [{ weeklyMarketingCap: 51 }, SETTINGS_MESSAGES.weeklyMarketingCapRange],
    [{ weeklyMarketingCap: 2.5 }, SETTINGS_MESSAGES.weeklyMarketingCapRange],
  ])('refuses %j with a field message and keeps the stored settings', async (change, message) => {
    const before = await getSendingSettings(t.db);
    const error = await caller()
      .admin.settings.update({ ...valid, ...change })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify((error as { cause?: unknown }).cause)).toContain(message);
    expect(await getSendingSettings(t.db)).toEqual(before);
  });
});

describe('parseMailbox', () => {
  it('splits a display name and an address', () => {
    expect(parseMailbox('Sterling Watch Buyers <valuations@example.com>')).toEqual({
      name: 'Sterling Watch Buyers',
      email: 'valuations@example.com',
    });
    expect(parseMailbox('"Quoted, Name" <a@b.co>')).toEqual({ name: 'Quoted, Name', email: 'a@b.co' });
    expect(parseMailbox('bare@example.com')).toEqual({ name: null, email: 'bare@example.com' });
  });
});
