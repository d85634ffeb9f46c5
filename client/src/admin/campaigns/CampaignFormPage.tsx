import { Alert, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { abSmallTestWarning } from '#shared/campaigns/ab-test.ts';
import { canSaveDraft, canSendNow, parseTestEmails, validateCampaign } from '#shared/campaigns/rules.ts';
import { type CampaignDetail, campaignActions } from '#shared/campaigns/schemas.ts';
import { previewWithIdentityFooter } from '#shared/templates/identity-footer.ts';
import { customTags, mergeTags, usedValues } from '#shared/templates/variables.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { AbTestFields, checkAbTest } from './AbTestFields.tsx';
import { BlocksEditor } from '../templates/BlocksEditor.tsx';
import { CampaignBodyFields } from './CampaignBodyFields.tsx';
import { CampaignEditorSwitch } from './CampaignEditorSwitch.tsx';
import { CampaignNotEditable } from './CampaignNotEditable.tsx';
import { CampaignNotFound } from './CampaignNotFound.tsx';
import { CampaignSendPanel } from './CampaignSendPanel.tsx';
import { CampaignSettingsCard } from './CampaignSettingsCard.tsx';
import {
  abDisabledReason,
  abTestNote,
  bodyOf,
  campaignInput,
  recipientsLabel,
  inactiveNote,
  subjectsOf,
  useCampaignForm,
} from './campaign-form.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { SendNowDialog } from './SendNowDialog.tsx';
import { SendTestDialog } from './SendTestDialog.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useCampaignAudience } from './useCampaignAudience.ts';
import { useCampaignBlocks } from './useCampaignBlocks.ts';
import { useCampaignFormActions } from './useCampaignFormActions.ts';
import { notifySuccess } from '../widgets/notify.ts';

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
  if (!campaignActions(campaign.data.status).edit) return <CampaignNotEditable campaign={campaign.data} />;
  return <CampaignForm key={campaign.data.id} campaign={campaign.data} />;
}

