import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { click, resendEmailEvent, seedSentCampaign } from '#test/support/resend-webhooks.ts';
import { useWebhookServer } from '#test/support/webhook-server.ts';
import { MACHINE_OPEN_WINDOW_SECONDS } from '#shared/campaigns/figures.ts';

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

  it('counts an open the provider flags as a machine open as one, whatever its timing', async () => {
    const sends = await seedSentCampaign(t.db, 4);
    const [flaggedLate, flaggedThenReader, oddFlag, flaggedClicker] = sends;
    if (!flaggedLate || !flaggedThenReader || !oddFlag || !flaggedClicker) throw new Error('four sends');
    const delivered = new Date('2026-11-24T00:00:00Z');
    const after = (seconds: number) => new Date(delivered.getTime() + seconds * 1000);
    for (const send of sends)
      await hook.deliver(
        resendEmailEvent('email.delivered', send.providerMessageId, { createdAt: delivered }),
      );
    const flagged = { machine_open: true };
    // An hour after delivery: by timing a reader's open, but the provider says a machine made it.
    await hook.deliver(
      resendEmailEvent('email.opened', flaggedLate.providerMessageId, {
        createdAt: after(3600),
        data: flagged,
      }),
    );
    // A flagged open, then an unflagged one after the window: the reader came.
    await hook.deliver(
      resendEmailEvent('email.opened', flaggedThenReader.providerMessageId, {
        createdAt: after(600),
        data: flagged,
      }),
    );
    await hook.deliver(
      resendEmailEvent('email.opened', flaggedThenReader.providerMessageId, { createdAt: after(7200) }),
    );
    // A flag that is no boolean is ignored, not refused: the event is stored and judged by timing.
    await hook.deliver(
      resendEmailEvent('email.opened', oddFlag.providerMessageId, {
        createdAt: after(300),
        data: { machine_open: 'yes' },
      }),
    );
    // A click needs a reader, flag or no flag.
    await hook.deliver(
      resendEmailEvent('email.opened', flaggedClicker.providerMessageId, {
        createdAt: after(900),
        data: flagged,
      }),
    );
    await hook.deliver(
      resendEmailEvent('email.clicked', flaggedClicker.providerMessageId, {
        createdAt: after(905),
        data: click('https://watches.example.com/sell', after(905)),
      }),
    );

    const stored = await t.db
      .selectFrom('email_events')
      .select(['provider_message_id', 'machine_open'])
      .where('type', '=', 'email.opened')
      .where(
        'provider_message_id',
        'in',
        sends.map((s) => s.providerMessageId),
      )
      .orderBy('occurred_at')
      .execute();
    expect(stored).toEqual([
      { provider_message_id: oddFlag.providerMessageId, machine_open: false },
      { provider_message_id: flaggedThenReader.providerMessageId, machine_open: true },
      { provider_message_id: flaggedClicker.providerMessageId, machine_open: true },
      { provider_message_id: flaggedLate.providerMessageId, machine_open: true },
      { provider_message_id: flaggedThenReader.providerMessageId, machine_open: false },
    ]);
    const opens = await hook.admin().campaigns.opens({ id: flaggedLate.campaignId });
    expect(opens).toEqual({
      opened: 4,
      humanOpened: 3,
      machineOpened: 1,
      openRate: 100,
      humanOpenRate: (100 * 3) / 4,
    });
  });
});
