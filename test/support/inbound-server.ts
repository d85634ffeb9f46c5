import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AppServer, createServer } from '#server/app.ts';
import type { Database } from '#server/db/database.ts';
import { createResendInbound } from '#server/email/inbound-mail.ts';
import { RESEND_WEBHOOK_PATH } from '#server/email-events/resend-route.ts';
import { enquiryReplyTo } from '#server/conversation/reply-address.ts';
import type { AppServices } from '#server/services.ts';
import { type FakeResend, startFakeResend } from './fake-resend.ts';
import { newSvixId, newWebhookSecret, svixHeaders } from './resend-webhooks.ts';
import { testServices } from './services.ts';

// A server that takes inbound mail from the fake Resend, and one enquiry to reply to
// (server/conversation/inbound*.db.test.ts, decision 060). Call it inside a describe.

const SECRET = newWebhookSecret();
export const INBOUND_DOMAIN = 'reply.example.com.au';

export function useInboundServer(t: { readonly db: Database }) {
  const DOMAIN = INBOUND_DOMAIN;
  let fake: FakeResend;
  let server: AppServer;
  let dataDir: string;
  let enquiryId: string;
  let replyAddress: string;
  let services: AppServices;
  /** The server's warnings and errors, as JSON lines. */
  const logged: Array<{ msg?: string; emailId?: string }> = [];

  beforeAll(async () => {
    fake = await startFakeResend();
    dataDir = await mkdtemp(path.join(tmpdir(), 'inbound-test-'));
    services = testServices(t.db, {
      config: { resendWebhookSecret: SECRET, inboundDomain: DOMAIN, dataDir },
      inbound: createResendInbound({ apiKey: 're_test_key', baseUrl: fake.url }),
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logged.push(JSON.parse(line) as { msg?: string; emailId?: string });
        done();
      },
    });
    server = await createServer({ services, clientDir: null, logger: pino({ level: 'warn' }, sink) });
    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'olivia@example.com', full_name: 'Olivia Brown' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({ lead_id: lead.id, watch_brand: 'Rolex', watch_condition: 'Excellent' })
      .returning('id')
      .executeTakeFirstOrThrow();
    enquiryId = enquiry.id;
    replyAddress = enquiryReplyTo(services.config, enquiryId) ?? '';
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.reset();
    logged.length = 0;
  });

  function post(event: object, id = newSvixId(), secret = SECRET) {
    const body = JSON.stringify(event);
    return server.app.inject({
      method: 'POST',
      url: RESEND_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', ...svixHeaders(secret, body, { id }) },
      payload: body,
    });
  }

  const messagesOf = (emailId: string) =>
    t.db
      .selectFrom('enquiry_incoming_messages')
      .selectAll()
      .where('provider_email_id', '=', emailId)
      .execute();
  const fetchesOf = (emailId: string) =>
    fake.requests.filter((r) => r.method === 'GET' && r.path === `/emails/receiving/${emailId}`).length;

  return {
    get fake() {
      return fake;
    },
    get server() {
      return server;
    },
    get services() {
      return services;
    },
    get enquiryId() {
      return enquiryId;
    },
    get replyAddress() {
      return replyAddress;
    },
    logged,
    post,
    messagesOf,
    fetchesOf,
  };
}
