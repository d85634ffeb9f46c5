import { sql } from 'kysely';
import type { OutboxEmailDetail, OutboxEmailSummary } from '#shared/outbox/schemas.ts';
import type { PagedResult } from '#shared/admin/lists.ts';
import type { DbExecutor } from '../db/database.ts';
import { containsPattern } from '../db/paging.ts';
import type { OutboxEmail } from '../db/types.ts';
import { extractLinks } from '../email/links.ts';

/**
 * A member's own test e-mails (decision 027): the rows whose tags name them as the sender (the tag
 * a test send carries). Account e-mails (password resets, invitations) never carry it.
 */
export interface SentBy {
  tag: string;
  userId: string;
}

function sentByCondition(sentBy: SentBy) {
  return sql<boolean>`tags @> ${JSON.stringify([{ name: sentBy.tag, value: sentBy.userId }])}::jsonb`;
}

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

/**
 * One page of the outbox, newest first. The count and the page come from the same filter, and a
 * page past the end is served as the last page, so the count beside the table always describes the
 * rows in it.
 */
export async function listOutboxEmails(
  db: DbExecutor,
  {
    page,
    pageSize,
    search,
    sentBy,
  }: { page: number; pageSize: number; search?: string | undefined; sentBy?: SentBy | undefined },
): Promise<PagedResult<OutboxEmailSummary>> {
  let query = db.selectFrom('outbox_emails');
  if (sentBy) query = query.where(sentByCondition(sentBy));
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    // array_to_string lets one ILIKE look at every recipient.
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`array_to_string(to_addresses, ' ')`, 'ilike', pattern),
        eb('subject', 'ilike', pattern),
      ]),
    );
  }
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  const served = Math.min(page, totalPages);
  const rows = await query
    .select(['id', 'to_addresses', 'from_address', 'subject', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((served - 1) * pageSize)
    .execute();
  return {
    rows: rows.map(toSummary),
    totalCount: count,
    totalIsCapped: false,
    totalPages: count === 0 ? 0 : totalPages,
    page: served,
  };
}

export async function getOutboxEmail(
  db: DbExecutor,
  id: string,
  sentBy?: SentBy,
): Promise<OutboxEmailDetail | null> {
  let query = db.selectFrom('outbox_emails').selectAll().where('id', '=', id);
  if (sentBy) query = query.where(sentByCondition(sentBy));
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    replyTo: row.reply_to,
    html: row.html,
    text: row.text_body,
    headers: row.headers,
    tags: row.tags,
    attachments: row.attachments,
    links: row.html ? extractLinks(row.html) : [],
  };
}
