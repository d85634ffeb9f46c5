import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { blockTexts, starterBlocks } from '#shared/templates/blocks.ts';
import { isWritingHtml } from '#shared/enquiries/reply-body.ts';
import { templateWritePermission } from '#shared/auth/permissions.ts';
import {
  TEMPLATE_NOT_FOUND,
  type TemplateDto,
  templateBlocksInputSchemaFor,
} from '#shared/templates/schemas.ts';
import { OFFERED_TAGS } from '#shared/templates/kinds.ts';
import { identityFooter, previewWithIdentityFooter } from '#shared/templates/identity-footer.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { BUILT_IN_TAGS, extractVariables, mergeTags } from '#shared/templates/variables.ts';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { ReplyEditor } from '../widgets/ReplyEditor.tsx';
import { InboxRow, PreheaderInput } from '../widgets/InboxRow.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { ButtonLink } from '../widgets/links.tsx';
import { Permitted } from '../widgets/Permitted.tsx';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { documentOf, useBlockHistory } from './block-history.ts';
import { BlocksEditor } from './BlocksEditor.tsx';
import { BlocksPreview } from './BlocksPreview.tsx';
import { TemplateBodyFields, VariableDefaults } from './TemplateBodyFields.tsx';
import { type TemplateKind, useTemplateForm } from './template-form.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/** A "not found" page for a missing template id (also a malformed one in the URL). */
export function TemplateNotFound() {
  return (
    <Stack align="flex-start">
      <Title order={1}>{TEMPLATE_NOT_FOUND}</Title>
      <ButtonLink to="/admin/templates" variant="default">
        Back to Templates
      </ButtonLink>
    </Stack>
  );
}