function CampaignForm({ campaign }: { campaign?: CampaignDetail }) {
  const trpc = useTRPC();
  const form = useCampaignForm(campaign);
  const values = form.values;
  // A non-openers copy (decision 038) goes to the original's non-openers, not to every subscriber.
  const resendOf = campaign?.resendOfCampaignId ?? null;
  const audience = useCampaignAudience(values.segmentId, resendOf, values.includeInactive);
  const templates = useQuery(trpc.admin.templates.list.queryOptions({}));
  const scheduleSettings = useQuery(trpc.admin.campaigns.scheduleSettings.queryOptions());
  const actions = useCampaignFormActions({ onStoredHtml: (html) => form.setFieldValue('html', html) });

  const validTestEmails = useMemo(() => parseTestEmails(values.testEmails), [values.testEmails]);
  const recipientCount = values.testMode ? validTestEmails.length : audience.subscribers;
  const abOff = abDisabledReason(values.testMode, resendOf);
  const ab = checkAbTest({ ...values.abTest, enabled: values.abTest.enabled && !abOff });
  const { name, subject, preheader, html, text, variables } = values;
  const blocks = useCampaignBlocks(campaign, {
    subject,
    preheader,
    variables,
    segmentId: resendOf ? null : values.segmentId,
    includeInactive: values.includeInactive,
  });
  const fromBlocks = blocks.editor === 'blocks';
  // Made from blocks (decision 092): the rules read the blocks' texts, and the layout's footer
  // carries the unsubscribe link, so no warning about the document's own structure or link.
  const content = fromBlocks ? { html: blocks.texts, text: '' } : { html, text };
  const validation = useMemo(
    () =>
      validateCampaign({
        name,
        subject,
        preheader,
        html: content.html,
        text: content.text,
        recipientCount,
        variables,
        fromBlocks,
      }),
    [name, subject, preheader, content.html, content.text, recipientCount, variables, fromBlocks],
  );
  const subjects = subjectsOf(values, ab.value);
  const body = bodyOf(values, fromBlocks ? blocks.texts : null);
  const tags = useMemo(() => customTags(subjects, body), [subjects, body]);
  // With the footer every campaign message gets (decision 004), so the admin sees what is sent.
  // Blocks: the server's preview, merged for a sample contact as the sender merges (decision 092).
  const htmlPreview = useMemo(
    () => previewWithIdentityFooter(mergeTags(html, variables, true), html, site),
    [html, variables],
  );
  const blocksPreview = blocks.preview.data;
  const saveable = fromBlocks
    ? canSaveDraft({ name, subject, html: blocks.valid ? blocks.texts || ' ' : '' })
    : canSaveDraft({ name, subject, html });
  const abValid = !values.abTest.enabled || Boolean(abOff) || ab.value !== null;
  const sendable =
    (!fromBlocks || blocks.valid !== null) &&
    (values.testMode || audience.current) &&
    abValid &&
    canSendNow({
      validation,
      testMode: values.testMode,
      testEmails: validTestEmails,
      subscriberCount: audience.subscribers,
    });
  const blocksInput = fromBlocks && blocks.valid ? { doc: blocks.valid, texts: blocks.texts } : null;
  const input = () =>
    campaignInput(values, {
      id: campaign?.id,
      resendOf,
      testEmails: validTestEmails,
      ab: ab.value,
      blocks: blocksInput,
    });

  const loadTemplate = (value: string | null) => {
    form.setFieldValue('templateId', value);
    const template = templates.data?.find((t) => t.id === value);
    if (!template) return;
    // A template made from blocks makes a campaign edited in blocks (decision 092); its HTML is
    // kept too, for Custom HTML.
    if (template.blocks) blocks.history.reset(template.blocks);
    blocks.setEditor(template.blocks ? 'blocks' : 'html');
    form.setValues((current) => ({
      subject: template.subject,
      preheader: template.preheader,
      html: template.htmlContent,
      text: template.textContent ?? '',
      // The template's defaults become the campaign's values (decision 011).
      variables: { ...current.variables, ...template.variableDefaults },
    }));
    notifySuccess('Template loaded');
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={1}>{campaign ? 'Edit Campaign' : 'New Campaign'}</Title>
          {campaign && <StatusBadge status={campaign.status} failedCount={campaign.failedCount} />}
        </Group>
        <AnchorLink to="/admin/campaigns">Back to Campaigns</AnchorLink>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <CampaignSettingsCard
              form={form}
              templates={{
                options: (templates.data ?? []).map((t) => ({ value: t.id, label: t.templateName })),
                loading: templates.isPending,
              }}
              onTemplate={loadTemplate}
              audience={audience}
              resendOf={resendOf}
              validTestEmails={validTestEmails.length}
            />
            <AbTestFields
              draft={values.abTest}
              onChange={(draft) => form.setFieldValue('abTest', draft)}
              disabledReason={abOff}
              recipients={audience.counted ? audience.subscribers : null}
            />
            <CampaignEditorSwitch
              blocks={blocks}
              onHtml={(body) => form.setValues({ html: body, text: '' })}
            />
            <CampaignBodyFields
              form={form}
              tags={tags}
              blocksEditor={
                fromBlocks ? (
                  <BlocksEditor
                    {...blocks.history}
                    errorAt={blocks.errorAt}
                    documentError={blocks.errorAt('blocks')}
                  />
                ) : undefined
              }
            />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 5 }}>
          <CampaignSendPanel
            recipientCount={values.testMode || audience.counted ? recipientCount : null}
            recipientsLabel={recipientsLabel({
              ...audience,
              testMode: values.testMode,
              resendOf,
              segmentId: values.segmentId,
            })}
            validation={validation}
            saveable={saveable}
            sendable={sendable}
            schedulable={scheduleSettings.isSuccess}
            busy={actions.busy}
            saving={actions.saveDraft.isPending}
            onSave={() => actions.saveDraft.mutate(input())}
            onDialog={actions.setDialog}
            preview={
              fromBlocks
                ? {
                    html: blocksPreview?.html ?? '',
                    message: true,
                    sample: blocksPreview?.sample ?? null,
                    inbox: {
                      subject: blocksPreview?.subject ?? '',
                      preheader: blocksPreview?.preheader ?? '',
                    },
                  }
                : {
                    html: htmlPreview,
                    message: false,
                    sample: null,
                    // Filled as the preview fills the body: the campaign's values, contact fields as tags.
                    inbox: {
                      subject: mergeTags(subject, variables, false),
                      preheader: mergeTags(preheader, variables, false),
                    },
                  }
            }
          />
        </Grid.Col>
      </Grid>

      <SendTestDialog
        opened={actions.dialog === 'test'}
        onClose={() => actions.setDialog(null)}
        content={{
          name,
          subject,
          preheader,
          htmlContent: fromBlocks ? '' : html,
          textContent: fromBlocks ? '' : text,
          blocks: blocksInput?.doc ?? null,
          variables: usedValues(subjects, body, variables),
        }}
        subjectB={ab.value?.subjectB}
      />
      <SendNowDialog
        opened={actions.dialog === 'send'}
        recipients={recipientCount}
        testMode={values.testMode}
        inactiveNote={
          values.testMode ? null : inactiveNote({ ...audience, includeInactive: values.includeInactive })
        }
        abTestNote={abTestNote(recipientCount, ab.value)}
        abTestWarning={ab.value ? abSmallTestWarning(recipientCount, ab.value.testPercent) : null}
        loading={actions.sendNow.isPending}
        onClose={() => actions.setDialog(null)}
        onConfirm={() => actions.sendNow.mutate(input())}
      />
      {scheduleSettings.data && (
        <ScheduleDialog
          opened={actions.dialog === 'schedule'}
          timezone={scheduleSettings.data.timezone}
          loading={actions.schedule.isPending}
          onClose={() => actions.setDialog(null)}
          onConfirm={(scheduledAt) => actions.schedule.mutate({ ...input(), scheduledAt })}
        />
      )}
    </Stack>
  );
}
