import { sql } from 'kysely';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { buttonElement } from '../email/layout/layout.ts';
import { noticeHeading, p, renderBody } from '../email/layout/body.ts';
import { layoutMessage } from '../email/layout/message.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { AppServices } from '../services.ts';

// The assignee hears of every message from a seller once (decision 060), however it was filed
// (an e-mailed reply through the webhook, or the seller's page): this job picks up the rows whose
// `notified_at` is still empty, every minute. The same transaction stamps them and queues the
// e-mail with a key derived from the message (decision 006), so a retried run, or two workers at
// once (SKIP LOCKED), never tell anyone twice. Unmatched mail waits for someone to file it.

const BATCH = 100;

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
      assignee_email: string | null;
    }>`
      SELECT m.id, m.enquiry_id, m.source, m.from_email, m.from_name, m.subject, u.email AS assignee_email
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
      const who = row.from_name ?? row.from_email ?? 'The seller';
      const how = row.source === 'email' ? 'replied by e-mail' : 'wrote on their page';
      const subject = `${who} ${how} – ${enquiryReference(row.enquiry_id)}`
        .replace(/\s+/g, ' ')
        .slice(0, 200);
      const { html, text } = layoutMessage(config.site, {
        title: subject,
        preheader: row.subject ?? subject,
        body: renderBody([
          noticeHeading(subject),
          row.subject ? p(`Subject: ${row.subject}`) : null,
          // The message stays in the admin: only members who sign in read what sellers write.
          buttonElement(`${config.appUrl}/admin/enquiries/${row.enquiry_id}`, 'Open the enquiry'),
        ]),
      });
      await enqueueEmail(
        services,
        {
          from: config.emailFrom,
          to: [row.assignee_email ?? config.site.email],
          subject,
          html,
          text,
          tags: [{ name: 'category', value: 'enquiry_incoming' }],
        },
        `enquiry-incoming-${row.id}`,
        { trx },
        { aboutEnquiryIds: [row.enquiry_id] },
      );
    }
    return { notified: rows.rows.length };
  });
}
