import { z } from 'zod';
import { BASIC_EMAIL } from '../email/address.ts';
import { templateKindSchema } from './kinds.ts';
import { blockDocumentSchema, blockTagIssue, type BlockDocument } from './blocks.ts';
import { refineTemplateTags, type TemplateKind } from './kinds.ts';
import { templateInputSchema } from './variables.ts';

/** One zod schema per `admin.templates.*` input; the form validates with the same ones. */

export const TEMPLATE_NOT_FOUND = 'Template not found';
/** Deleting a template a flow's current version sends is refused (decision 066). */
export function templateUsedByFlows(flowNames: readonly string[]): string {
  const quoted = flowNames.map((name) => `'${name}'`).join(', ');
  return `This template is used by the ${flowNames.length === 1 ? 'flow' : 'flows'} ${quoted}. Remove it from the flow before deleting it.`;
}
export const NO_TEMPLATES_MESSAGE = 'No templates found';
export const TEST_EMAIL_REQUIRED_TITLE = 'Email required';
export const TEST_EMAIL_REQUIRED_MESSAGE = 'Please enter a test email address';

export const templateIdInputSchema = z.object({ id: z.uuid(TEMPLATE_NOT_FOUND) });

export const templateListInputSchema = z
  .object({
    /** Case-insensitive match on the name, the subject or the description. */
    search: z.string().trim().max(200).optional(),
    /** Marketing templates (campaigns) or reply templates (the enquiry desk, decision 026). */
    kind: templateKindSchema.default('marketing'),
  })
  .default({ kind: 'marketing' });

/** A template's fields as its kind may hold them (the editor validates with it, decision 011). */
export function templateInputSchemaFor(kind: TemplateKind) {
  return templateInputSchema.superRefine((data, ctx) => refineTemplateTags(kind, data, ctx));
}

export const templateCreateInputSchema = templateInputSchema
  .extend({ kind: templateKindSchema.default('marketing') })
  .superRefine((data, ctx) => refineTemplateTags(data.kind, data, ctx));
/** Its kind is the stored template's; the server checks the tags against it (`templateTagIssues`). */
export const templateUpdateInputSchema = templateInputSchema.extend({ id: z.uuid(TEMPLATE_NOT_FOUND) });

/*
 * A template built from blocks (decision 054): the same fields without the HTML and the
 * hand-written text, which the server renders from the blocks. Tags are checked with the HTML
 * rule: the subject's, the preheader's and the variables' by refineTemplateTags, the blocks' here.
 */
const templateBlocksFields = templateInputSchema
  .omit({ htmlContent: true, textContent: true })
  .extend({ blocks: blockDocumentSchema });

function refineBlockTags(
  kind: TemplateKind,
  data: z.output<typeof templateBlocksFields>,
  ctx: z.RefinementCtx,
): void {
  refineTemplateTags(kind, { ...data, htmlContent: '', textContent: null }, ctx);
  const issue = blockTagIssue(kind, data.blocks);
  if (issue) ctx.addIssue({ code: 'custom', path: ['blocks'], message: issue });
}

/** The block editor validates with this one (decision 011: one schema, client and server). */
export function templateBlocksInputSchemaFor(kind: TemplateKind) {
  return templateBlocksFields.superRefine((data, ctx) => refineBlockTags(kind, data, ctx));
}

export const templateBlocksCreateInputSchema = templateBlocksFields
  .extend({ kind: templateKindSchema.default('marketing') })
  .superRefine((data, ctx) => refineBlockTags(data.kind, data, ctx));
/** Its kind is the stored template's; the server checks the tags against it. */
export const templateBlocksUpdateInputSchema = templateBlocksFields.extend({
  id: z.uuid(TEMPLATE_NOT_FOUND),
});
export type TemplateBlocksData = z.output<typeof templateBlocksFields>;

/** The editor's live preview: the blocks rendered by the server, as the message would carry them. */
export const templateBlocksPreviewInputSchema = z.object({
  kind: templateKindSchema.default('marketing'),
  subject: z.string().max(500).default(''),
  preheader: z.string().max(500).default(''),
  blocks: blockDocumentSchema,
});

export const templateTestEmailSchema = z
  .string({ error: TEST_EMAIL_REQUIRED_MESSAGE })
  .refine((value) => !/[\r\n]/.test(value), 'Email cannot contain line breaks')
  .trim()
  .min(1, TEST_EMAIL_REQUIRED_MESSAGE)
  .max(254, 'Email must be less than 255 characters')
  .regex(BASIC_EMAIL, 'Please enter a valid email address');

/** Preview page: the template with the admin's sample values, to one address. */
export const templateSendTestInputSchema = z.object({
  id: z.uuid(TEMPLATE_NOT_FOUND),
  to: templateTestEmailSchema,
  samples: z.record(z.string().regex(/^\w+$/), z.string().max(1000)).default({}),
});

/** The preview's plain-text part: the template with the admin's sample values. */
export const templatePlainTextInputSchema = templateSendTestInputSchema.pick({ id: true, samples: true });

export interface TemplateDto {
  id: string;
  templateName: string;
  subject: string;
  /** Inbox preview text (decision 011); '' is none. */
  preheader: string;
  description: string | null;
  htmlContent: string;
  /** Hand-written plain-text part; null: generated from the HTML (decision 024). */
  textContent: string | null;
  variables: string[];
  variableDefaults: Record<string, string>;
  templateType: 'marketing' | 'reply';
  /** The blocks the HTML was rendered from (decision 054); null: custom HTML. */
  blocks: BlockDocument | null;
  createdAt: string;
  updatedAt: string;
}
