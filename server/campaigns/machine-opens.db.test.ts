import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { click, resendEmailEvent, seedSentCampaign } from '#test/support/resend-webhooks.ts';
import { useWebhookServer } from '#test/support/webhook-server.ts';
import { MACHINE_OPEN_WINDOW_SECONDS } from './machine-opens.ts';

describe('machine opens (events through the signed webhook)', () => {
  const t = useTestDatabase();
  const hook = useWebhookServer(t);

  it('counts an open inside the window after delivery as a machine open, unless the reader came back or clicked', async () => {
    const sends = await seedSentCampaign(t.db, 5);
    const [proxyOnly, proxyThenReader, reader, clicker, unopened] = sends;
    if (!proxyOnly || !proxyThenReader || !reader || !clicker || !unopened) throw new Error('five sends');
    const delivered = new Date('2026-11-24T00:00:00Z');
    const after = (seconds: number) => new Date(delivered.getTime() + seconds * 1000);
    const deliver = (event: object) => hook.deliver(event);
    for (const send of sends)
      await deliver(resendEmailEvent('email.delivered', send.providerMessageId, { createdAt: delivered }));
    const inside = MACHINE_OPEN_WINDOW_SECONDS - 1;
    await deliver(resendEmailEvent('email.opened', proxyOnly.providerMessageId, { createdAt: after(2) }));
    await deliver(
      resendEmailEvent('email.opened', proxyOnly.providerMessageId, { createdAt: after(inside) }),
    );
    await deliver(
      resendEmailEvent('email.opened', proxyThenReader.providerMessageId, { createdAt: after(1) }),
    );
    await deliver(
      resendEmailEvent('email.opened', proxyThenReader.providerMessageId, { createdAt: after(3600) }),
    );
    await deliver(resendEmailEvent('email.opened', reader.providerMessageId, { createdAt: after(300) }));
    await deliver(resendEmailEvent('email.opened', clicker.providerMessageId, { createdAt: after(1) }));
    await deliver(
      resendEmailEvent('email.clicked', clicker.providerMessageId, {
        createdAt: after(5),
        data: click('https://watches.example.com/sell', after(5)),
      }),
    );

    const opens = await hook.admin().campaigns.opens({
      id: proxyOnly.campaignId,
    });
    expect(opens).toEqual({
      opened: 4,
      humanOpened: 3,
      machineOpened: 1,
      openRate: (100 * 4) / 5,
      humanOpenRate: (100 * 3) / 5,
    });
  });
});
