import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ReplyDraft, ReplyField } from '#shared/enquiries/reply.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { replyBodyHtml } from '#shared/enquiries/reply-body.ts';
import { formatAud } from '#shared/money/aud.ts';
import { formatLongDay } from '#shared/time/zones.ts';
import { unfillableTags, unfillableTagsMessage } from '#shared/templates/kinds.ts';
import { mergeTags } from '#shared/templates/variables.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { campaignSender } from '../email/from-address.ts';
import { sanitizeMarketingHtml } from '../email/marketing-html.ts';
import { writtenMessage } from '../email/layout/message.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { AppServices } from '../services.ts';
import { advanceIfAllowed, type Actor } from './pipeline.ts';
import { sellerPageBlock } from '../seller-link/entry.ts';
import { issueSellerLink } from '../seller-link/entry.ts';
import { enquiryReplyTo } from '../conversation/entry.ts';

// Replies to the seller from the enquiry (decision 026): a reply template merged with the seller,
// the watch and the latest offer; the admin may edit it; it is sent through the e-mail module
// (outbox without a provider key) in the transaction that records it.

/** The merge values of one enquiry; null when it does not exist. */
export async function replyMergeValues(
  db: DbExecutor,
  config: Pick<AppConfig, 'site'>,
  enquiryId: string,
): Promise<Record<ReplyField, string> | null> {
  const row = await db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.contact_name',
      'enquiries.watch_brand',
      'enquiries.watch_model',
      'enquiries.watch_year',
      'leads.full_name',
      'leads.email',
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  if (!row) return null;
  const offer = await db
    .selectFrom('enquiry_offers')
    .select([
      'amount_cents',
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'conditions',
    ])
    .where('enquiry_id', '=', enquiryId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fullName = row.contact_name ?? row.full_name ?? '';
  return {
    first_name: fullName.split(/\s+/)[0] ?? '',
    full_name: fullName,
    email: row.email,
    reference: enquiryReference(row.id),
    watch_brand: row.watch_brand,
    watch_model: row.watch_model ?? '',
    watch_year: row.watch_year === null ? '' : String(row.watch_year),
    offer_amount: offer ? formatAud(Number(offer.amount_cents)) : '',
    offer_valid_until: offer?.valid_until ? formatLongDay(offer.valid_until) : '',
    offer_conditions: offer?.conditions ?? '',
    business_name: config.site.name,
    business_phone: config.site.phone,
  };
}

/**
 * What a reply template's test e-mail and preview show in place of a seller's enquiry: every reply
 * field filled, so the admin reads the reply as a seller would.
 */
export function sampleReplyValues(config: Pick<AppConfig, 'site'>, to: string): Record<ReplyField, string> {
  return {
    first_name: 'Alex',
    full_name: 'Alex Sample',
    email: to,
    reference: '1A2B3C4D',
    watch_brand: 'Rolex',
    watch_model: 'Submariner',
    watch_year: '2019',
    offer_amount: formatAud(1_250_000),
    offer_valid_until: formatLongDay('2030-03-01'),
    offer_conditions: 'Subject to inspection',
    business_name: config.site.name,
    business_phone: config.site.phone,
  };
}

/** A reply template merged for one enquiry; null when either is missing. */
export async function replyDraft(
  db: DbExecutor,
  config: Pick<AppConfig, 'site'>,
  enquiryId: string,
  templateId: string,
): Promise<ReplyDraft | null> {
  const template = await db
    .selectFrom('email_templates')
    .select(['subject', 'html_content'])
    .where('id', '=', templateId)
    .where('template_type', '=', 'reply')
    .executeTakeFirst();
  const values = await replyMergeValues(db, config, enquiryId);
  if (!template || !values) return null;
  return {
    subject: mergeTags(template.subject, values, false),
    html: mergeTags(template.html_content, values, true),
  };
}

function replyIdempotencyKey(messageId: string): string {
  return `enquiry-reply-${messageId}`;
}

/**
 * Records and queues one reply. Tags left in the edited text are merged again (escaped); a tag
 * that is no reply field is refused, naming it. Plain text becomes paragraphs, the HTML is sanitised
 * like every template, and the first reply moves New → Contacted.
 */
export async function sendEnquiryReply(
  trx: DbTransaction,
  services: Pick<AppServices, 'jobs' | 'config'>,
  input: { id: string; templateId: string | null; subject: string; html: string },
  actor: Actor | null,
  /** A flow's reply (decision 065): the flow's key for the step, and the flow for the timeline. */
  origin: { idempotencyKey?: string; flowId?: string } = {},
): Promise<
  { status: 'ok'; messageId: string } | { status: 'not_found' } | { status: 'invalid'; message: string }
> {
  // A tag a reply cannot fill would reach the seller as literal braces (decision 011).
  const unfillable = unfillableTags('reply', input.subject, input.html);
  if (unfillable.length > 0)
    return { status: 'invalid', message: unfillableTagsMessage('reply', unfillable) };
  const row = await trx
    .selectFrom('enquiries')
    .select(['id', 'status', 'first_replied_at'])
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  const values = row ? await replyMergeValues(trx, services.config, input.id) : null;
  if (!row || !values) return { status: 'not_found' };
  // The reply template's preheader, filled like the subject (decision 011); the admin edits the
  // subject and the body, the inbox line comes with the template.
  const template = input.templateId
    ? await trx
        .selectFrom('email_templates')
        .select('preheader')
        .where('id', '=', input.templateId)
        .where('template_type', '=', 'reply')
        .executeTakeFirst()
    : undefined;
  const preheader = mergeTags(template?.preheader ?? '', values, false)
    .replace(/\s+/g, ' ')
    .trim();
  const sender = await campaignSender(trx, services.config);
  const subject = mergeTags(input.subject, values, false).replace(/\s+/g, ' ').trim();
  // Plain text (no tag at all) is writing: its paragraphs and line breaks become <p> and <br>
  // before the merge, as the composer would have sent them (decision 093).
  const html = sanitizeMarketingHtml(mergeTags(replyBodyHtml(input.html), values, true));
  const messageId = randomUUID();
  const key = origin.idempotencyKey ?? replyIdempotencyKey(messageId);
  // Every reply carries the seller's page link, its expiry pushed out again (decision 059).
  const link = await issueSellerLink(trx, services.config, input.id);
  await trx
    .insertInto('enquiry_messages')
    .values({
      id: messageId,
      enquiry_id: input.id,
      template_id: input.templateId,
      to_email: values.email,
      subject,
      html,
      idempotency_key: key,
      sent_by: actor?.id ?? null,
      sent_by_email: actor?.email ?? null,
      sent_by_flow_id: origin.flowId ?? null,
    })
    .execute();
  await enqueueEmail(
    services,
    {
      from: sender.from,
      to: [values.email],
      // Answers come back onto the enquiry (decision 060); without an inbound domain they go to
      // the business's inbox, whoever sent the reply.
      replyTo: enquiryReplyTo(services.config, input.id) ?? sender.replyTo ?? services.config.site.email,
      subject,
      // The stored copy is what the admin wrote; the seller gets it in the layout (decision 051).
      ...writtenMessage(services.config.site, {
        title: subject,
        html,
        preheader,
        after: sellerPageBlock(link.url),
      }),
      tags: [{ name: 'category', value: 'enquiry_reply' }],
    },
    key,
    { trx },
    { enquiryMessageId: messageId, aboutEnquiryIds: [input.id] },
  );
  if (!row.first_replied_at) {
    await trx
      .updateTable('enquiries')
      .set({ first_replied_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .execute();
    await advanceIfAllowed(trx, input.id, row.status, row.status === 'new' ? 'contacted' : row.status, actor);
  }
  return { status: 'ok', messageId };
}

/**
 * A reply template sent by an automation flow (decision 065): merged for the enquiry as a draft
 * would be, then sent through the same path as a reply written by hand, as the enquiry's assignee
 * (without one, as the business: no person on the timeline, the business's default sender either
 * way), with the flow step's idempotency key and marked on the timeline as sent by the flow. Runs
 * in the run's transaction, so the reply exists only if the step does.
 */
export async function sendFlowReply(
  trx: DbTransaction,
  services: Pick<AppServices, 'jobs' | 'config'>,
  input: { enquiryId: string; templateId: string; flowId: string; idempotencyKey: string },
): Promise<'sent' | 'not_found'> {
  const draft = await replyDraft(trx, services.config, input.enquiryId, input.templateId);
  if (!draft) return 'not_found';
  const assignee = await trx
    .selectFrom('enquiries')
    .innerJoin('users', 'users.id', 'enquiries.assignee_id')
    .select(['users.id', 'users.email'])
    .where('enquiries.id', '=', input.enquiryId)
    .executeTakeFirst();
  const result = await sendEnquiryReply(
    trx,
    services,
    { id: input.enquiryId, templateId: input.templateId, subject: draft.subject, html: draft.html },
    assignee ?? null,
    { idempotencyKey: input.idempotencyKey, flowId: input.flowId },
  );
  return result.status === 'ok' ? 'sent' : 'not_found';
}
