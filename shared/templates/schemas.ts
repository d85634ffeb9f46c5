import { z } from 'zod';
import { BASIC_EMAIL } from '../campaigns/schemas.ts';
import { templateKindSchema } from '../enquiries/reply.ts';
import { refineTemplateTags, type TemplateKind } from './kinds.ts';
import { templateInputSchema } from './variables.ts';

/** One zod schema per `admin.templates.*` input; the form validates with the same ones. */

export const TEMPLATE_NOT_FOUND = 'Template not found';
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
  createdAt: string;
  updatedAt: string;
}
