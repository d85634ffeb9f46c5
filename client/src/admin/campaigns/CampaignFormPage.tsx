import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { canSaveDraft, canSendNow, parseTestEmails, validateCampaign } from '#shared/campaigns/rules.ts';
import {
  BUILT_IN_TAGS,
  customTags,
  mergeTags,
  usedValues,
  type VariableValues,
} from '#shared/templates/variables.ts';
import { formatInZone } from '#shared/campaigns/schedule.ts';
import {
  type CampaignDetail,
  type CampaignSaveDraftInput,
  campaignActions,
} from '#shared/campaigns/schemas.ts';
import { previewWithIdentityFooter } from '#shared/templates/identity-footer.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan } from '../auth/session.ts';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { HtmlEditor, type HtmlEditorHandle } from '../widgets/HtmlEditor.tsx';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { CampaignNotFound } from './CampaignDetailsPage.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { SendNowDialog } from './SendNowDialog.tsx';
import { SendTestDialog } from './SendTestDialog.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { ValidationPanel } from './ValidationPanel.tsx';
import { abTestSize } from '#shared/campaigns/ab-test.ts';
import { AbTestFields, abTestDraftFrom, checkAbTest } from './AbTestFields.tsx';

/** /admin/campaigns/new (no id) and /admin/campaigns/$id/edit. */
export function CampaignFormPage({ id }: { id?: string }) {
  useDocumentTitle(`${id ? 'Edit Campaign' : 'New Campaign'} | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const campaign = useQuery(trpc.admin.campaigns.get.queryOptions(id ? { id } : skipToken, { retry: false }));

  if (!id) return <CampaignForm />;
  if (campaign.isPending) return <Loader aria-label="Loading campaign" />;
  if (campaign.isError) {
    const code = errorCode(campaign.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <CampaignNotFound />;
    return <Alert color="red">{errorMessage(campaign.error)}</Alert>;
  }
  if (!campaignActions(campaign.data.status).edit) {
    return (
      <Stack align="flex-start">
        <Title order={1}>{campaign.data.name}</Title>
        <Alert color="yellow" title="This campaign can no longer be edited">
          <Group gap={6}>
            <Text size="sm">It is</Text>
            <StatusBadge status={campaign.data.status} />
            <Text size="sm">. Duplicate it to reuse its content.</Text>
          </Group>
        </Alert>
        <ButtonLink to="/admin/campaigns/$id" params={{ id }} variant="default">
          View campaign
        </ButtonLink>
      </Stack>
    );
  }
  return <CampaignForm key={campaign.data.id} campaign={campaign.data} />;
}

function CampaignForm({ campaign }: { campaign?: CampaignDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const editor = useRef<HtmlEditorHandle>(null);

  const [name, setName] = useState(campaign?.name ?? '');
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [html, setHtml] = useState(campaign?.htmlContent ?? '');
  // The template's hand-written text part, carried like its HTML; blank: generated (decision 024).
  const [text, setText] = useState(campaign?.textContent ?? '');
  const [testMode, setTestMode] = useState(campaign?.isTestMode ?? false);
  const [testEmails, setTestEmails] = useState(campaign?.testEmails.join(', ') ?? '');
  const [templateId, setTemplateId] = useState<string | null>(campaign?.templateId ?? null);
  const [variables, setVariables] = useState<VariableValues>(campaign?.variables ?? {});
  const [segmentId, setSegmentId] = useState<string | null>(campaign?.segmentId ?? null);
  const [dialog, setDialog] = useState<'test' | 'send' | 'schedule' | null>(null);
  const [abDraft, setAbDraft] = useState(() => abTestDraftFrom(campaign?.abTest));
  // A non-openers copy (decision 038) goes to the original's non-openers, not to every subscriber.
  const resendOf = campaign?.resendOfCampaignId ?? null;

  const can = useCan();
  // Every subscribed contact, or a segment's audience (decision 032): the count, the risk level
  // and the server's snapshot all follow the choice.
  const audience = useQuery(
    trpc.admin.campaigns.audienceCount.queryOptions({ segmentId }, { placeholderData: keepPreviousData }),
  );
  const segments = useQuery(
    trpc.admin.segments.list.queryOptions(undefined, { enabled: can('segments.read') }),
  );
  const segmentName = segments.data?.find((s) => s.id === segmentId)?.name;
  const nonOpeners = useQuery(
    trpc.admin.campaigns.nonOpenersCount.queryOptions(resendOf ? { id: resendOf } : skipToken),
  );
  const original = useQuery(trpc.admin.campaigns.get.queryOptions(resendOf ? { id: resendOf } : skipToken));
  const templates = useQuery(trpc.admin.templates.list.queryOptions({}));
  const scheduleSettings = useQuery(trpc.admin.campaigns.scheduleSettings.queryOptions());

  const validTestEmails = useMemo(() => parseTestEmails(testEmails), [testEmails]);
  const audienceQuery = resendOf ? nonOpeners : audience;
  const subscribers = (resendOf ? nonOpeners.data?.recipients : audience.data?.subscribers) ?? 0;
  const recipientCount = testMode ? validTestEmails.length : subscribers;
  const abDisabledReason = testMode
    ? 'Test mode sends subject A to the test addresses: no A/B test.'
    : resendOf
      ? 'A non-openers copy has one subject.'
      : null;
  const ab = checkAbTest({ ...abDraft, enabled: abDraft.enabled && !abDisabledReason });
  const subjects = `${subject} ${ab.value?.subjectB ?? ''}`;
  const validation = useMemo(
    () => validateCampaign({ name, subject, html, text, recipientCount, variables }),
    [name, subject, html, text, recipientCount, variables],
  );
  // Tags used only in the hand-written text part need values too.
  const body = `${html}\n${text}`;
  const tags = useMemo(() => customTags(subjects, body), [subjects, body]);
  // With the footer every campaign message gets (decision 004), so the admin sees what is sent.
  const previewHtml = useMemo(
    () => previewWithIdentityFooter(mergeTags(html, variables, true), html, site),
    [html, variables],
  );
  const content = { name, subject, html };
  const saveable = canSaveDraft(content);
  const abValid = !abDraft.enabled || Boolean(abDisabledReason) || ab.value !== null;
  const sendable =
    (testMode || (audienceQuery.isSuccess && !audienceQuery.isPlaceholderData)) &&
    abValid &&
    canSendNow({ validation, testMode, testEmails: validTestEmails, subscriberCount: subscribers });

  const input = (): CampaignSaveDraftInput => ({
    ...(campaign ? { id: campaign.id } : {}),
    name,
    subject,
    html_content: html,
    text_content: text,
    is_test_mode: testMode,
    test_emails: validTestEmails,
    template_id: templateId,
    variables: usedValues(subjects, body, variables),
    ab_test: ab.value,
    segment_id: resendOf ? null : segmentId,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.campaigns.pathKey() });

  const saveDraft = useMutation(
    trpc.admin.campaigns.saveDraft.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({
          color: 'green',
          message: result.created ? 'Campaign saved as draft' : 'Campaign updated',
        });
        // The server sanitises the HTML: show what was actually stored.
        setHtml(result.campaign.htmlContent);
        await refresh();
        if (result.created) {
          await navigate({
            to: '/admin/campaigns/$id/edit',
            params: { id: result.campaign.id },
            replace: true,
          });
        }
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: `Failed to save campaign: ${errorMessage(error)}` }),
    }),
  );
  const sendNow = useMutation(
    trpc.admin.campaigns.sendNow.mutationOptions({
      onSuccess: async (sent) => {
        notifications.show({ color: 'green', message: 'Campaign is now sending!' });
        setDialog(null);
        await refresh();
        await navigate({ to: '/admin/campaigns/$id', params: { id: sent.id } });
      },
      onError: (error) => {
        setDialog(null);
        notifications.show({ color: 'red', message: `Failed to send campaign: ${errorMessage(error)}` });
      },
    }),
  );
  const schedule = useMutation(
    trpc.admin.campaigns.schedule.mutationOptions({
      onSuccess: async (result) => {
        const when = result.campaign.scheduledAt;
        notifications.show({
          color: 'green',
          message: when
            ? `Campaign scheduled for ${formatInZone(when, result.timezone)} (${result.timezone})`
            : 'Campaign scheduled',
        });
        setDialog(null);
        await refresh();
        await navigate({ to: '/admin/campaigns/$id', params: { id: result.campaign.id } });
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: `Failed to schedule campaign: ${errorMessage(error)}` }),
    }),
  );

  const loadTemplate = (value: string | null) => {
    setTemplateId(value);
    const template = templates.data?.find((t) => t.id === value);
    if (!template) return;
    setSubject(template.subject);
    setHtml(template.htmlContent);
    setText(template.textContent ?? '');
    // The template's defaults become the campaign's values (docs/decisions/011-merge-variables.md).
    setVariables((current) => ({ ...current, ...template.variableDefaults }));
    notifications.show({ color: 'green', message: 'Template loaded' });
  };

  const busy = saveDraft.isPending || sendNow.isPending || schedule.isPending;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={1}>{campaign ? 'Edit Campaign' : 'New Campaign'}</Title>
          {campaign && <StatusBadge status={campaign.status} />}
        </Group>
        <AnchorLink to="/admin/campaigns">Back to Campaigns</AnchorLink>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <Card withBorder radius="md" padding="md">
              <Stack>
                <TextInput
                  label="Campaign name"
                  required
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                />
                <TextInput
                  label="Subject line"
                  required
                  value={subject}
                  onChange={(event) => setSubject(event.currentTarget.value)}
                />
                <Select
                  label="Template"
                  placeholder={templates.isPending ? 'Loading templates...' : 'Start from a template'}
                  data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.templateName }))}
                  value={templateId}
                  onChange={loadTemplate}
                  searchable
                  clearable
                  nothingFoundMessage="No templates found"
                />
                {resendOf ? (
                  <Text size="sm">
                    <Text span fw={500}>
                      Audience:
                    </Text>{' '}
                    non-openers of {original.data?.name ?? 'the original campaign'}
                  </Text>
                ) : (
                  <Select
                    label="Audience"
                    description="Only contacts who may receive marketing are ever sent to."
                    data={[
                      { value: '', label: 'All subscribed contacts' },
                      ...(segmentId && !segmentName && !segments.isSuccess
                        ? [{ value: segmentId, label: 'The chosen segment' }]
                        : []),
                      ...(segments.data ?? []).map((s) => ({ value: s.id, label: `Segment: ${s.name}` })),
                    ]}
                    value={segmentId ?? ''}
                    onChange={(value) => setSegmentId(value || null)}
                    allowDeselect={false}
                    searchable
                    nothingFoundMessage="No segments found"
                  />
                )}
                <Switch
                  label="Test mode (send only to the test email addresses)"
                  checked={testMode}
                  onChange={(event) => setTestMode(event.currentTarget.checked)}
                />
                {testMode && (
                  <TextInput
                    label="Test emails"
                    description={`Comma-separated. ${validTestEmails.length} valid address${validTestEmails.length === 1 ? '' : 'es'}.`}
                    placeholder="you@example.com, colleague@example.com"
                    value={testEmails}
                    onChange={(event) => setTestEmails(event.currentTarget.value)}
                  />
                )}
              </Stack>
            </Card>
            <AbTestFields draft={abDraft} onChange={setAbDraft} disabledReason={abDisabledReason} />
            <HtmlEditor ref={editor} label="Email HTML" required value={html} onChange={setHtml} />
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                Insert merge tag:
              </Text>
              {BUILT_IN_TAGS.map((tag) => (
                <Button
                  key={tag}
                  size="compact-xs"
                  variant="light"
                  onClick={() => editor.current?.insertAtCursor(`{{${tag}}}`)}
                >
                  {`{{${tag}}}`}
                </Button>
              ))}
            </Group>
            <Textarea
              label="Plain-text version (optional; generated from the HTML when empty)"
              description="Sent as the text/plain part. Merge tags work here too; without {{unsubscribe_url}} the unsubscribe line is added at the end."
              autosize
              minRows={3}
              maxRows={16}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            {tags.length > 0 && (
              <Card
                withBorder
                radius="md"
                padding="md"
                component="section"
                aria-labelledby="merge-values-title"
              >
                <Stack gap="xs">
                  <Text fw={500} id="merge-values-title">
                    Merge values
                  </Text>
                  <Text size="sm" c="dimmed">
                    Every recipient gets these values in place of the tags. Contact fields and unsubscribe
                    links are filled for each recipient.
                  </Text>
                  {tags.map((tag) => {
                    const value = variables[tag] ?? '';
                    return (
                      <TextInput
                        key={tag}
                        label={`{{${tag}}}`}
                        required
                        value={value}
                        error={value.trim() === '' ? 'Enter a value for this tag' : undefined}
                        onChange={(event) => {
                          const next = event.currentTarget.value;
                          setVariables((current) => ({ ...current, [tag]: next }));
                        }}
                      />
                    );
                  })}
                </Stack>
              </Card>
            )}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            <Card withBorder radius="md" padding="md">
              <Text fw={500}>Recipients</Text>
              <Text size="xl" fw={700} data-testid="recipient-count">
                {testMode || audienceQuery.isSuccess ? formatCount(recipientCount) : '…'}
              </Text>
              <Text size="sm" c="dimmed">
                {testMode
                  ? 'valid test email addresses'
                  : resendOf
                    ? `non-openers of ${original.data?.name ?? 'the original campaign'} who may still be e-mailed`
                    : segmentId
                      ? `contacts in ${segmentName ? `"${segmentName}"` : 'the segment'} who may receive marketing`
                      : 'subscribed contacts'}
              </Text>
            </Card>
            <ValidationPanel validation={validation} />
            <Group grow>
              <Button variant="default" onClick={() => setDialog('test')} disabled={!saveable || busy}>
                Send Test
              </Button>
              <Button
                variant="default"
                onClick={() => saveDraft.mutate(input())}
                disabled={!saveable || busy}
                loading={saveDraft.isPending}
              >
                Save Draft
              </Button>
            </Group>
            <Group grow>
              <Button
                variant="light"
                onClick={() => setDialog('schedule')}
                disabled={!sendable || busy || !scheduleSettings.isSuccess}
              >
                Schedule
              </Button>
              <Button onClick={() => setDialog('send')} disabled={!sendable || busy}>
                Send Now
              </Button>
            </Group>
            <EmailPreview html={previewHtml} title="Live preview" height={520} />
          </Stack>
        </Grid.Col>
      </Grid>

      <SendTestDialog
        opened={dialog === 'test'}
        onClose={() => setDialog(null)}
        content={{
          name,
          subject,
          html_content: html,
          text_content: text,
          variables: usedValues(subject, body, variables),
        }}
      />
      <SendNowDialog
        opened={dialog === 'send'}
        recipients={recipientCount}
        testMode={testMode}
        abTestNote={
          ab.value
            ? `A/B test: ${formatCount(abTestSize(recipientCount, ab.value.testPercent))} of them get subject A or B now; ` +
              `the rest get the winner ${ab.value.waitHours} hour${ab.value.waitHours === 1 ? '' : 's'} after the test sends.`
            : null
        }
        loading={sendNow.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => sendNow.mutate(input())}
      />
      {scheduleSettings.data && (
        <ScheduleDialog
          opened={dialog === 'schedule'}
          timezone={scheduleSettings.data.timezone}
          loading={schedule.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(scheduledAt) => schedule.mutate({ ...input(), scheduledAt })}
        />
      )}
    </Stack>
  );
}
