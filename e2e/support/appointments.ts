import { sql } from 'kysely';
import { e2eDatabase } from './db.ts';
import { expect } from './test.ts';

// Shared by the specs that book visits (decision 062).

/**
 * Sydney open every day, 15-minute slots from 00:00 to 23:45, no minimum notice: there are free
 * times whatever the hour the test runs.
 */
export async function openSydneyAllDay(): Promise<void> {
  const db = e2eDatabase();
  await db
    .insertInto('appointment_settings')
    .values({ id: true, slot_minutes: 15, horizon_days: 7, min_notice_hours: 0 })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ slot_minutes: 15, horizon_days: 7, min_notice_hours: 0 }),
    )
    .execute();
  await db.deleteFrom('location_hours').where('location', '=', 'sydney').execute();
  await db
    .insertInto('location_hours')
    .values(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        location: 'sydney',
        weekday,
        opens: '00:00',
        closes: '23:59',
      })),
    )
    .execute();
}

/** The newest outbox e-mail to `to` whose subject starts so, once the worker has delivered it, and its .ics. */
export async function outboxEmailWithIcs(to: string, subject: string) {
  const db = e2eDatabase();
  let row: { subject: string; attachments: Array<{ filename: string; content: string }> } | undefined;
  await expect
    .poll(
      async () => {
        row = await db
          .selectFrom('outbox_emails')
          .select(['subject', 'attachments'])
          .where(sql<boolean>`${to} = ANY(to_addresses)`)
          .where('subject', 'like', `${subject}%`)
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
        return row?.subject;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const ics = row?.attachments.find((a) => a.filename.endsWith('.ics'));
  return { ...row, ics: ics ? Buffer.from(ics.content, 'base64').toString('utf8') : null };
}
