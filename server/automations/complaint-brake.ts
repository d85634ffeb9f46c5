import { sql } from 'kysely';
import {
  COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT,
  FLOW_COMPLAINT_PAUSE_RATE,
} from '#shared/settings/schemas.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { COMPLAINT_WINDOW_DAYS, rollingComplaintRate } from '../stats/entry.ts';

/**
 * The flows' complaint brake (decision 074). A flow's e-mails trickle out one contact at a time,
 * so no single flow reaches a volume to judge; what mailbox providers judge is the sending
 * domain's spam rate, campaigns and flows together. When the rolling 7-day complaint rate passes
 * Gmail's 0.3 % blocking line after at least the settings' minimum of deliveries (the campaign
 * brake's, so a handful of e-mails cannot trip it), every live flow pauses with the reason on
 * it and an audit row by the platform. Its runs wait where they are; an admin resumes it.
 */
export async function brakeFlowsOnComplaints(db: Database, now: Date): Promise<string[]> {
  const settings = await db.selectFrom('settings').select('complaint_pause_min_delivered').executeTakeFirst();
  const minDelivered = settings?.complaint_pause_min_delivered ?? COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT;
  const measured = await rollingComplaintRate(db, now);
  if (measured.rate === null || measured.delivered < minDelivered) return [];
  if (measured.rate <= FLOW_COMPLAINT_PAUSE_RATE) return [];
  const rate = Math.round(measured.rate * 100) / 100;
  const reason =
    `Paused automatically: ${measured.complained} of the ${measured.delivered} e-mails delivered in the ` +
    `last ${COMPLAINT_WINDOW_DAYS} days were marked as spam (${rate}%), above the ` +
    `${FLOW_COMPLAINT_PAUSE_RATE}% at which Gmail blocks senders. Find what recipients complain ` +
    `about, then switch the flow on again.`;
  return db.transaction().execute(async (trx) => {
    const paused = await trx
      .updateTable('automation_flows')
      .set({ state: 'paused', pause_reason: reason, updated_at: sql<Date>`now()` })
      .where('state', '=', 'live')
      .returning(['id', 'name'])
      .execute();
    for (const flow of paused) {
      await recordAudit(
        trx,
        { id: null, email: null, ip: null },
        {
          action: 'system.automations.complaintPause',
          entityType: 'automations',
          entityId: flow.id,
          summary: {
            input: { name: flow.name },
            complaintRate: rate,
            delivered: measured.delivered,
            complained: measured.complained,
          },
        },
      );
    }
    return paused.map((flow) => flow.id);
  });
}
