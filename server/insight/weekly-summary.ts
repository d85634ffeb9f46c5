import { sql } from 'kysely';
import { type FunnelFigures, type FunnelRow } from '#shared/insight/schemas.ts';
import { wallPartsAt } from '#shared/time/zones.ts';
import type { DbExecutor } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { funnelReport } from './funnel.ts';
import { type WeekFigures, type WeeklySummary, weeklySummaryEmail } from './weekly-summary-email.ts';

// The weekly summary (decision 100): from Monday 8 am in the business's timezone, each Owner who
// opted in gets one e-mail of the week before (Monday to Sunday) against the week before that. The
// worker runs this every hour; the row per Owner and week, inserted in the transaction that queues
// the e-mail, is what makes it once: a second worker waits on the first's row and then skips.

/** The business's hour on Monday from which the week's summary goes. */
const SUMMARY_FROM_HOUR = 8;
const DAY_MS = 86_400_000;

/** The week to sum up at `now`: its Monday and Sunday, or null when it is not Monday from 8 am. */
export function summaryWeek(now: Date, timeZone: string): { from: string; to: string } | null {
  const wall = new Date(wallPartsAt(now.getTime(), timeZone));
  if (wall.getUTCDay() !== 1 || wall.getUTCHours() < SUMMARY_FROM_HOUR) return null;
  const day = (offset: number) => new Date(wall.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  return { from: day(-7), to: day(-1) };
}

const weekFigures = (f: FunnelFigures): WeekFigures => ({
  enquiries: f.enquiries,
  purchases: f.purchased,
  valueCents: f.purchaseValueCents,
});

/** Most purchases, then most enquiries, then the label's alphabetical order. */
function bestSource(rows: readonly FunnelRow[]): WeeklySummary['bestSource'] {
  const best = [...rows].sort(
    (a, b) => b.purchased - a.purchased || b.enquiries - a.enquiries || a.label.localeCompare(b.label),
  )[0];
  return best ? { label: best.label, purchases: best.purchased, enquiries: best.enquiries } : null;
}

/**
 * The funnel's medians run from the enquiry (to the first reply, the first offer, the purchase);
 * a stage's time is its median less the one before it that exists. The longest stage is the
 * slowest; a tie goes to the earlier stage, a stage of no time or less is none.
 */
function slowestStep(f: FunnelFigures): WeeklySummary['slowestStep'] {
  const stages = [
    { label: 'Enquiry to first reply', median: f.medianHoursToFirstReply },
    { label: 'First reply to offer', median: f.medianHoursToOffer },
    { label: 'Offer to purchase', median: f.medianHoursToPurchase },
  ];
  let before = 0;
  let slowest: WeeklySummary['slowestStep'] = null;
  for (const stage of stages) {
    if (stage.median === null) continue;
    const hours = Math.round((stage.median - before) * 10) / 10;
    before = stage.median;
    if (hours > 0 && (!slowest || hours > slowest.hours)) slowest = { label: stage.label, hours };
  }
  return slowest;
}

/** The week's figures from the funnel's own query (decision 096), by source. */
async function weeklySummary(db: DbExecutor, week: { from: string; to: string }): Promise<WeeklySummary> {
  const report = await funnelReport(db, { ...week, by: 'source' });
  return {
    week: report.period,
    previous: report.previous,
    current: weekFigures(report.current),
    prior: weekFigures(report.prior),
    bestSource: bestSource(report.rows),
    slowestStep: slowestStep(report.current),
  };
}

export async function runWeeklySummaries(
  services: Pick<AppServices, 'db' | 'jobs' | 'config'>,
  now: Date = new Date(),
): Promise<{ sent: number }> {
  const { db, config } = services;
  const week = summaryWeek(now, await getSettingsTimezone(db));
  if (!week) return { sent: 0 };
  const owners = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('user_roles.role', '=', 'owner')
    .where('users.weekly_summary', '=', true)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM insight_weekly_summaries s
        WHERE s.user_id = users.id AND s.week_start = ${week.from}::date)`,
    )
    .orderBy('users.email')
    .execute();
  if (owners.length === 0) return { sent: 0 };
  const summary = await weeklySummary(db, week);
  let sent = 0;
  for (const owner of owners) {
    const queued = await db.transaction().execute(async (trx) => {
      const claimed = await sql<{ user_id: string }>`
        INSERT INTO insight_weekly_summaries (user_id, week_start) VALUES (${owner.id}, ${week.from}::date)
        ON CONFLICT DO NOTHING RETURNING user_id`.execute(trx);
      if (claimed.rows.length === 0) return false;
      const message = weeklySummaryEmail(config, { to: [owner.email], summary });
      await enqueueEmail(services, message, `insight-weekly-${week.from}-${owner.id}`, { trx });
      return true;
    });
    if (queued) sent += 1;
  }
  return { sent };
}

/** Whether the member gets the weekly summary (an Owner's own choice, decision 100). */
export async function getWeeklySummaryOptIn(db: DbExecutor, userId: string): Promise<{ enabled: boolean }> {
  const row = await db
    .selectFrom('users')
    .select('weekly_summary')
    .where('id', '=', userId)
    .executeTakeFirst();
  return { enabled: row?.weekly_summary ?? false };
}

export async function setWeeklySummaryOptIn(
  db: DbExecutor,
  userId: string,
  enabled: boolean,
): Promise<{ enabled: boolean }> {
  await db.updateTable('users').set({ weekly_summary: enabled }).where('id', '=', userId).execute();
  return { enabled };
}