/** /admin/templates/new (no id) and /admin/templates/$id/edit. */
export function TemplateFormPage({ id, kind = 'marketing' }: { id?: string; kind?: TemplateKind }) {
  const trpc = useTRPC();
  const template = useQuery(trpc.admin.templates.get.queryOptions(id ? { id } : skipToken, { retry: false }));
  useDocumentTitle(`${id ? 'Edit Template' : 'New Template'} | ${ADMIN_TITLE}`);

  if (!id) return <TemplateForm kind={kind} />;
  if (template.isPending) return <Loader aria-label="Loading template" />;
  if (template.isError) {
    const code = errorCode(template.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <TemplateNotFound />;
    return <Alert color="red">{errorMessage(template.error)}</Alert>;
  }
  return (
    <Permitted permission={templateWritePermission(template.data.templateType)}>
      <TemplateForm key={template.data.id} template={template.data} />
    </Permitted>
  );
}

type EditorMode = 'writing' | 'blocks' | 'html';

/**
 * Decision 054: a saved template opens as it was saved; a new one starts in blocks, so nobody has
 * to write HTML, and Custom HTML is one click away for experts. A reply template is writing
 * (decision 093): a new one starts in the composer the desk replies with, and a saved one whose
 * HTML the composer holds whole opens there too.
 */
function initialMode(template: TemplateDto | undefined, kind: TemplateKind): EditorMode {
  if (template?.blocks) return 'blocks';
  if (kind !== 'reply') return template ? 'html' : 'blocks';
  if (!template || isWritingHtml(template.htmlContent)) return 'writing';
  return 'html';
}

function TemplateForm({ template, kind = 'marketing' }: { template?: TemplateDto; kind?: TemplateKind }) {
  const templateKind = template?.templateType ?? kind;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useTemplateForm(template, templateKind);
  const [mode, setMode] = useState<EditorMode>(() => initialMode(template, templateKind));
  const history = useBlockHistory(template?.blocks ?? starterBlocks(templateKind));
  const doc = documentOf(history.list);
  // Errors show once a save was tried, then follow every edit.
  const [triedSave, setTriedSave] = useState(false);
  const blockTags = extractVariables(
    [form.values.subject, form.values.preheader, ...blockTexts(doc.blocks)].join(' '),
  );
  const blocksInput = {
    templateName: form.values.templateName,
    subject: form.values.subject,
    preheader: form.values.preheader,
    description: form.values.description.trim() || null,
    variables: blockTags,
    variableDefaults: form.values.variableDefaults,
    blocks: doc,
  };
  const blocksCheck = templateBlocksInputSchemaFor(templateKind).safeParse(blocksInput);
  const blockIssues = new Map<string, string>();
  if (!blocksCheck.success) {
    // The document is the input's `blocks` field: its issues are keyed as in the document itself
    // ('blocks.3.alt'); one about the whole document (the tag rule, the footer) under 'blocks'.
    for (const issue of blocksCheck.error.issues) {
      if (issue.path[0] !== 'blocks') continue;
      const path = issue.path.slice(1).join('.') || 'blocks';
      if (!blockIssues.has(path)) blockIssues.set(path, issue.message);
    }
  }
  const errorAt = (path: string) => (triedSave ? blockIssues.get(path) : undefined);

  const afterSave = async (title: string) => {
    notifySuccess(title);
    await queryClient.invalidateQueries({ queryKey: trpc.admin.templates.pathKey() });
    await navigate({ to: '/admin/templates', search: templateKind === 'reply' ? { kind: 'reply' } : {} });
  };
  const create = useMutation(
    trpc.admin.templates.create.mutationOptions({
      onSuccess: () => afterSave('Template created'),
      onError: (error) => notifyError(error, { title: 'Failed to create template' }),
    }),
  );
  const update = useMutation(
    trpc.admin.templates.update.mutationOptions({
      onSuccess: () => afterSave('Template updated'),
      onError: (error) => notifyError(error, { title: 'Failed to update template' }),
    }),
  );

  const createFromBlocks = useMutation(
    trpc.admin.templates.createFromBlocks.mutationOptions({
      onSuccess: () => afterSave('Template created'),
      onError: (error) => notifyError(error, { title: 'Failed to create template' }),
    }),
  );
  const updateFromBlocks = useMutation(
    trpc.admin.templates.updateFromBlocks.mutationOptions({
      onSuccess: () => afterSave('Template updated'),
      onError: (error) => notifyError(error, { title: 'Failed to update template' }),
    }),
  );

  const submitHtml = form.onSubmit((values) => {
    const input = { ...values, description: values.description.trim() || null };
    if (template) update.mutate({ id: template.id, ...input });
    else create.mutate({ ...input, kind: templateKind });
  });

  // Blocks: the common fields through the form's own checks, the document through the shared schema.
  const submitBlocks = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTriedSave(true);
    const fields = form.validate();
    if (fields.hasErrors || !blocksCheck.success) {
      notifyError('Check the marked fields.', { title: 'Not saved' });
      return;
    }
    if (template) updateFromBlocks.mutate({ id: template.id, ...blocksCheck.data });
    else createFromBlocks.mutate({ ...blocksCheck.data, kind: templateKind });
  };

  const busy =
    create.isPending || update.isPending || createFromBlocks.isPending || updateFromBlocks.isPending;
  const customBlockTags = blockTags.filter((name) => !BUILT_IN_TAGS.includes(name));

  return (
    <form onSubmit={mode === 'blocks' ? submitBlocks : submitHtml} noValidate>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>
            {template ? 'Edit Template' : templateKind === 'reply' ? 'New Reply Template' : 'New Template'}
          </Title>
          <Group>
            <ButtonLink to="/admin/templates" variant="default">
              Cancel
            </ButtonLink>
            <Button type="submit" loading={busy}>
              {template ? 'Save Template' : 'Create Template'}
            </Button>
          </Group>
        </Group>

        <Paper withBorder p="md" radius="md">
          <Stack>
            <TextInput label="Template name" required {...form.getInputProps('templateName')} />
            <TextInput label="Subject" required {...form.getInputProps('subject')} />
            {/* A reply sends its template's preview text too (decision 051). */}
            <PreheaderInput form={form} />
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
            {!template && (
              // Only a new template chooses: there is no conversion between HTML and blocks.
              <SegmentedControl
                aria-label="Editor"
                value={mode}
                onChange={(value) => setMode(value === 'html' || value === 'writing' ? value : 'blocks')}
                data={[
                  ...(templateKind === 'reply' ? [{ value: 'writing', label: 'Writing' }] : []),
                  { value: 'blocks', label: 'Blocks' },
                  { value: 'html', label: 'Custom HTML' },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
            )}
            {templateKind === 'reply' && (
              <Text size="sm" c="dimmed">
                A reply to a seller, sent from an enquiry. Merge fields:{' '}
                {OFFERED_TAGS.reply.map((name) => `{{${name}}}`).join(', ')}; no other tag can be filled in a
                reply.
              </Text>
            )}
          </Stack>
        </Paper>

        {mode === 'blocks' ? (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack>
                <BlocksEditor {...history} errorAt={errorAt} documentError={errorAt('blocks')} />
                {customBlockTags.length > 0 && (
                  <Paper withBorder p="md" radius="md">
                    <VariableDefaults
                      names={customBlockTags}
                      values={form.values.variableDefaults}
                      onChange={(name, value) =>
                        form.setFieldValue('variableDefaults', {
                          ...form.values.variableDefaults,
                          [name]: value,
                        })
                      }
                    />
                  </Paper>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <BlocksPreview
                kind={templateKind}
                subject={mergeTags(form.values.subject, form.values.variableDefaults, false)}
                preheader={form.values.preheader}
                doc={doc}
              />
            </Grid.Col>
          </Grid>
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              {mode === 'writing' ? (
                <ReplyEditor
                  label="Message"
                  description="Enter starts a paragraph, Shift+Enter a new line."
                  value={form.values.htmlContent}
                  onChange={({ html }) => form.setFieldValue('htmlContent', html)}
                  fields={OFFERED_TAGS.reply}
                  error={typeof form.errors.htmlContent === 'string' ? form.errors.htmlContent : undefined}
                />
              ) : (
                <TemplateBodyFields form={form} kind={templateKind} />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              {templateKind === 'marketing' && (
                // Custom tags show their default values, as a campaign made from it starts with them.
                <Box mb="sm">
                  <InboxRow
                    subject={mergeTags(form.values.subject, form.values.variableDefaults, false)}
                    preheader={mergeTags(form.values.preheader, form.values.variableDefaults, false)}
                    html={form.values.htmlContent}
                  />
                </Box>
              )}
              <EmailPreview
                html={
                  templateKind === 'marketing'
                    ? // The footer every campaign message gets (decision 004).
                      previewWithIdentityFooter(form.values.htmlContent, form.values.htmlContent, site)
                    : form.values.htmlContent
                }
                title="Live preview"
                height={620}
                layout={{
                  subject: form.values.subject,
                  footer: templateKind === 'reply' ? identityFooter(site) : '',
                }}
              />
              <Text size="xs" c="dimmed" mt={4}>
                Scripts never run in the preview, and the saved HTML is sanitised.
              </Text>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </form>
  );
}
