import { sql } from 'kysely';
import type { OutboxEmailDetail, OutboxEmailSummary } from '#shared/outbox/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import type { OutboxEmail } from '../db/schema.ts';

function toSummary(
  row: Pick<OutboxEmail, 'id' | 'to_addresses' | 'from_address' | 'subject' | 'created_at'>,
): OutboxEmailSummary {
  return {
    id: row.id,
    to: row.to_addresses,
    from: row.from_address,
    subject: row.subject,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listOutboxEmails(
  db: DbExecutor,
  { page, pageSize, search }: { page: number; pageSize: number; search?: string | undefined },
): Promise<{ emails: OutboxEmailSummary[]; totalCount: number }> {
  let query = db.selectFrom('outbox_emails');
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // array_to_string lets one ILIKE look at every recipient.
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`array_to_string(to_addresses, ' ')`, 'ilike', pattern),
        eb('subject', 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'to_addresses', 'from_address', 'subject', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { emails: rows.map(toSummary), totalCount: count.count };
}

export async function getOutboxEmail(db: DbExecutor, id: string): Promise<OutboxEmailDetail | null> {
  const row = await db.selectFrom('outbox_emails').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    replyTo: row.reply_to,
    html: row.html,
    text: row.text_body,
    headers: row.headers,
  };
}
