import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { TEMPLATE_NOT_FOUND, type TemplateDto, templateInputSchemaFor } from '#shared/templates/schemas.ts';
import { OFFERED_TAGS, STARTER_TEMPLATE_HTML } from '#shared/templates/kinds.ts';
import { extractVariables } from '#shared/templates/variables.ts';
import { previewWithIdentityFooter } from '#shared/templates/identity-footer.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { HtmlEditor, type HtmlEditorHandle } from '../widgets/HtmlEditor.tsx';
import { ButtonLink } from '../widgets/links.tsx';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { VariablesEditor } from './VariablesEditor.tsx';

type TemplateFormValues = {
  template_name: string;
  subject: string;
  description: string;
  html_content: string;
  /** Blank: the text part is generated from the HTML (decision 024). */
  text_content: string;
  variables: string[];
  variable_defaults: Record<string, string>;
};

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
  return <TemplateForm key={template.data.id} template={template.data} />;
}

type TemplateKind = TemplateDto['templateType'];

function TemplateForm({ template, kind = 'marketing' }: { template?: TemplateDto; kind?: TemplateKind }) {
  const templateKind = template?.templateType ?? kind;
  // Only the tags this kind's sending path fills (decision 011); the server applies the same rule.
  const builtIn = OFFERED_TAGS[templateKind];
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const editor = useRef<HtmlEditorHandle>(null);
  const form = useForm<TemplateFormValues>({
    mode: 'controlled',
    initialValues: {
      template_name: template?.templateName ?? '',
      subject: template?.subject ?? '',
      description: template?.description ?? '',
      html_content: template?.htmlContent ?? STARTER_TEMPLATE_HTML[templateKind],
      text_content: template?.textContent ?? '',
      variables: template?.variables ?? [],
      variable_defaults: template?.variableDefaults ?? {},
    },
    validate: zod4Resolver(templateInputSchemaFor(templateKind), { errorPriority: 'first' }),
    validateInputOnBlur: true,
  });

  const afterSave = async (title: string) => {
    notifications.show({ color: 'green', message: title });
    await queryClient.invalidateQueries({ queryKey: trpc.admin.templates.pathKey() });
    await navigate({ to: '/admin/templates', search: templateKind === 'reply' ? { kind: 'reply' } : {} });
  };
  const create = useMutation(
    trpc.admin.templates.create.mutationOptions({
      onSuccess: () => afterSave('Template created'),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Failed to create template',
          message: errorMessage(error),
        }),
    }),
  );
  const update = useMutation(
    trpc.admin.templates.update.mutationOptions({
      onSuccess: () => afterSave('Template updated'),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Failed to update template',
          message: errorMessage(error),
        }),
    }),
  );

  const submit = form.onSubmit((values) => {
    const input = { ...values, description: values.description.trim() || null };
    if (template) update.mutate({ id: template.id, ...input });
    else create.mutate({ ...input, kind: templateKind });
  });

  const extract = () => {
    const found = extractVariables(form.values.html_content);
    const merged = [
      ...form.values.variables,
      ...found.filter((name) => !form.values.variables.includes(name)),
    ];
    form.setFieldValue('variables', merged);
    notifications.show({
      color: 'green',
      title: 'Variables extracted',
      message:
        found.length === 0
          ? 'No {{variables}} found in the HTML.'
          : `Found ${found.length}: ${found.join(', ')}`,
    });
  };

  const busy = create.isPending || update.isPending;
  const htmlError = form.errors.html_content;

  return (
    <form onSubmit={submit} noValidate>
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
            <TextInput label="Template name" required {...form.getInputProps('template_name')} />
            <TextInput label="Subject" required {...form.getInputProps('subject')} />
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
            {templateKind === 'reply' && (
              <Text size="sm" c="dimmed">
                A reply to a seller, sent from an enquiry. Merge fields:{' '}
                {OFFERED_TAGS.reply.map((name) => `{{${name}}}`).join(', ')}; no other tag can be filled in a
                reply.
              </Text>
            )}
          </Stack>
        </Paper>

        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack>
              <HtmlEditor
                ref={editor}
                label="HTML content"
                required
                value={form.values.html_content}
                onChange={(value) => form.setFieldValue('html_content', value)}
                error={typeof htmlError === 'string' ? htmlError : undefined}
              />
              <Paper withBorder p="md" radius="md">
                <VariablesEditor
                  variables={form.values.variables}
                  onChange={(variables) => form.setFieldValue('variables', variables)}
                  onExtract={extract}
                  onInsert={(name) => editor.current?.insertAtCursor(`{{${name}}}`)}
                  error={typeof form.errors.variables === 'string' ? form.errors.variables : undefined}
                />
                <VariableDefaults
                  names={form.values.variables.filter((name) => !builtIn.includes(name))}
                  values={form.values.variable_defaults}
                  onChange={(name, value) =>
                    form.setFieldValue('variable_defaults', {
                      ...form.values.variable_defaults,
                      [name]: value,
                    })
                  }
                />
              </Paper>
              {templateKind === 'marketing' && (
                <Textarea
                  label="Plain-text version (optional; generated from the HTML when empty)"
                  description="Sent as the text/plain part. Merge tags work here too; without {{unsubscribe_url}} the unsubscribe line is added at the end."
                  autosize
                  minRows={4}
                  maxRows={16}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  {...form.getInputProps('text_content')}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <EmailPreview
              html={
                templateKind === 'marketing'
                  ? // The footer every campaign message gets (decision 004).
                    previewWithIdentityFooter(form.values.html_content, form.values.html_content, site)
                  : form.values.html_content
              }
              title="Live preview"
              height={620}
            />
            <Text size="xs" c="dimmed" mt={4}>
              Scripts never run in the preview, and the saved HTML is sanitised.
            </Text>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}

/**
 * Default values of the custom variables: the preview shows them, and a campaign made from the
 * template starts with them (docs/decisions/011-merge-variables.md). Contact fields and unsubscribe
 * links are filled per recipient, so they have none.
 */
function VariableDefaults({
  names,
  values,
  onChange,
}: {
  names: string[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  if (names.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h6">
        Default values
      </Title>
      <Text size="xs" c="dimmed">
        Campaigns made from this template start with these values; each campaign can change them.
      </Text>
      {names.map((name) => (
        <TextInput
          key={name}
          label={`{{${name}}}`}
          value={values[name] ?? ''}
          onChange={(event) => onChange(name, event.currentTarget.value)}
        />
      ))}
    </Stack>
  );
}
