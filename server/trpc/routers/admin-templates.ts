import { TRPCError } from '@trpc/server';
import {
  canReadTemplateKind,
  hasPermission,
  type Permission,
  type Role,
  templateWritePermission,
} from '#shared/auth/permissions.ts';
import { blockTagIssue } from '#shared/templates/blocks.ts';
import { type TemplateKind, templateTagIssues } from '#shared/templates/kinds.ts';
import {
  TEMPLATE_NOT_FOUND,
  type TemplateDto,
  templateCreateInputSchema,
  templateBlocksCreateInputSchema,
  templateBlocksPreviewInputSchema,
  templateBlocksUpdateInputSchema,
  templateIdInputSchema,
  templateListInputSchema,
  templatePlainTextInputSchema,
  templateSendTestInputSchema,
  templateUpdateInputSchema,
  templateUsedByFlows,
} from '#shared/templates/schemas.ts';
import { renderBlocksBody } from '../../email/layout/blocks.ts';
import {
  createTemplate,
  createTemplateFromBlocks,
  deleteTemplate,
  duplicateTemplate,
  findTemplate,
  listTemplates,
  toTemplateDto,
  updateTemplate,
  updateTemplateFromBlocks,
} from '../../templates/templates.ts';
import { renderTestEmail, sendTestEmail } from '../../campaigns/test-email.ts';
import { layoutShell } from '../../email/layout/marketing.ts';
import { requirePermission, router } from '../trpc.ts';
import { toTrpcError } from '../campaign-errors.ts';

function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: TEMPLATE_NOT_FOUND });
}

// Marketing templates are the Marketer's, reply templates the enquiry desk's (decision 027): each
// procedure is open to either kind's readers or writers, and the kind in hand decides.
const READERS: Permission[] = ['templates.read', 'replyTemplates.write'];
const WRITERS: Permission[] = ['templates.write', 'replyTemplates.write'];
// Whoever sees a message preview: the template pages, the campaign form and the reply composer.
const PREVIEWERS: Permission[] = [
  'templates.read',
  'replyTemplates.write',
  'campaigns.read',
  'enquiries.read',
];

function refused(): TRPCError {
  return new TRPCError({ code: 'FORBIDDEN', message: 'Your role does not allow this.' });
}

function assertCanRead(role: Role, kind: TemplateKind): void {
  if (!canReadTemplateKind(role, kind)) throw refused();
}

function assertCanWrite(role: Role, kind: TemplateKind): void {
  if (!hasPermission(role, templateWritePermission(kind))) throw refused();
}

