import { sql } from 'kysely';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { buttonElement } from '../email/layout/layout.ts';
import { lines, noticeHeading, p, renderBody, styledP } from '../email/layout/body.ts';
import { layoutMessage } from '../email/layout/message.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { EmailMessage } from '../email/types.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { AppServices } from '../services.ts';

// The assignee hears of every message from a seller once (decision 060), however it was filed
// (an e-mailed reply through the webhook, or the seller's page): this job picks up the rows whose
// `notified_at` is still empty, every minute. The same transaction stamps them and queues the
// e-mail with a key derived from the message (decision 006), so a retried run, or two workers at
// once (SKIP LOCKED), never tell anyone twice. Unmatched mail waits for someone to file it. The
// notice quotes the message (decision 095), so the buyer can tell from the inbox what it asks.

const BATCH = 100;

/**
 * How much of the seller's message the notice quotes (decision 095): enough for the usual reply
 * ("Yes, Tuesday suits me"), so the buyer knows from the inbox whether to act now; a longer one is
 * cut, and the whole stays on the enquiry.
 */
export const QUOTE_LIMIT = 1500;

export interface IncomingNotice {
  enquiryId: string;
  source: 'email' | 'seller_page';
  fromEmail: string | null;
  fromName: string | null;
  subject: string | null;
  bodyText: string;
  to: string;
}

/** The quoted message: trimmed, runs of blank lines made one, cut at QUOTE_LIMIT characters. */
export function quotedMessage(body: string): string {
  const text = body
    .replace(/\r\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT).trimEnd()}…` : text;
}

/** The team's notice of one message from a seller, quoting it (decision 095, amending 060). */
export function incomingNoticeEmail(
  config: Pick<AppConfig, 'appUrl' | 'site' | 'emailFrom'>,
  notice: IncomingNotice,
): EmailMessage {
  const who = notice.fromName ?? notice.fromEmail ?? 'The seller';
  const how = notice.source === 'email' ? 'replied by e-mail' : 'wrote on their page';
  const subject = `${who} ${how} – ${enquiryReference(notice.enquiryId)}`.replace(/\s+/g, ' ').slice(0, 200);
  const quote = quotedMessage(notice.bodyText);
  const cut = quote.length < notice.bodyText.trim().length;
  const { html, text } = layoutMessage(config.site, {
    title: subject,
    preheader: quote.slice(0, 120) || (notice.subject ?? subject),
    body: renderBody([
      noticeHeading(subject),
      notice.subject ? p(`Subject: ${notice.subject}`) : null,
      quote
        ? styledP({ borderLeft: '3px solid #c8b89a', paddingLeft: '12px', color: '#3d372f' }, ...lines(quote))
        : null,
      cut ? p('The message is longer: the rest is on the enquiry.') : null,
      buttonElement(`${config.appUrl}/admin/enquiries/${notice.enquiryId}`, 'Open the enquiry'),
    ]),
  });
  return {
    from: config.emailFrom,
    to: [notice.to],
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'enquiry_incoming' }],
  };
}

export async function runIncomingMessageNotify(
  services: Pick<AppServices, 'db' | 'jobs' | 'config'>,
): Promise<{ notified: number }> {
  const { config } = services;
  return services.db.transaction().execute(async (trx) => {
    const rows = await sql<{
      id: string;
      enquiry_id: string;
      source: 'email' | 'seller_page';
      from_email: string | null;
      from_name: string | null;
      subject: string | null;
      body_text: string;
      assignee_email: string | null;
    }>`
      SELECT m.id, m.enquiry_id, m.source, m.from_email, m.from_name, m.subject, m.body_text,
             u.email AS assignee_email
      FROM enquiry_incoming_messages m
      JOIN enquiries e ON e.id = m.enquiry_id
      LEFT JOIN users u ON u.id = e.assignee_id
      WHERE m.notified_at IS NULL AND m.enquiry_id IS NOT NULL
      ORDER BY m.received_at, m.id
      LIMIT ${BATCH}
      FOR UPDATE OF m SKIP LOCKED`.execute(trx);
    if (rows.rows.length === 0) return { notified: 0 };
    await trx
      .updateTable('enquiry_incoming_messages')
      .set({ notified_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        rows.rows.map((r) => r.id),
      )
      .execute();
    for (const row of rows.rows) {
      await enqueueEmail(
        services,
        incomingNoticeEmail(config, {
          enquiryId: row.enquiry_id,
          source: row.source,
          fromEmail: row.from_email,
          fromName: row.from_name,
          subject: row.subject,
          bodyText: row.body_text,
          to: row.assignee_email ?? config.site.email,
        }),
        `enquiry-incoming-${row.id}`,
        { trx },
        { aboutEnquiryIds: [row.enquiry_id] },
      );
    }
    return { notified: rows.rows.length };
  });
}
