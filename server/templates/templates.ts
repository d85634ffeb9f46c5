import { blockDocumentSchema, type BlockDocument } from '#shared/templates/blocks.ts';
import type { TemplateBlocksData, TemplateDto } from '#shared/templates/schemas.ts';
import { MAX_TEMPLATE_NAME, type TemplateData } from '#shared/templates/variables.ts';
import { containsPattern } from '../db/paging.ts';
import { type DbExecutor, inTransaction } from '../db/database.ts';
import { flowsSendingTemplate } from '../automations/entry.ts';
import type { EmailTemplate, TemplateKind } from '../db/types.ts';
import { renderBlocksBody } from '../email/layout/blocks.ts';
import type { LayoutSite } from '../email/layout/layout.ts';
import { sanitizeMarketingHtml } from '../email/marketing-html.ts';

/** A grid, not a paged table: more than this many marketing templates is not a real library. */
export const MAX_TEMPLATES_LISTED = 500;

export function toTemplateDto(row: EmailTemplate): TemplateDto {
  return {
    id: row.id,
    templateName: row.template_name,
    subject: row.subject,
    preheader: row.preheader,
    description: row.description,
    htmlContent: row.html_content,
    textContent: row.text_content,
    variables: row.variables,
    variableDefaults: row.variable_defaults,
    templateType: row.template_type,
    blocks: storedBlocks(row.blocks),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The stored blocks, or null for custom HTML (or JSON this version no longer reads as blocks). */
export function storedBlocks(json: unknown): BlockDocument | null {
  if (json === null || json === undefined) return null;
  const parsed = blockDocumentSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Newest first, optionally filtered by a case-insensitive match on name, subject or description. */
export async function listTemplates(
  db: DbExecutor,
  search?: string,
  kind: TemplateKind = 'marketing',
): Promise<EmailTemplate[]> {
  let query = db.selectFrom('email_templates').selectAll().where('template_type', '=', kind);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('template_name', 'ilike', pattern),
        eb('subject', 'ilike', pattern),
        eb('description', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MAX_TEMPLATES_LISTED).execute();
}

export async function findTemplate(db: DbExecutor, id: string): Promise<EmailTemplate | undefined> {
  return db.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

function storedValues(data: TemplateData) {
  return {
    template_name: data.templateName,
    subject: data.subject,
    preheader: data.preheader,
    description: data.description,
    html_content: sanitizeMarketingHtml(data.htmlContent),
    text_content: data.textContent,
    // Saved as HTML: a template that was built from blocks becomes custom HTML (decision 054).
    blocks: null,
    variables: data.variables,
    // Defaults only for variables the template lists: a removed variable takes its value with it.
    variable_defaults: Object.fromEntries(
      Object.entries(data.variableDefaults).filter(([name]) => data.variables.includes(name)),
    ),
  };
}

/**
 * A blocks template's row (decision 054): the JSON, and beside it the HTML the one renderer makes
 * of it (sanitised like any template HTML), so every sending path keeps reading html_content. The
 * text part stays null: it is generated from that HTML by the one converter when sent (decision
 * 024), so it can never drift from the blocks.
 */
function storedBlockValues(site: LayoutSite, data: TemplateBlocksData) {
  return {
    ...storedValues({ ...data, htmlContent: renderBlocksBody(site, data.blocks), textContent: null }),
    blocks: JSON.stringify(data.blocks),
  };
}

export async function createTemplateFromBlocks(
  db: DbExecutor,
  site: LayoutSite,
  data: TemplateBlocksData,
  kind: TemplateKind = 'marketing',
): Promise<EmailTemplate> {
  return db
    .insertInto('email_templates')
    .values({ ...storedBlockValues(site, data), template_type: kind })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTemplateFromBlocks(
  db: DbExecutor,
  site: LayoutSite,
  id: string,
  data: TemplateBlocksData,
): Promise<EmailTemplate | undefined> {
  return db
    .updateTable('email_templates')
    .set({ ...storedBlockValues(site, data), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function createTemplate(
  db: DbExecutor,
  data: TemplateData,
  kind: TemplateKind = 'marketing',
): Promise<EmailTemplate> {
  return db
    .insertInto('email_templates')
    .values({ ...storedValues(data), template_type: kind })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTemplate(
  db: DbExecutor,
  id: string,
  data: TemplateData,
): Promise<EmailTemplate | undefined> {
  return db
    .updateTable('email_templates')
    .set({ ...storedValues(data), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export type TemplateDeleteResult =
  { status: 'deleted' | 'not_found' } | { status: 'in_use'; flows: string[] };

/**
 * Deletes a template unless a flow's current version sends it (decision 066). Campaigns made from
 * it keep their own copy of the content (their template_id is set null). The row lock comes first:
 * a flow save locks the templates it sends (KEY SHARE) before writing its version, so the flows read
 * after this lock include every save that could name the template, and a save waiting on it finds
 * the template gone.
 */
export async function deleteTemplate(db: DbExecutor, id: string): Promise<TemplateDeleteResult> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('email_templates')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { status: 'not_found' };
    const flows = await flowsSendingTemplate(trx, id);
    if (flows.length > 0) return { status: 'in_use', flows };
    await trx.deleteFrom('email_templates').where('id', '=', id).execute();
    return { status: 'deleted' };
  });
}

const COPY_SUFFIX = ' (Copy)';

export async function duplicateTemplate(db: DbExecutor, id: string): Promise<EmailTemplate | undefined> {
  const source = await findTemplate(db, id);
  if (!source) return undefined;
  return db
    .insertInto('email_templates')
    .values({
      template_name: `${source.template_name.slice(0, MAX_TEMPLATE_NAME - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`,
      subject: source.subject,
      preheader: source.preheader,
      description: source.description,
      html_content: source.html_content,
      text_content: source.text_content,
      variables: source.variables,
      variable_defaults: source.variable_defaults,
      template_type: source.template_type,
      blocks: source.blocks === null ? null : JSON.stringify(source.blocks),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
