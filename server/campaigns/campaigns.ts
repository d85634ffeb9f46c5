import type { Updateable } from 'kysely';
import {
  CAMPAIGN_NOT_FOUND,
  type CampaignDetail,
  type CampaignFailureReason,
  type CampaignFields,
  type CampaignLiveDetail,
  type CampaignStatusFilter,
  type CampaignSummary,
  EDITABLE_STATUSES,
} from '#shared/campaigns/schemas.ts';
import { campaignRates } from '#shared/campaigns/figures.ts';
import { MAX_NAME } from '#shared/campaigns/rules.ts';
import { segmentSnapshotSchema } from '#shared/segments/schema.ts';
import { type BlockDocument, blockDocumentSchema } from '#shared/templates/blocks.ts';
import { usedValues } from '#shared/templates/variables.ts';
import type { DbExecutor } from '../db/database.ts';
import { containsPattern } from '../db/paging.ts';
import type { EmailCampaigns } from '../db/schema.ts';
import type { EmailCampaign } from '../db/types.ts';
import { renderBlocksBody } from '../email/layout/blocks.ts';
import type { LayoutSite } from '../email/layout/layout.ts';
import { sanitizeMarketingHtml } from '../email/marketing-html.ts';
import { CampaignError } from './errors.ts';
import { iso } from '#shared/time/iso.ts';

/**
 * The rates from the counters, by the one definition (decision 052); the stored rate columns are
 * not read, so a row whose stored rate was written another way cannot show a different figure.
 */
function ratesOf(row: EmailCampaign) {
  return campaignRates({
    sent: row.sent_count,
    delivered: row.delivered_count,
    opened: row.open_count,
    clicked: row.click_count,
    bounced: row.bounce_count,
  });
}

export function toCampaignSummary(row: EmailCampaign): CampaignSummary {
  const { openRate, clickRate } = ratesOf(row);
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    status: row.status,
    totalRecipients: row.total_recipients,
    sentCount: row.sent_count,
    failedCount: row.failed_count,
    openRate,
    clickRate,
    createdAt: row.created_at.toISOString(),
  };
}

export function toCampaignDetail(row: EmailCampaign): CampaignDetail {
  return {
    ...toCampaignSummary(row),
    preheader: row.preheader,
    htmlContent: row.html_content,
    blocks: storedCampaignBlocks(row.blocks),
    textContent: row.text_content,
    isPaused: row.is_paused,
    isTestMode: row.is_test_mode,
    testEmails: row.test_emails,
    templateId: row.template_id,
    variables: row.variables,
    deliveredCount: row.delivered_count,
    bounceCount: row.bounce_count,
    openCount: row.open_count,
    clickCount: row.click_count,
    bounceRate: ratesOf(row).bounceRate,
    pauseReason: row.pause_reason,
    failureReason: row.failure_reason,
    scheduledAt: iso(row.scheduled_at),
    startedAt: iso(row.started_at),
    pausedAt: iso(row.paused_at),
    completedAt: iso(row.completed_at),
    cancelledAt: iso(row.cancelled_at),
    updatedAt: row.updated_at.toISOString(),
    abTest:
      row.subject_b !== null && row.ab_test_percent !== null && row.ab_wait_hours !== null && row.ab_metric
        ? {
            subjectB: row.subject_b,
            testPercent: row.ab_test_percent,
            waitHours: row.ab_wait_hours,
            metric: row.ab_metric,
            winnerDueAt: iso(row.ab_winner_due_at),
            winner: row.ab_winner,
            winnerChosenAt: iso(row.ab_winner_chosen_at),
          }
        : null,
    resendOfCampaignId: row.resend_of_campaign_id,
    segmentId: row.segment_id,
    includeInactive: row.include_inactive,
    segment: row.segment_snapshot
      ? (segmentSnapshotSchema.safeParse(row.segment_snapshot).data ?? null)
      : null,
  };
}

export function toCampaignLiveDetail(row: EmailCampaign): CampaignLiveDetail {
  const { htmlContent: _html, textContent: _text, blocks: _blocks, ...live } = toCampaignDetail(row);
  return live;
}

export interface ListCampaignsOptions {
  page: number;
  pageSize: number;
  search?: string | undefined;
  status: CampaignStatusFilter;
}

export async function listCampaigns(
  db: DbExecutor,
  { page, pageSize, search, status }: ListCampaignsOptions,
): Promise<{ rows: EmailCampaign[]; totalCount: number }> {
  let query = db.selectFrom('email_campaigns');
  if (search) {
    const pattern = containsPattern(search);
    // Both columns carry a trigram index, so ILIKE '%term%' does not scan the table.
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('subject', 'ilike', pattern)]));
  }
  if (status !== 'all') query = query.where('status', '=', status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: count.count };
}

