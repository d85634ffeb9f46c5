import { beforeAll, describe, expect, it } from 'vitest';
import { SEND_FILTERS } from '#shared/campaigns/schemas.ts';
import type { SessionUser } from '../auth/session.ts';
import type { CampaignStatus, SendStatus } from '../db/types.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, recordingJobQueue, testServices } from '#test/support/services.ts';
import { SEND_FILTER_STATUSES } from './sends-list.ts';

const html = '<html><body><p>Details page sends.</p></body></html>';

describe('details page: send filters and Retry failed', () => {
  const t = useTestDatabase();
  let admin: SessionUser;

  beforeAll(async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'sends-admin@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { ...user, role: 'owner' };
  });

  async function campaignWith(status: CampaignStatus, sends: SendStatus[], failedCount = 0) {
    const row = await t.db
      .insertInto('email_campaigns')
      .values({
        name: `Sends ${status}`,
        subject: 'Subject',
        html_content: html,
        status,
        total_recipients: sends.length,
        failed_count: failedCount,
        completed_at: status === 'completed' ? new Date() : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (sends.length > 0)
      await t.db
        .insertInto('email_sends')
        .values(
          sends.map((sendStatus, i) => ({
            campaign_id: row.id,
            recipient_email: `${sendStatus}-${i}@example.com`,
            status: sendStatus,
            provider_message_id: ['held', 'queued', 'sending', 'skipped', 'cancelled', 'failed'].includes(
              sendStatus,
            )
              ? null
              : `m-${row.id}-${i}`,
            error: sendStatus === 'failed' ? 'provider refused' : null,
          })),
        )
        .execute();
    return row;
  }

  it('maps every filter but all to send statuses', () => {
    expect(Object.keys(SEND_FILTER_STATUSES).sort()).toEqual(SEND_FILTERS.filter((f) => f !== 'all').sort());
    // The spec's four come first, in its order.
    expect(SEND_FILTERS.slice(0, 4)).toEqual(['all', 'delivered', 'bounced', 'failed']);
  });

  it('filters the table by delivered, bounced, failed, sent, queued, held, skipped and cancelled', async () => {
    const statuses: SendStatus[] = [
      'held',
      'held',
      'queued',
      'sending',
      'sent',
      'delivered',
      'delivered',
      'delivery_delayed',
      'bounced',
      'complained',
      'failed',
      'skipped',
      'cancelled',
    ];
    const row = await campaignWith('sending', statuses);
    const api = callerFor(testServices(t.db), admin).admin.campaigns;
    const shown = async (status: (typeof SEND_FILTERS)[number]) =>
      (await api.sends({ id: row.id, status })).sends.map((send) => send.status).sort();

    expect((await api.sends({ id: row.id })).totalCount).toBe(statuses.length);
    expect(await shown('delivered')).toEqual(['delivered', 'delivered']);
    expect(await shown('bounced')).toEqual(['bounced']);
    expect(await shown('failed')).toEqual(['failed']);
    // Everything the provider accepted, whatever it reported since: the Sent counter's rows.
    expect(await shown('sent')).toEqual([
      'bounced',
      'complained',
      'delivered',
      'delivered',
      'delivery_delayed',
      'sent',
    ]);
    // Held (an A/B remainder waiting for the winner, decision 037) has its own tab, not Queued's.
    expect(await shown('queued')).toEqual(['queued', 'sending']);
    expect(await shown('held')).toEqual(['held', 'held']);
    expect(await shown('skipped')).toEqual(['skipped']);
    expect(await shown('cancelled')).toEqual(['cancelled']);
    const emptyCampaign = await campaignWith('sending', []);
    expect(await api.sends({ id: emptyCampaign.id, status: 'failed' })).toEqual({
      sends: [],
      totalCount: 0,
      totalPages: 0,
    });
  });

  it('refuses an unknown filter', async () => {
    const row = await campaignWith('sending', ['queued']);
    const api = callerFor(testServices(t.db), admin).admin.campaigns;
    expect(await codeOf(api.sends({ id: row.id, status: 'opened' as 'sent' }))).toBe('BAD_REQUEST');
  });

  it('retryFailed sends a completed campaign again to its failed recipients only', async () => {
    const row = await campaignWith('completed', ['delivered', 'failed', 'failed'], 2);
    const jobs = recordingJobQueue();
    const api = callerFor(testServices(t.db, { jobs }), admin).admin.campaigns;
    const detail = await api.retryFailed({ id: row.id });
    expect(detail).toMatchObject({ id: row.id, status: 'sending', failedCount: 0, completedAt: null });
    expect(jobs.jobs.map((job) => job.name)).toEqual(['campaign.send']);
    const statuses = await t.db
      .selectFrom('email_sends')
      .select('status')
      .where('campaign_id', '=', row.id)
      .orderBy('status')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['delivered', 'queued', 'queued']);
  });

  it('retryFailed refuses a campaign that is not finished, or has nothing to retry', async () => {
    const api = callerFor(testServices(t.db), admin).admin.campaigns;
    const sending = await campaignWith('sending', ['failed'], 1);
    expect(await codeOf(api.retryFailed({ id: sending.id }))).toBe('CONFLICT');
    const clean = await campaignWith('completed', ['delivered']);
    expect(await codeOf(api.retryFailed({ id: clean.id }))).toBe('BAD_REQUEST');
    expect(
      await t.db
        .selectFrom('email_campaigns')
        .select('status')
        .where('id', '=', clean.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'completed' });
    expect(await codeOf(api.retryFailed({ id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
  });
});
