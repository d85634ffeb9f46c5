import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_NOT_FOUND } from '#shared/campaigns/schemas.ts';
import { engineSettings, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { parseCsv } from '#test/support/csv.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { AppServices } from '../services.ts';
import { runCampaignSend } from './engine/run.ts';
import { CAMPAIGN_SENDS_CSV_HEADER } from './sends-export.ts';

describe("a campaign's sends as CSV", () => {
  const t = useTestDatabase();
  let server: AppServer;
  let services: AppServices;
  let adminCookie: string;

  beforeAll(async () => {
    services = testServices(t.db);
    server = await createServer({ services, clientDir: null, logLevel: 'silent' });
    await createUser(t.db, {
      email: 'sends-admin@example.com',
      password: 'export-password-1',
      verified: true,
    });
    await grantAdmin(t.db, 'sends-admin@example.com');
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sends-admin@example.com')
      .executeTakeFirstOrThrow();
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    adminCookie = `session=${token}`;
    await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
  });
  afterAll(async () => {
    await server.stop();
  });

  const get = (url: string, cookie?: string) =>
    server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lists every recipient by address with status and event times in the business timezone', async () => {
    await seedSubscribers(t.db, 3);
    await engineSettings(t.db, { batchSize: 10 });
    const campaign = await sendNow(services, { name: 'Spring / Rolex update!' });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    await t.db
      .updateTable('email_sends')
      .set({
        status: 'bounced',
        bounced_at: new Date('2026-11-20T01:00:00Z'),
        bounce_type: 'Permanent',
        bounce_message: '=550 mailbox "unknown", sorry',
      })
      .where('recipient_email', '=', 'contact-2@example.com')
      .execute();
    await t.db
      .updateTable('email_sends')
      .set({ opened_at: new Date('2026-11-20T02:30:00Z') })
      .where('recipient_email', '=', 'contact-3@example.com')
      .execute();

    const response = await get(`/api/admin/exports/campaigns/${campaign.id}/sends.csv`, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="spring-rolex-update-sends-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['x-row-count']).toBe('3');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...CAMPAIGN_SENDS_CSV_HEADER]);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['contact-1@example.com', 'Contact1 Surname', 'sent'],
      ['contact-2@example.com', 'Contact2 Surname', 'bounced'],
      ['contact-3@example.com', 'Contact3 Surname', 'sent'],
    ]);
    for (const row of rows) expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+1[01]:00$/);
    const column = (name: (typeof CAMPAIGN_SENDS_CSV_HEADER)[number]) =>
      CAMPAIGN_SENDS_CSV_HEADER.indexOf(name);
    expect(rows[1]?.[column('Bounced At')]).toBe('2026-11-20T12:00:00+11:00');
    expect(rows[1]?.[column('Bounce Type')]).toBe('Permanent');
    // A provider's text is data, never a formula, and keeps its quotes.
    expect(rows[1]?.[column('Bounce Reason')]).toBe(`'=550 mailbox "unknown", sorry`);
    expect(rows[2]?.[column('Opened At')]).toBe('2026-11-20T13:30:00+11:00');
    expect(rows[0]?.[column('Opened At')]).toBe('');
  });

  it('answers 404 for an unknown or malformed campaign id, 401 without a session', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(`/api/admin/exports/campaigns/${id}/sends.csv`, adminCookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: CAMPAIGN_NOT_FOUND });
    }
    const campaign = await t.db.selectFrom('email_campaigns').select('id').executeTakeFirstOrThrow();
    expect((await get(`/api/admin/exports/campaigns/${campaign.id}/sends.csv`)).statusCode).toBe(401);
  });
});