export async function findCampaign(db: DbExecutor, id: string): Promise<EmailCampaign | undefined> {
  return db.selectFrom('email_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getCampaignOrThrow(db: DbExecutor, id: string): Promise<EmailCampaign> {
  const row = await findCampaign(db, id);
  if (!row) throw new CampaignError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  return row;
}

/**
 * Explains why a guarded UPDATE matched no row: the campaign is gone (NOT_FOUND) or its status
 * does not allow the action (CONFLICT, with `explain`'s message).
 */
export async function refusal(
  db: DbExecutor,
  id: string,
  explain: (status: EmailCampaign['status']) => string,
): Promise<CampaignError> {
  const row = await db.selectFrom('email_campaigns').select('status').where('id', '=', id).executeTakeFirst();
  if (!row) return new CampaignError('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  return new CampaignError('CONFLICT', explain(row.status));
}

/** The stored blocks, or null for custom HTML (or JSON this version no longer reads as blocks). */
export function storedCampaignBlocks(json: unknown): BlockDocument | null {
  if (json === null || json === undefined) return null;
  const parsed = blockDocumentSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * A campaign's content as it is checked, stored and sent: a campaign made from blocks gets its
 * HTML from the one renderer templates use (decision 092, as decision 054 for templates), and no
 * hand-written text part, so the text is generated from that HTML and cannot drift from the
 * blocks (decision 024). Every path that takes the form's fields (save, send, schedule, test)
 * passes them through here first; custom HTML passes unchanged.
 */
export function withRenderedBlocks<
  T extends { htmlContent: string; textContent: string | null; blocks: BlockDocument | null },
>(site: Pick<LayoutSite, 'url'>, fields: T): T {
  if (!fields.blocks) return fields;
  return { ...fields, htmlContent: renderBlocksBody(site, fields.blocks), textContent: null };
}

/**
 * The stored form of the form's fields: the one place where the camelCase input meets the
 * snake_case columns. The HTML is sanitised on every save.
 */
export function contentValues(fields: CampaignFields) {
  const ab = fields.abTest ?? null;
  return {
    // Subject B's tags need values too: both subjects are merged with the same values.
    // The hand-written text's tags are filled from the same values (decision 024).
    variables: usedValues(
      `${fields.subject} ${ab?.subjectB ?? ''} ${fields.preheader}`,
      `${fields.htmlContent}\n${fields.textContent ?? ''}`,
      fields.variables,
    ),
    name: fields.name,
    subject: fields.subject,
    preheader: fields.preheader,
    html_content: sanitizeMarketingHtml(fields.htmlContent),
    // The blocks beside the HTML rendered from them (withRenderedBlocks), as a template's (decision 092).
    blocks: fields.blocks ? JSON.stringify(fields.blocks) : null,
    text_content: fields.textContent,
    is_test_mode: fields.isTestMode,
    test_emails: fields.testEmails,
    template_id: fields.templateId,
    subject_b: ab?.subjectB ?? null,
    ab_test_percent: ab?.testPercent ?? null,
    ab_wait_hours: ab?.waitHours ?? null,
    ab_metric: ab?.metric ?? null,
    segment_id: fields.segmentId,
    include_inactive: fields.includeInactive,
  };
}

/**
 * Updates a campaign only while its content may change (draft or scheduled). The status check is
 * in the WHERE clause, so a campaign that started sending a moment ago is never rewritten.
 */
export async function updateEditableCampaign(
  db: DbExecutor,
  id: string,
  values: Updateable<EmailCampaigns>,
): Promise<EmailCampaign> {
  const row = await db
    .updateTable('email_campaigns')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', EDITABLE_STATUSES)
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  throw await refusal(
    db,
    id,
    (status) => `This campaign is ${status} and can no longer be edited. Duplicate it to reuse its content.`,
  );
}

/** Save Draft: creates, or updates an editable campaign, with status draft. */
export async function saveCampaignDraft(
  db: DbExecutor,
  fields: CampaignFields,
  { id, userId, recipientCount }: { id?: string | undefined; userId: string | null; recipientCount: number },
): Promise<{ row: EmailCampaign; created: boolean }> {
  const values = {
    ...contentValues(fields),
    status: 'draft' as const,
    scheduled_at: null,
    total_recipients: recipientCount,
  };
  if (id) return { row: await updateEditableCampaign(db, id, values), created: false };
  const row = await db
    .insertInto('email_campaigns')
    .values({ ...values, created_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, created: true };
}

const COPY_SUFFIX = ' (Copy)';

/** `name (Copy)`, shortened first if needed so the copy still fits the name limit. */
export function copyName(name: string): string {
  return `${name.slice(0, MAX_NAME - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/** A new draft with the same content; every counter, rate and timestamp starts afresh. */
export async function duplicateCampaign(
  db: DbExecutor,
  id: string,
  userId: string | null,
): Promise<EmailCampaign> {
  const source = await getCampaignOrThrow(db, id);
  return db
    .insertInto('email_campaigns')
    .values({
      name: copyName(source.name),
      subject: source.subject,
      preheader: source.preheader,
      html_content: source.html_content,
      blocks: source.blocks === null ? null : JSON.stringify(source.blocks),
      text_content: source.text_content,
      is_test_mode: source.is_test_mode,
      test_emails: source.test_emails,
      template_id: source.template_id,
      segment_id: source.segment_id,
      include_inactive: source.include_inactive,
      variables: source.variables,
      subject_b: source.subject_b,
      ab_test_percent: source.ab_test_percent,
      ab_wait_hours: source.ab_wait_hours,
      ab_metric: source.ab_metric,
      resend_of_campaign_id: source.resend_of_campaign_id,
      status: 'draft',
      total_recipients: 0,
      created_by: userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a campaign and its sends, unless it is sending right now. */
export async function deleteCampaign(db: DbExecutor, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('email_campaigns')
    .where('id', '=', id)
    .where('status', '!=', 'sending')
    .returning('id')
    .executeTakeFirst();
  if (deleted) return;
  throw await refusal(
    db,
    id,
    () => 'A campaign that is sending cannot be deleted. Pause or cancel it first.',
  );
}

/**
 * The reasons a campaign's sends failed, grouped, most frequent first; at most `limit` of them
 * (a provider outage fails thousands with one reason).
 */
export async function campaignFailureReasons(
  db: DbExecutor,
  campaignId: string,
  limit = 5,
): Promise<CampaignFailureReason[]> {
  const rows = await db
    .selectFrom('email_sends')
    .select((eb) => [
      eb.fn.coalesce('error', eb.val('No reason recorded')).as('reason'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'failed')
    .groupBy('reason')
    .orderBy('count', 'desc')
    .orderBy('reason')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ reason: row.reason, count: Number(row.count) }));
}
