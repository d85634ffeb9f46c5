import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { createElement } from 'react';
import { type DeadlineKind, DEADLINE_RULES } from '#shared/register/deadlines.ts';
import { addDays } from '#shared/register/states.ts';
import { localDate, wallPartsAt } from '#shared/time/zones.ts';
import type { AppConfig } from '../config/app-config.ts';
import { p, renderBody, strong } from '../email/layout/body.ts';
import { buttonElement } from '../email/layout/layout.ts';
import { layoutMessage } from '../email/layout/message.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { EmailMessage } from '../email/types.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { formatCalendarDay } from '#shared/time/format.ts';

// The day-before reminder (decision 070): the worker runs this every hour; from 8 am in the
// business's timezone it e-mails the Owners, once, the register deadlines due tomorrow that are
// still open. The same transaction stamps reminded_on and queues the e-mail (its idempotency key
// derived from the deadlines and the day), so a deadline is named in one reminder only.

/** The business's hour from which the day's reminder goes. */
export const REMINDER_FROM_HOUR = 8;
/** One e-mail stays readable; the rest wait for the next hour's run. */
const REMINDER_LIMIT = 100;

export interface DeadlineReminderLine {
  kind: DeadlineKind;
  watch: string;
  dueOn: string;
}

/** "Friday 11 December 2026" for a YYYY-MM-DD day. */
function formatDay(day: string): string {
  return formatCalendarDay(day, 'weekdayDate');
}

export function deadlineReminderEmail(
  config: Pick<AppConfig, 'appUrl' | 'site' | 'emailFrom'>,
  input: { to: string[]; dueOn: string; lines: DeadlineReminderLine[] },
): EmailMessage {
  const count = input.lines.length;
  const subject = `${count} dealer’s register ${count === 1 ? 'deadline' : 'deadlines'} due tomorrow`;
  // The suspicious-matter note and the seller's name stay in the admin: an e-mail is forwarded.
  const items = input.lines.map((line, i) => {
    const rule = DEADLINE_RULES[line.kind];
    return createElement(
      'li',
      { key: i },
      strong(rule.label),
      ` · ${line.watch || 'Watch'}`,
      createElement('br'),
      rule.action,
    );
  });
  const body = renderBody([
    p(`Due ${formatDay(input.dueOn)}:`),
    createElement('ul', null, ...items),
    p('Mark each done on the Compliance list once it is sent, with its reference.'),
    buttonElement(`${config.appUrl}/admin/register/compliance`, 'Open the Compliance list'),
  ]);
  const { html, text } = layoutMessage(config.site, {
    title: subject,
    preheader: `Due ${formatDay(input.dueOn)}`,
    body,
  });
  return {
    from: config.emailFrom,
    to: input.to,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'register_deadline_reminder' }],
  };
}

function localHour(now: Date, timeZone: string): number {
  return new Date(wallPartsAt(now.getTime(), timeZone)).getUTCHours();
}

export async function runDeadlineReminders(
  services: Pick<AppServices, 'db' | 'jobs' | 'config'>,
  now: Date = new Date(),
): Promise<{ deadlines: number }> {
  return services.db.transaction().execute(async (trx) => {
    const timezone = await getSettingsTimezone(trx);
    if (localHour(now, timezone) < REMINDER_FROM_HOUR) return { deadlines: 0 };
    const today = localDate(now, timezone);
    const tomorrow = addDays(today, 1);
    const owners = await trx
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select('users.email')
      .where('user_roles.role', '=', 'owner')
      .orderBy('users.email')
      .execute();
    if (owners.length === 0) return { deadlines: 0 };
    // SKIP LOCKED: two workers running at once split the rows rather than both naming them.
    const { rows } = await sql<{ id: string; kind: DeadlineKind; watch_description: string }>`
      SELECT d.id, d.kind, p.watch_description
      FROM register_deadlines d JOIN purchase_records p ON p.id = d.purchase_record_id
      WHERE d.due_on = ${tomorrow}::date AND d.done_at IS NULL AND d.reminded_on IS NULL
      ORDER BY d.kind, d.created_at, d.id
      LIMIT ${REMINDER_LIMIT}
      FOR UPDATE OF d SKIP LOCKED`.execute(trx);
    if (rows.length === 0) return { deadlines: 0 };
    const ids = rows.map((r) => r.id);
    await trx.updateTable('register_deadlines').set({ reminded_on: today }).where('id', 'in', ids).execute();
    const message = deadlineReminderEmail(services.config, {
      to: owners.map((o) => o.email),
      dueOn: tomorrow,
      lines: rows.map((r) => ({ kind: r.kind, watch: r.watch_description, dueOn: tomorrow })),
    });
    const key = `register-deadlines-${today}-${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 40)}`;
    await enqueueEmail(services, message, key, { trx });
    return { deadlines: rows.length };
  });
}
