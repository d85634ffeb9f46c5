import {
  Alert,
  Button,
  Code,
  Grid,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  TEST_EMAIL_REQUIRED_MESSAGE,
  TEST_EMAIL_REQUIRED_TITLE,
  type TemplateDto,
  templateTestEmailSchema,
} from '#shared/templates/schemas.ts';
import { extractVariables, renderPreview } from '#shared/templates/variables.ts';
import { identityFooter, previewWithIdentityFooter } from '#shared/templates/identity-footer.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { ButtonLink } from '../widgets/links.tsx';
import { templateWritePermission } from '#shared/auth/permissions.ts';
import { useCan } from '../auth/session.ts';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { TemplateNotFound } from './TemplateFormPage.tsx';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/** /admin/templates/$id/preview: the template with sample values, its raw HTML and a test send. */
export function TemplatePreviewPage({ id }: { id: string }) {
  useDocumentTitle(`Template Preview | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const template = useQuery(trpc.admin.templates.get.queryOptions({ id }, { retry: false }));
  if (template.isPending) return <Loader aria-label="Loading template" />;
  if (template.isError) {
    const code = errorCode(template.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <TemplateNotFound />;
    return <Alert color="red">{errorMessage(template.error)}</Alert>;
  }
  return <TemplatePreview key={template.data.id} template={template.data} />;
}

function TemplatePreview({ template }: { template: TemplateDto }) {
  const trpc = useTRPC();
  // The declared variables first, then any tag used in the subject, the HTML or the hand-written
  // text part (decision 024) but not declared.
  const names = useMemo(() => {
    const used = [
      ...extractVariables(template.subject),
      ...extractVariables(template.htmlContent),
      ...extractVariables(template.textContent ?? ''),
    ];
    return [...new Set([...template.variables, ...used])];
  }, [template]);
  // The template's default values are the first samples; the admin can try others here.
  const [samples, setSamples] = useState<Record<string, string>>(template.variableDefaults);
  const [testEmail, setTestEmail] = useState('');
  const [testEmailError, setTestEmailError] = useState<string | null>(null);

  // Only filled-in samples count; an empty box shows the variable as [name].
  const filled = useMemo(
    () => Object.fromEntries(Object.entries(samples).filter(([, value]) => value.trim() !== '')),
    [samples],
  );
  // A marketing template shows the footer every campaign message gets (decision 004).
  const previewHtml =
    template.templateType === 'marketing'
      ? previewWithIdentityFooter(renderPreview(template.htmlContent, filled), template.htmlContent, site)
      : renderPreview(template.htmlContent, filled);
  const previewSubject = renderPreview(template.subject, filled);
  const [part, setPart] = useState<'html' | 'text'>('html');
  // The text part is made on the server by the same code that sends it (decision 024).
  const [textSamples] = useDebouncedValue(filled, 300);
  const plainText = useQuery(
    trpc.admin.templates.plainText.queryOptions(
      { id: template.id, samples: textSamples },
      { enabled: part === 'text', placeholderData: (previous) => previous },
    ),
  );

  // Editing and test sends need the kind's write permission (decision 027): a Viewer only previews.
  const canWrite = useCan()(templateWritePermission(template.templateType));
  const sendTest = useMutation(
    trpc.admin.templates.sendTest.mutationOptions({
      onSuccess: ({ to }) => notifySuccess(`Test email sent to ${to}`),
      onError: (error) => notifyError(error, { title: 'Failed to send test email' }),
    }),
  );

  const send = () => {
    if (testEmail.trim() === '') {
      setTestEmailError(TEST_EMAIL_REQUIRED_MESSAGE);
      notifyError(TEST_EMAIL_REQUIRED_MESSAGE, { title: TEST_EMAIL_REQUIRED_TITLE });
      return;
    }
    const parsed = templateTestEmailSchema.safeParse(testEmail);
    if (!parsed.success) {
      setTestEmailError(parsed.error.issues[0]?.message ?? TEST_EMAIL_REQUIRED_MESSAGE);
      return;
    }
    setTestEmailError(null);
    sendTest.mutate({ id: template.id, to: parsed.data, samples: filled });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{template.templateName}</Title>
          <Text c="dimmed">Template preview</Text>
        </div>
        <Group>
          <ButtonLink to="/admin/templates" variant="default">
            Back to Templates
          </ButtonLink>
          {canWrite && (
            <ButtonLink to="/admin/templates/$id/edit" params={{ id: template.id }}>
              Edit
            </ButtonLink>
          )}
        </Group>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack>
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  Sample values
                </Title>
                {names.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    This template has no variables.
                  </Text>
                ) : (
                  names.map((name) => (
                    <TextInput
                      key={name}
                      label={`Sample for {{${name}}}`}
                      placeholder={`[${name}]`}
                      value={samples[name] ?? ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setSamples((current) => ({ ...current, [name]: value }));
                      }}
                    />
                  ))
                )}
              </Stack>
            </Paper>
            {canWrite && (
              <Paper withBorder p="md" radius="md">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    Send a test email
                  </Title>
                  <TextInput
                    label="Test email address"
                    type="email"
                    placeholder="you@example.com"
                    value={testEmail}
                    onChange={(event) => {
                      setTestEmail(event.currentTarget.value);
                      setTestEmailError(null);
                    }}
                    error={testEmailError}
                  />
                  <Button onClick={send} loading={sendTest.isPending}>
                    Send Test Email
                  </Button>
                </Stack>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack>
            <Text>
              <Text span fw={500}>
                Subject:
              </Text>{' '}
              <span data-testid="preview-subject">{previewSubject}</span>
            </Text>
            <SegmentedControl
              aria-label="Part of the e-mail to preview"
              value={part}
              onChange={(value) => setPart(value === 'text' ? 'text' : 'html')}
              data={[
                { value: 'html', label: 'HTML' },
                { value: 'text', label: 'Plain text' },
              ]}
            />
            {part === 'html' ? (
              <EmailPreview
                html={previewHtml}
                height={560}
                layout={{
                  subject: previewSubject,
                  footer: template.templateType === 'reply' ? identityFooter(site) : '',
                }}
              />
            ) : (
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  Every e-mail also carries this plain-text version, for mail apps that do not show HTML; spam
                  filters trust messages that have both.{' '}
                  {template.textContent
                    ? 'This template has its own plain-text version.'
                    : 'It is generated from the HTML.'}
                </Text>
                {plainText.isError ? (
                  <Alert color="red">{errorMessage(plainText.error)}</Alert>
                ) : plainText.data ? (
                  <ScrollArea.Autosize
                    mah={560}
                    // A scroll box the keyboard can reach and scroll (decision 056).
                    viewportProps={{ tabIndex: 0 }}
                  >
                    <Code block aria-label="Plain-text part" style={{ whiteSpace: 'pre-wrap' }}>
                      {plainText.data.text}
                    </Code>
                  </ScrollArea.Autosize>
                ) : (
                  <Loader aria-label="Loading the plain-text part" />
                )}
              </Stack>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={1}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            Raw HTML
          </Title>
          <ScrollArea.Autosize
            mah={400}
            // A scroll box the keyboard can reach and scroll (decision 056).
            viewportProps={{ tabIndex: 0 }}
          >
            <Code block aria-label="Raw HTML">
              {template.htmlContent}
            </Code>
          </ScrollArea.Autosize>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
