import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCES_MESSAGES } from '#shared/preferences/schemas.ts';
import { type AppServer, createServer } from '../app.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { runEmailSendJob } from '../email/send-job.ts';
import { useTestDatabase } from '#test/support/db.ts';
import {
  callerFor,
  recordingJobQueue,
  TEST_APP_URL,
  testConfig,
  testServices,
} from '#test/support/services.ts';
import { verifyToken } from '../unsubscribe/signed-token.ts';
import { LOOKUP_LIMITS } from './lookup.ts';

type Procedure = 'preferences.unsubscribeByEmail' | 'preferences.requestLink';

describe('look-up by e-mail (never reveals whether an address is on file)', () => {
  const t = useTestDatabase();
  const jobs = recordingJobQueue();
  let server: AppServer;
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    server = await createServer({
      services: testServices(t.db, { jobs }),
      clientDir: null,
      logLevel: 'silent',
    });
  });
  afterAll(() => server.stop());

  function post(procedure: Procedure, input: unknown, ip: string) {
    return server.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      remoteAddress: ip,
      headers: {
        'content-type': 'application/json',
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
        'user-agent': 'Mozilla/5.0 (look-up test)',
      },
      payload: JSON.stringify(input),
    });
  }

  async function createContact(email: string) {
    return t.db
      .insertInto('leads')
      .values({ email, email_marketing_consent: true, sms_marketing_consent: true })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  it('"unsubscribe this address" gives byte-identical answers and applies only to a known address', async () => {
    const known = await createContact('Known.Seller@example.com');
    const ip = freshIp();
    const forKnown = await post(
      'preferences.unsubscribeByEmail',
      { email: '  known.seller@EXAMPLE.com ' },
      ip,
    );
    const forUnknown = await post('preferences.unsubscribeByEmail', { email: 'nobody-here@example.com' }, ip);

    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.headers['content-type']).toBe(forKnown.headers['content-type']);
    expect(forUnknown.headers['content-length']).toBe(forKnown.headers['content-length']);
    expect(forKnown.headers['set-cookie']).toBeUndefined();

    const contact = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', known.id)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ email_marketing_consent: false, sms_marketing_consent: false });
    expect(contact.email_unsubscribed_at).toBeInstanceOf(Date);
    const logs = await t.db.selectFrom('unsubscribe_logs').selectAll().orderBy('action').execute();
    expect(logs.map((l) => [l.email, l.action, l.method, l.ip_address, l.user_agent, l.lead_id])).toEqual([
      [known.email, 'email_unsubscribe', 'manual', ip, 'Mozilla/5.0 (look-up test)', known.id],
      [known.email, 'sms_unsubscribe', 'manual', ip, 'Mozilla/5.0 (look-up test)', known.id],
    ]);

    // Asking again changes nothing and still answers the same.
    const repeat = await post('preferences.unsubscribeByEmail', { email: known.email }, ip);
    expect(repeat.body).toBe(forKnown.body);
    expect(await t.db.selectFrom('unsubscribe_logs').selectAll().execute()).toHaveLength(2);
  });

  it('"email me a link" gives byte-identical answers and queues an e-mail only for a known address', async () => {
    const known = await createContact('link.seller@example.com');
    const ip = freshIp();
    const before = jobs.jobs.length;
    const forKnown = await post('preferences.requestLink', { email: 'LINK.seller@example.com' }, ip);
    const forUnknown = await post('preferences.requestLink', { email: 'not-on-file@example.com' }, ip);
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.headers['content-length']).toBe(forKnown.headers['content-length']);

    const queued = jobs.jobs.slice(before);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.name).toBe('email.send');
    const payload = queued[0]?.payload as JobPayload<'email.send'>;
    expect(payload.message.to).toEqual([known.email]);

    // The worker's job sends it (to the outbox here); the e-mail's link opens this contact's preferences.
    const services = testServices(t.db);
    await runEmailSendJob(services, payload);
    const outbox = await t.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('idempotency_key', '=', payload.idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(outbox.to_addresses).toEqual([known.email]);
    expect(outbox.subject).toMatch(/marketing preferences/i);
    const links = [
      ...`${outbox.html} ${outbox.text_body}`.matchAll(
        /http:\/\/localhost:3999\/unsubscribe\?token=([A-Za-z0-9_-]+)/g,
      ),
    ];
    expect(links.length).toBeGreaterThanOrEqual(2);
    const token = links[0]?.[1] ?? '';
    expect(verifyToken(testConfig().appSecret, token)).toEqual({ contactId: known.id });
    expect(await callerFor(services).preferences.get({ token })).toEqual({
      email: 'l***@example.com',
      emailSubscribed: true,
      smsSubscribed: true,
      emailSuppressed: false,
      emailOptedOut: false,
      smsOptedOut: false,
    });
    expect(
      await t.db.selectFrom('unsubscribe_logs').selectAll().where('lead_id', '=', known.id).execute(),
    ).toHaveLength(0);
  });

  it('repeated link requests within the window share one idempotency key (one e-mail per inbox)', async () => {
    await createContact('repeat.seller@example.com');
    const ip = freshIp();
    const before = jobs.jobs.length;
    await post('preferences.requestLink', { email: 'repeat.seller@example.com' }, ip);
    await post('preferences.requestLink', { email: 'repeat.seller@example.com' }, ip);
    const keys = jobs.jobs.slice(before).map((j) => (j.payload as JobPayload<'email.send'>).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('asks for an address when the field is empty, and validates its format', async () => {
    const ip = freshIp();
    const empty = await post('preferences.requestLink', { email: '   ' }, ip);
    expect(empty.statusCode).toBe(400);
    const body = empty.json<{
      error: { message: string; data: { fieldErrors: Record<string, string[]> } };
    }>();
    expect(body.error.data.fieldErrors.email).toEqual([PREFERENCES_MESSAGES.emailRequired]);
    const malformed = await post('preferences.unsubscribeByEmail', { email: 'not-an-address' }, ip);
    expect(malformed.statusCode).toBe(400);
    expect(
      malformed.json<{ error: { data: { fieldErrors: Record<string, string[]> } } }>().error.data.fieldErrors
        .email,
    ).toEqual([PREFERENCES_MESSAGES.emailInvalid]);
  });

  it('limits one address to 5 look-ups per 15 minutes, whoever asks, with the same answer for known and unknown', async () => {
    await createContact('limited@example.com');
    for (const email of ['limited@example.com', 'limited-unknown@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < LOOKUP_LIMITS.perAddress.limit + 1; i += 1) {
        const procedure: Procedure =
          i % 2 === 0 ? 'preferences.requestLink' : 'preferences.unsubscribeByEmail';
        statuses.push((await post(procedure, { email }, freshIp())).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    const refused = await post('preferences.requestLink', { email: 'LIMITED@example.com' }, freshIp());
    const refusedUnknown = await post(
      'preferences.requestLink',
      { email: 'limited-unknown@example.com' },
      freshIp(),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(refusedUnknown.body);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(
      /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
    );
  });

  it('limits one IP to 20 look-ups per hour across addresses', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUP_LIMITS.perIp.limit + 2; i += 1)
      statuses.push(
        (await post('preferences.unsubscribeByEmail', { email: `probe-${i}@example.com` }, ip)).statusCode,
      );
    expect(statuses.slice(0, LOOKUP_LIMITS.perIp.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LOOKUP_LIMITS.perIp.limit)).toEqual([429, 429]);
    // Another client is unaffected.
    expect(
      (await post('preferences.unsubscribeByEmail', { email: 'probe-x@example.com' }, freshIp())).statusCode,
    ).toBe(200);
  });

  it('stores no plain address in rate-limit keys', async () => {
    const keys = await t.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.key.includes('@'))).toBe(false);
  });
});
