import { Card, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { EmptyAudience } from '../segments/SegmentPreviewCard.tsx';
import { PreheaderInput } from '../widgets/InboxRow.tsx';
import { type CampaignForm, inactiveNote } from './campaign-form.ts';
import type { CampaignAudienceState } from './useCampaignAudience.ts';

interface CampaignSettingsCardProps {
  form: CampaignForm;
  templates: { options: { value: string; label: string }[]; loading: boolean };
  onTemplate: (templateId: string | null) => void;
  audience: CampaignAudienceState;
  resendOf: string | null;
  validTestEmails: number;
}

/** Name, subject, the template it starts from, who it goes to, and test mode. */
export function CampaignSettingsCard({
  form,
  templates,
  onTemplate,
  audience,
  resendOf,
  validTestEmails,
}: CampaignSettingsCardProps) {
  const { segmentId, testMode, includeInactive } = form.values;
  const leftOut = resendOf ? null : inactiveNote({ ...audience, includeInactive });
  const chosenReach =
    resendOf || !segmentId ? undefined : audience.segments.data?.find((s) => s.id === segmentId)?.reach;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack>
        <TextInput label="Campaign name" required {...form.getInputProps('name')} />
        <TextInput label="Subject line" required {...form.getInputProps('subject')} />
        <PreheaderInput form={form} />
        <Select
          label="Template"
          placeholder={templates.loading ? 'Loading templates...' : 'Start from a template'}
          data={templates.options}
          value={form.values.templateId}
          onChange={onTemplate}
          searchable
          clearable
          nothingFoundMessage="No templates found"
        />
        {resendOf ? (
          <Text size="sm">
            <Text span fw={500}>
              Audience:
            </Text>{' '}
            non-openers of {audience.originalName}
          </Text>
        ) : (
          <Select
            label="Audience"
            description="Only contacts who may receive marketing are ever sent to."
            data={[
              { value: '', label: 'All subscribed contacts' },
              ...(segmentId && !audience.segmentName && !audience.segments.isSuccess
                ? [{ value: segmentId, label: 'The chosen segment' }]
                : []),
              ...(audience.segments.data ?? []).map((s) => ({ value: s.id, label: `Segment: ${s.name}` })),
            ]}
            value={segmentId ?? ''}
            onChange={(value) => form.setFieldValue('segmentId', value || null)}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No segments found"
          />
        )}
        {/* Why the chosen segment reaches nobody, and what to do (decision 032). */}
        {chosenReach && <EmptyAudience reach={chosenReach} />}
        {/* The sunset policy (decision 089): shown while it leaves anyone out of this audience. */}
        {!resendOf && audience.sunsetMonths > 0 && (
          <Switch
            label="Include inactive contacts"
            description={
              leftOut ??
              `Contacts with no open or click in ${audience.sunsetMonths} months are left out unless you include them.`
            }
            {...form.getInputProps('includeInactive', { type: 'checkbox' })}
            data-testid="include-inactive"
          />
        )}
        <Switch
          label="Test mode (send only to the test email addresses)"
          {...form.getInputProps('testMode', { type: 'checkbox' })}
        />
        {testMode && (
          <TextInput
            label="Test emails"
            description={`Comma-separated. ${validTestEmails} valid address${validTestEmails === 1 ? '' : 'es'}.`}
            placeholder="you@example.com, colleague@example.com"
            {...form.getInputProps('testEmails')}
          />
        )}
      </Stack>
    </Card>
  );
}
