import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { startFakeResend, type FakeResend } from '#test/support/fake-resend.ts';
import { newWebhookSecret, postSignedEvent, resendEmailEvent } from '#test/support/resend-webhooks.ts';
import { testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../../app.ts';
import type { EmailTransport } from '../../email/types.ts';
import type { AppServices } from '../../services.ts';
import { resumeCampaign } from '../actions.ts';
import { runCampaignSend } from './run.ts';

// The complaint brake (decision 074), driven by a storm of signed webhooks through the real route.
// 1,300 contacts in batches of 100. A batch is recorded as sent after the provider answers, so
// when the 11th request is answered, exactly 1,000 sends are recorded: the storm then delivers
// those 1,000 and one is marked as spam. The limit is 0.1 % after 1,000 deliveries:
//   1 complaint  / 1,000 delivered = 0.1 %: not above the limit, so the 12th batch goes out;
//   2 complaints / 1,000 delivered = 0.2 %: above it, so the campaign pauses before the 13th,
//   with 1,200 sent.

const SECRET = newWebhookSecret();

describe('complaint brake on a campaign', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let server: AppServer;
  let services: AppServices;

  beforeAll(async () => {
    fake = await startFakeResend();
    server = await createServer({
      services: testServices(t.db, { config: { resendWebhookSecret: SECRET } }),
      clientDir: null,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });
  beforeEach(async () => {
    ({ services } = await freshEngine(t.db, fake, 100));
  });

  async function recordedSends(campaignId: string) {
    return t.db
      .selectFrom('email_sends')
      .select(['provider_message_id', 'recipient_email'])
      .where('campaign_id', '=', campaignId)
      .where('provider_message_id', 'is not', null)
      .orderBy('recipient_email')
      .execute();
  }

  /** Posts the events through the webhook route, twenty side by side as a provider's fan-out. */
  async function post(events: object[]) {
    for (let i = 0; i < events.length; i += 20) {
      await Promise.all(events.slice(i, i + 20).map((event) => postSignedEvent(server.app, SECRET, event)));
    }
  }

  const event = (type: string, send: { provider_message_id: string | null; recipient_email: string }) =>
    resendEmailEvent(type, send.provider_message_id ?? '', { to: send.recipient_email });

  /** The real transport, calling `hooks[n]` after the n-th batch request is answered. */
  function afterRequests(hooks: Record<number, () => Promise<void>>): AppServices {
    const email = services.email;
    let count = 0;
    const transport: EmailTransport = {
      kind: email.kind,
      paced: email.paced ?? false,
      send: (message, options) => email.send(message, options),
      async sendBatch(messages, options) {
        const result = await email.sendBatch(messages, options);
        count += 1;
        await hooks[count]?.();
        return result;
      },
    };
    return testServices(t.db, { email: transport, jobs: services.jobs });
  }

  const campaignRow = (id: string) =>
    t.db.selectFrom('email_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps sending at 0.1 % and pauses at the second complaint in 1,000 delivered (0.2 %)', async () => {
    await seedSubscribers(t.db, 1300);
    const campaign = await sendNow(services);
    let delivered: Awaited<ReturnType<typeof recordedSends>> = [];
    const storming = afterRequests({
      11: async () => {
        delivered = await recordedSends(campaign.id);
        expect(delivered).toHaveLength(1000);
        await post([
          ...delivered.map((s) => event('email.delivered', s)),
          event('email.complained', delivered[0]!),
        ]);
        expect(await campaignRow(campaign.id)).toMatchObject({ delivered_count: 1000, complaint_count: 1 });
      },
      12: () => post([event('email.complained', delivered[1]!)]),
    });

    expect(await runCampaignSend(storming, campaign.id)).toBe('auto-paused');
    const row = await campaignRow(campaign.id);
    expect(row).toMatchObject({
      status: 'paused',
      is_paused: true,
      sent_count: 1200,
      delivered_count: 1000,
      complaint_count: 2,
    });
    expect(fake.emails).toHaveLength(1200);
    expect(row.pause_reason).toBe(
      'Paused automatically: 2 of the last 1000 delivered e-mails were marked as spam (0.20%), above the ' +
        "0.1% limit. Check the campaign's audience and content before resuming: mailbox providers block " +
        'senders whose spam rate stays high.',
    );

    // Resuming judges only the deliveries after it: the last 100 go out.
    await resumeCampaign(services, campaign.id);
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(await campaignRow(campaign.id)).toMatchObject({ status: 'completed', sent_count: 1300 });
  });

  it('follows the settings: 0.5 % after 200 deliveries', async () => {
    await t.db
      .updateTable('settings')
      .set({ complaint_pause_threshold: 0.5, complaint_pause_min_delivered: 200 })
      .execute();
    try {
      await seedSubscribers(t.db, 500);
      const campaign = await sendNow(services);
      // After the 3rd request, 200 are recorded: 1 complaint in 200 is 0.5 % (kept), 2 is 1 %
      // (paused after the 4th batch, with 400 sent).
      let delivered: Awaited<ReturnType<typeof recordedSends>> = [];
      const storming = afterRequests({
        3: async () => {
          delivered = await recordedSends(campaign.id);
          await post([
            ...delivered.map((s) => event('email.delivered', s)),
            event('email.complained', delivered[0]!),
          ]);
        },
        4: () => post([event('email.complained', delivered[1]!)]),
      });
      expect(await runCampaignSend(storming, campaign.id)).toBe('auto-paused');
      const row = await campaignRow(campaign.id);
      expect(row).toMatchObject({
        sent_count: 400,
        delivered_count: 200,
        complaint_count: 2,
        status: 'paused',
      });
      expect(row.pause_reason).toContain('2 of the last 200 delivered e-mails were marked as spam (1.00%)');
    } finally {
      await t.db
        .updateTable('settings')
        .set({ complaint_pause_threshold: 0.1, complaint_pause_min_delivered: 1000 })
        .execute();
    }
  });
});
