import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { callerFor, recordingJobQueue, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { SessionUser } from '../auth/session.ts';
import { runEnquiryNotifyJob } from '../enquiries/notifications.ts';
import { hashEmail, normalisePhone, runCapiJob } from './conversions.ts';

const sha = (v: string) => createHash('sha256').update(v).digest('hex');

describe('Meta Conversions API', () => {
  const t = useTestDatabase();
  const received: Array<{
    url: string;
    body: { data: Array<Record<string, unknown>>; access_token: string };
  }> = [];
  let fake: Server;
  let endpoint = '';
  let admin: SessionUser;
  let enquiryId: string;

  beforeAll(async () => {
    // A local stand-in for the Graph API endpoint: records each request, answers like Meta.
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(raw) as (typeof received)[number]['body'] });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":1}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v24.0/1234567890/events`;

    const user = await createUser(t.db, { email: 'capi-admin@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    const contact = await t.db
      .insertInto('leads')
      .values({ email: 'Jane.Citizen@Example.com', phone: '0412 345 678' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        contact_phone: '0412 345 678',
        watch_brand: 'Rolex',
        watch_condition: 'Good',
        meta_event_id: 'evt_browser_123',
        ip: '203.0.113.9',
        user_agent: 'Mozilla/5.0',
        created_at: new Date('2026-11-20T01:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    enquiryId = enquiry.id;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const configured = () => ({ metaCapi: { token: 'test-token', pixelId: '1234567890', endpoint } });

  it('normalises and hashes e-mail and phone as Meta requires', () => {
    expect(hashEmail('  Jane.Citizen@Example.com ')).toBe(sha('jane.citizen@example.com'));
    expect(normalisePhone('0412 345 678')).toBe('61412345678');
    expect(normalisePhone('+61 412 345 678')).toBe('61412345678');
    expect(normalisePhone('61412345678')).toBe('61412345678');
    expect(normalisePhone('12')).toBeNull();
  });

  it('queues nothing and sends nothing without the token', async () => {
    const jobs = recordingJobQueue();
    await runEnquiryNotifyJob(testServices(t.db, { jobs }), { enquiryId });
    expect(jobs.jobs.map((j) => j.name)).toEqual(['email.send', 'email.send']);
    expect(await runCapiJob(testServices(t.db), { enquiryId, event: 'Lead' })).toEqual({ sent: false });
    expect(received).toHaveLength(0);
  });

  it('sends Lead with the browser event id and hashed contact data', async () => {
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs, config: configured() });
    await runEnquiryNotifyJob(services, { enquiryId });
    const capiJob = jobs.jobs.find((j) => j.name === 'meta.capi');
    expect(capiJob?.payload).toEqual({ enquiryId, event: 'Lead' });
    expect(capiJob?.options.singletonKey).toBe(`capi-lead-${enquiryId}`);

    expect(await runCapiJob(services, { enquiryId, event: 'Lead' })).toEqual({ sent: true });
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/v24.0/1234567890/events');
    expect(received[0]!.body.access_token).toBe('test-token');
    expect(received[0]!.body.data).toEqual([
      {
        event_name: 'Lead',
        event_time: Date.parse('2026-11-20T01:00:00Z') / 1000,
        event_id: 'evt_browser_123',
        action_source: 'website',
        event_source_url: `${services.config.appUrl}/sell`,
        user_data: {
          em: [sha('jane.citizen@example.com')],
          ph: [sha('61412345678')],
          client_ip_address: '203.0.113.9',
          client_user_agent: 'Mozilla/5.0',
        },
      },
    ]);
    expect(JSON.stringify(received[0]!.body)).not.toContain('jane.citizen');
  });

  it('sends Purchase with the amount when the enquiry reaches Purchased', async () => {
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs, config: configured() });
    const caller = callerFor(services, admin);
    await caller.admin.enquiries.recordOffer({
      id: enquiryId,
      amountCents: 1_845_000,
      validUntil: null,
      conditions: null,
    });
    await caller.admin.enquiries.setStatus({ id: enquiryId, to: 'accepted' });
    expect(jobs.jobs.filter((j) => j.name === 'meta.capi')).toHaveLength(0);
    await caller.admin.enquiries.setStatus({
      id: enquiryId,
      to: 'purchased',
      purchase: purchaseRecord(admin.id, { priceCents: 1_200_000 }),
    });
    expect(jobs.jobs.filter((j) => j.name === 'meta.capi').map((j) => j.payload)).toEqual([
      { enquiryId, event: 'Purchase' },
    ]);

    await runCapiJob(services, { enquiryId, event: 'Purchase' });
    const purchase = received.at(-1)!.body.data[0]!;
    expect(purchase).toMatchObject({
      event_name: 'Purchase',
      event_id: `purchase-${enquiryId}`,
      custom_data: { currency: 'AUD', value: 18450 },
      user_data: { em: [sha('jane.citizen@example.com')] },
    });
  });
});
