import { describe, expect, it } from 'vitest';
import { campaignHtml } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { click, resendEmailEvent, seedSentCampaign, bounce } from '#test/support/resend-webhooks.ts';
import { useWebhookServer } from '#test/support/webhook-server.ts';

// "Send to non-openers" (decision 038): events through the signed webhook route, then the copy's
// count and snapshot checked recipient by recipient.

const MINUTE = 60_000;

describe('send to non-openers', () => {
  const t = useTestDatabase();
  const hook = useWebhookServer(t);

  it('snapshots exactly the delivered recipients with no reader’s open who may still be e-mailed', async () => {
    const sends = await seedSentCampaign(t.db, 7);
    const [reader, machineOnly, unopened, bounced, unsubscribesLater, clickedOnly, noDelivery] = sends;
    if (!reader || !machineOnly || !unopened || !bounced || !unsubscribesLater || !clickedOnly || !noDelivery)
      throw new Error('seven sends');
    const original = reader.campaignId;
    const start = Date.now() - 60 * MINUTE;
    const at = (minutes: number, seconds = 0) => new Date(start + minutes * MINUTE + seconds * 1000);
    const deliver = (
      send: { providerMessageId: string },
      type: string,
      when: Date,
      data?: Record<string, unknown>,
    ) =>
      hook.deliver(
        resendEmailEvent(type, send.providerMessageId, { createdAt: when, ...(data ? { data } : {}) }),
      );

    for (const send of [reader, machineOnly, unopened, unsubscribesLater, clickedOnly])
      await deliver(send, 'email.delivered', at(0));
    await deliver(reader, 'email.opened', at(5));
    // Fetched 2 seconds after delivery, never again: a machine open (decision 025).
    await deliver(machineOnly, 'email.opened', at(0, 2));
    await deliver(bounced, 'email.bounced', at(0), bounce('Permanent'));
    await deliver(
      clickedOnly,
      'email.clicked',
      at(0, 3),
      click('https://watches.example.com/sell', at(0, 3)),
    );
    await t.db
      .updateTable('email_campaigns')
      .set({ status: 'completed', completed_at: new Date(), html_content: campaignHtml })
      .where('id', '=', original)
      .execute();

    const admin = hook.admin();
    await expect(admin.campaigns.copyForNonOpeners({ id: original, subject: '  ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const copy = await admin.campaigns.copyForNonOpeners({ id: original, subject: 'Did you miss this?' });
    expect(copy).toMatchObject({
      status: 'draft',
      subject: 'Did you miss this?',
      htmlContent: campaignHtml,
      resendOfCampaignId: original,
      totalRecipients: 3,
    });
    expect(await admin.campaigns.nonOpenersCount({ id: original })).toEqual({ recipients: 3 });

    // Consent is judged when the copy is sent: whoever unsubscribed since is left out.
    await t.db
      .updateTable('leads')
      .set({ email_unsubscribed_at: new Date() })
      .where('id', '=', unsubscribesLater.contactId)
      .execute();
    const sent = await admin.campaigns.sendNow({
      id: copy.id,
      name: copy.name,
      subject: copy.subject,
      htmlContent: copy.htmlContent,
      variables: {},
    });
    expect(sent.totalRecipients).toBe(2);
    const snapshotted = await t.db
      .selectFrom('email_sends')
      .select('recipient_email')
      .where('campaign_id', '=', copy.id)
      .orderBy('recipient_email')
      .execute();
    expect(snapshotted.map((s) => s.recipient_email)).toEqual([machineOnly.email, unopened.email].sort());

    // The copy still says whose non-openers it went to.
    expect((await admin.campaigns.get({ id: copy.id })).resendOfCampaignId).toBe(original);
  });

  it('refuses a campaign that has not completed', async () => {
    const [send] = await seedSentCampaign(t.db, 1);
    if (!send) throw new Error('one send');
    await expect(
      hook.admin().campaigns.copyForNonOpeners({ id: send.campaignId, subject: 'Again' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /Only a completed campaign/ });
  });
});