export const adminTemplatesRouter = router({
  /**
   * The e-mail layout with its slots (shared/templates/layout-shell.ts): the admin's previews fill
   * it, so they show a message in the layout the send path renders it in (decision 051).
   */
  layoutShell: requirePermission(PREVIEWERS).query(({ ctx }): { html: string } => ({
    html: layoutShell(ctx.config.site),
  })),
  list: requirePermission(READERS)
    .input(templateListInputSchema)
    .query(async ({ ctx, input }): Promise<TemplateDto[]> => {
      assertCanRead(ctx.user.role, input.kind);
      const rows = await listTemplates(ctx.db, input.search, input.kind);
      return rows.map(toTemplateDto);
    }),

  get: requirePermission(READERS)
    .input(templateIdInputSchema)
    .query(async ({ ctx, input }): Promise<TemplateDto> => {
      const row = await findTemplate(ctx.db, input.id);
      if (!row) throw notFound();
      assertCanRead(ctx.user.role, row.template_type);
      return toTemplateDto(row);
    }),

  create: requirePermission(WRITERS)
    .input(templateCreateInputSchema)
    .mutation(async ({ ctx, input }): Promise<TemplateDto> => {
      assertCanWrite(ctx.user.role, input.kind);
      return toTemplateDto(await createTemplate(ctx.db, input, input.kind));
    }),

  update: requirePermission(WRITERS)
    .input(templateUpdateInputSchema)
    .mutation(async ({ ctx, input }): Promise<TemplateDto> => {
      const { id, ...data } = input;
      const existing = await findTemplate(ctx.db, id);
      if (!existing) throw notFound();
      assertCanWrite(ctx.user.role, existing.template_type);
      // The kind is the stored one: only tags its sending path fills (decision 011).
      const [issue] = templateTagIssues(existing.template_type, data);
      if (issue) throw new TRPCError({ code: 'BAD_REQUEST', message: issue.message });
      const row = await updateTemplate(ctx.db, id, data);
      if (!row) throw notFound();
      return toTemplateDto(row);
    }),

  /** A template built with the block editor: its HTML rendered from the blocks (decision 054). */
  createFromBlocks: requirePermission(WRITERS)
    .input(templateBlocksCreateInputSchema)
    .mutation(async ({ ctx, input }): Promise<TemplateDto> => {
      assertCanWrite(ctx.user.role, input.kind);
      return toTemplateDto(await createTemplateFromBlocks(ctx.db, ctx.config.site, input, input.kind));
    }),

  updateFromBlocks: requirePermission(WRITERS)
    .input(templateBlocksUpdateInputSchema)
    .mutation(async ({ ctx, input }): Promise<TemplateDto> => {
      const { id, ...data } = input;
      const existing = await findTemplate(ctx.db, id);
      if (!existing) throw notFound();
      assertCanWrite(ctx.user.role, existing.template_type);
      // The kind is the stored one: only tags its sending path fills (decision 011).
      const [issue] = templateTagIssues(existing.template_type, {
        ...data,
        htmlContent: '',
        textContent: null,
      });
      const message = issue?.message ?? blockTagIssue(existing.template_type, data.blocks);
      if (message) throw new TRPCError({ code: 'BAD_REQUEST', message });
      const row = await updateTemplateFromBlocks(ctx.db, ctx.config.site, id, data);
      if (!row) throw notFound();
      return toTemplateDto(row);
    }),

  /**
   * The block editor's live preview: the blocks through the one renderer and the sending path's
   * layout and footer, tags shown as [name] (decision 054). A query: it changes nothing.
   */
  previewBlocks: requirePermission(READERS)
    .input(templateBlocksPreviewInputSchema)
    .query(({ ctx, input }): { html: string } => {
      assertCanRead(ctx.user.role, input.kind);
      const rendered = renderTestEmail(ctx.config, {
        to: 'you@example.com',
        subject: input.subject || 'Preview',
        preheader: input.preheader,
        html: renderBlocksBody(ctx.config.site, input.blocks),
        text: null,
        samples: {},
        renderAs: input.kind,
      });
      return { html: rendered.html };
    }),

  delete: requirePermission(WRITERS)
    .input(templateIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      const existing = await findTemplate(ctx.db, input.id);
      if (!existing) throw notFound();
      assertCanWrite(ctx.user.role, existing.template_type);
      const result = await deleteTemplate(ctx.db, input.id);
      if (result.status === 'not_found') throw notFound();
      // A refusal like deleting a flow that ran: the record is in use (decision 066).
      if (result.status === 'in_use')
        throw new TRPCError({ code: 'CONFLICT', message: templateUsedByFlows(result.flows) });
      return { id: input.id };
    }),

  duplicate: requirePermission(WRITERS)
    .input(templateIdInputSchema)
    .mutation(async ({ ctx, input }): Promise<TemplateDto> => {
      const existing = await findTemplate(ctx.db, input.id);
      if (!existing) throw notFound();
      assertCanWrite(ctx.user.role, existing.template_type);
      const row = await duplicateTemplate(ctx.db, input.id);
      if (!row) throw notFound();
      return toTemplateDto(row);
    }),

  /** The preview page's plain-text part, as a test e-mail with these samples would carry it. */
  plainText: requirePermission(READERS)
    .input(templatePlainTextInputSchema)
    .query(async ({ ctx, input }): Promise<{ text: string }> => {
      const template = await findTemplate(ctx.db, input.id);
      if (!template) throw notFound();
      assertCanRead(ctx.user.role, template.template_type);
      const rendered = renderTestEmail(ctx.config, {
        to: 'you@example.com',
        subject: template.subject,
        html: template.html_content,
        text: template.text_content,
        samples: input.samples,
        renderAs: template.template_type,
      });
      return { text: rendered.text };
    }),

  /** The preview page's test: the template with the admin's sample values, to one address. */
  sendTest: requirePermission(WRITERS, { personalInput: ['to', 'samples'] })
    .input(templateSendTestInputSchema)
    .mutation(async ({ ctx, input }) => {
      const template = await findTemplate(ctx.db, input.id);
      if (!template) throw notFound();
      assertCanWrite(ctx.user.role, template.template_type);
      try {
        await sendTestEmail(ctx, {
          to: input.to,
          subject: template.subject,
          preheader: template.preheader,
          html: template.html_content,
          text: template.text_content,
          samples: input.samples,
          userId: ctx.user.id,
          kind: 'template-test',
          // A reply template's test is sent as a reply, not as marketing (decision 011).
          renderAs: template.template_type,
        });
      } catch (error) {
        throw toTrpcError(error);
      }
      return { to: input.to };
    }),
});
