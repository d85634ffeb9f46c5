import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { createElement as h } from 'react';
import { noticeHeading, p, renderBody } from '../email/layout/body.ts';
import { layoutMessage } from '../email/layout/message.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import type { AppServices } from '../services.ts';
import { formatInstant } from '#shared/time/format.ts';

// The 24-hour promise (decision 026): every quarter of an hour the worker
// e-mails the business one digest of the enquiries still awaiting a first reply 20 hours after
// they came in, four hours before the promise is broken. Each enquiry is named in one digest
// only: the same transaction stamps digested_at and queues the e-mail.

export const DIGEST_AFTER_HOURS = 20;
/** One e-mail stays readable; the rest wait for the next run a quarter of an hour later. */
const DIGEST_LIMIT = 200;

/** Times as the business reads them: in the timezone its settings name. */
function receivedFormat(timeZone: string): (at: Date) => string {
  return (at) => formatInstant(at, timeZone, 'dateTime');
}

export async function runAwaitingReplyDigest(
  services: Pick<AppServices, 'db' | 'jobs' | 'config'>,
  now: Date = new Date(),
): Promise<{ enquiries: number }> {
  const cutoff = new Date(now.getTime() - DIGEST_AFTER_HOURS * 3_600_000);
  return services.db.transaction().execute(async (trx) => {
    // SKIP LOCKED: two workers running at once split the rows rather than both naming them.
    const rows = await sql<{
      id: string;
      created_at: Date;
      name: string | null;
      watch_brand: string;
      watch_model: string | null;
    }>`
      SELECT e.id, e.created_at, coalesce(e.contact_name, l.full_name, l.email) AS name, e.watch_brand, e.watch_model
      FROM enquiries e JOIN leads l ON l.id = e.lead_id
      WHERE e.status = 'new' AND e.digested_at IS NULL AND e.created_at <= ${cutoff}
      ORDER BY e.created_at, e.id
      LIMIT ${DIGEST_LIMIT}
      FOR UPDATE OF e SKIP LOCKED`.execute(trx);
    if (rows.rows.length === 0) return { enquiries: 0 };
    const ids = rows.rows.map((r) => r.id);
    await trx
      .updateTable('enquiries')
      .set({ digested_at: sql<Date>`now()` })
      .where('id', 'in', ids)
      .execute();

    const { config } = services;
    const received = receivedFormat(await getSettingsTimezone(trx));
    const lines = rows.rows.map((r) => ({
      text: `${enquiryReference(r.id)} · ${[r.watch_brand, r.watch_model].filter(Boolean).join(' ')} · ${r.name ?? ''} · received ${received(r.created_at)}`,
      url: `${config.appUrl}/admin/enquiries/${r.id}`,
    }));
    const count = rows.rows.length;
    const subject = `${count} ${count === 1 ? 'enquiry' : 'enquiries'} still awaiting a first reply`;
    const { html, text } = layoutMessage(config.site, {
      title: subject,
      preheader: `The site promises a reply within ${config.site.claims.responseHours} hours.`,
      body: renderBody([
        noticeHeading(subject),
        p(
          `These came in more than ${DIGEST_AFTER_HOURS} hours ago; the site promises a reply within ${config.site.claims.responseHours} hours.`,
        ),
        h(
          'ul',
          null,
          lines.map((l) => h('li', { key: l.url }, h('a', { href: l.url }, l.text))),
        ),
        // Each buyer's reply times against the promise (decision 096).
        p(h('a', { href: `${config.appUrl}/admin/enquiries/desk` }, 'The desk’s numbers')),
      ]),
    });
    // Derived from the members: a retried run that names the same enquiries sends nothing twice.
    const key = `enquiry-digest-${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 40)}`;
    await enqueueEmail(
      services,
      {
        from: config.emailFrom,
        to: [config.site.email],
        subject,
        html,
        text,
        tags: [{ name: 'category', value: 'enquiry_digest' }],
      },
      key,
      { trx },
      { aboutEnquiryIds: ids },
    );
    return { enquiries: count };
  });
}
