import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { Webhook } from 'svix';
import type { Database } from '../../server/db/database.ts';

/** A secret in Resend's format (`whsec_` + base64 of random bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export const RESEND_FROM = 'Sterling Watch Buyers <valuations@sterlingwatchbuyers.com.au>';

export interface EmailEventOptions {
  to?: string;
  createdAt?: Date;
  /** Extra `data` fields, e.g. `bounce`, `click`, `failed`, `suppressed`. */
  data?: Record<string, unknown>;
}

/**
 * A Resend e-mail event exactly as Resend shapes it (resend.com/docs/webhooks/emails/*): the event
 * type and creation time, and `data` with the e-mail's id, creation time, sender, recipients,
 * subject and tags.
 */
export function resendEmailEvent(type: string, emailId: string, options: EmailEventOptions = {}) {
  const createdAt = options.createdAt ?? new Date();
  return {
    type,
    created_at: createdAt.toISOString(),
    data: {
      created_at: '2026-11-21 09:30:12.894719+00',
      email_id: emailId,
      from: RESEND_FROM,
      to: [options.to ?? 'collector@example.com'],
      subject: 'The watch market this month',
      tags: { category: 'campaign' },
      ...options.data,
    },
  };
}

export const bounce = (type: 'Permanent' | 'Transient' | 'Undetermined', message?: string) => ({
  bounce: {
    message:
      message ??
      (type === 'Permanent'
        ? "The recipient's email address is on the suppression list because it has a recent history of producing hard bounces."
        : 'The recipient mailbox is full.'),
    subType: type === 'Permanent' ? 'General' : 'MailboxFull',
    type,
  },
});

export const click = (link: string, at = new Date()) => ({
  click: {
    ipAddress: '122.115.53.11',
    link,
    timestamp: at.toISOString(),
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.1 Safari/605.1.15',
  },
});

export const newSvixId = () => `msg_${randomBytes(14).toString('base64url')}`;

/** The three Svix headers Resend sends, signed with the real svix library. */
export function svixHeaders(
  secret: string,
  body: string,
  { id = newSvixId(), at = new Date() }: { id?: string; at?: Date } = {},
): Record<string, string> {
  return {
    'svix-id': id,
    'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
    'svix-signature': new Webhook(secret).sign(id, at, body),
  };
}

export interface SendFixture {
  campaignId: string;
  contactId: string;
  sendId: string;
  email: string;
  providerMessageId: string;
}

/**
 * A sending campaign with `count` contacts, each with a send the engine has marked sent
 * (status, provider id, sent_at, and sent_count on the campaign).
 */
export async function seedSentCampaign(db: Database, count: number): Promise<SendFixture[]> {
  const campaign = await db
    .insertInto('email_campaigns')
    .values({
      name: `Webhook ${randomUUID()}`,
      subject: 'Market update',
      status: 'sending',
      sent_count: count,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fixtures: SendFixture[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `reader-${randomUUID()}@example.com`;
    const contact = await db
      .insertInto('leads')
      .values({ email, email_marketing_consent: true, consent_at: new Date(), consent_source: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const providerMessageId = randomUUID();
    const send = await db
      .insertInto('email_sends')
      .values({
        campaign_id: campaign.id,
        lead_id: contact.id,
        recipient_email: email,
        status: 'sent',
        provider_message_id: providerMessageId,
        sent_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fixtures.push({
      campaignId: campaign.id,
      contactId: contact.id,
      sendId: send.id,
      email,
      providerMessageId,
    });
  }
  return fixtures;
}

/** Posts one event to the app's real webhook route, signed as Resend signs it; expects 200. */
export async function postSignedEvent(
  app: { inject: (options: InjectOptions) => Promise<{ statusCode: number; body: string }> },
  secret: string,
  event: object,
): Promise<void> {
  const body = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks/resend',
    headers: { 'content-type': 'application/json', ...svixHeaders(secret, body) },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
}
