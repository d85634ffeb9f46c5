import {
  Alert,
  Box,
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
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { templateWritePermission } from '#shared/auth/permissions.ts';
import { TEMPLATE_NOT_FOUND, type TemplateDto } from '#shared/templates/schemas.ts';
import { OFFERED_TAGS } from '#shared/templates/kinds.ts';
import { identityFooter, previewWithIdentityFooter } from '#shared/templates/identity-footer.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { mergeTags } from '#shared/templates/variables.ts';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { InboxRow, PreheaderInput } from '../widgets/InboxRow.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { ButtonLink } from '../widgets/links.tsx';
import { Permitted } from '../widgets/Permitted.tsx';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { TemplateBodyFields } from './TemplateBodyFields.tsx';
import { type TemplateKind, useTemplateForm } from './template-form.ts';

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

function TemplateForm({ template, kind = 'marketing' }: { template?: TemplateDto; kind?: TemplateKind }) {
  const templateKind = template?.templateType ?? kind;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useTemplateForm(template, templateKind);

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

  const busy = create.isPending || update.isPending;

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
            {/* A reply sends its template's preview text too (decision 051). */}
            <PreheaderInput form={form} />
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
            <TemplateBodyFields form={form} kind={templateKind} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            {templateKind === 'marketing' && (
              // Custom tags show their default values, as a campaign made from it starts with them.
              <Box mb="sm">
                <InboxRow
                  subject={mergeTags(form.values.subject, form.values.variable_defaults, false)}
                  preheader={mergeTags(form.values.preheader, form.values.variable_defaults, false)}
                  html={form.values.html_content}
                />
              </Box>
            )}
            <EmailPreview
              html={
                templateKind === 'marketing'
                  ? // The footer every campaign message gets (decision 004).
                    previewWithIdentityFooter(form.values.html_content, form.values.html_content, site)
                  : form.values.html_content
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
      </Stack>
    </form>
  );
}
