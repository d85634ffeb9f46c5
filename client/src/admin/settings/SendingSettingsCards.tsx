import { Card, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import {
  BATCH_DELAY_MAX_SECONDS,
  BATCH_DELAY_MIN_SECONDS,
  BATCH_SIZE_MAX,
  BATCH_SIZE_MIN,
  COMPLAINT_PAUSE_MIN_DELIVERED_MAX,
  COMPLAINT_PAUSE_MIN_DELIVERED_MIN,
  COMPLAINT_PAUSE_THRESHOLD_MAX,
  COMPLAINT_PAUSE_THRESHOLD_MIN,
  type SettingsView,
  SUNSET_MONTHS_MAX,
  SUNSET_MONTHS_MIN,
  WEEKLY_MARKETING_CAP_MAX,
  WEEKLY_MARKETING_CAP_MIN,
} from '#shared/settings/schemas.ts';
import type { SettingsForm } from './settings-form.ts';

/** Who campaign e-mails come from. */
export function EmailConfigurationCard({ form, view }: { form: SettingsForm; view: SettingsView }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        Email Configuration
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Who campaign e-mails come from. Leave a field empty to use the default shown.
      </Text>
      <Stack>
        <TextInput
          label="From Name"
          placeholder={view.defaults.fromName}
          {...form.getInputProps('fromName')}
        />
        <TextInput
          label="From Email"
          type="email"
          placeholder={view.defaults.fromEmail}
          description="Must be an address on a domain verified with the e-mail provider."
          {...form.getInputProps('fromEmail')}
        />
        <TextInput
          label="Reply-To Email"
          type="email"
          placeholder={view.defaults.replyToEmail}
          description="Empty: replies go to the From address."
          {...form.getInputProps('replyToEmail')}
        />
      </Stack>
    </Card>
  );
}

/** Every IANA zone this browser knows, with the saved one kept even if it is not listed. */
function useTimezoneOptions(current: string): string[] {
  return useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return zones.includes(current) ? zones : [current, ...zones];
  }, [current]);
}

/** How the sending worker paces batches, and the business's timezone. */
export function CampaignSendingCard({ form, view }: { form: SettingsForm; view: SettingsView }) {
  const timezones = useTimezoneOptions(view.values.timezone);
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        Campaign Settings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The sending worker reads these before every batch.
      </Text>
      <Stack>
        <NumberInput
          label="Batch Size"
          description={`E-mails per batch, ${BATCH_SIZE_MIN} to ${BATCH_SIZE_MAX} (the provider's limit).`}
          min={BATCH_SIZE_MIN}
          max={BATCH_SIZE_MAX}
          allowDecimal={false}
          {...form.getInputProps('batchSize')}
        />
        <NumberInput
          label="Batch Delay (seconds)"
          description={`Pause between batches, ${BATCH_DELAY_MIN_SECONDS} to ${BATCH_DELAY_MAX_SECONDS} seconds.`}
          min={BATCH_DELAY_MIN_SECONDS}
          max={BATCH_DELAY_MAX_SECONDS}
          step={0.5}
          decimalScale={3}
          {...form.getInputProps('batchDelaySeconds')}
        />
        <Select
          label="Default Timezone"
          description="Schedules, the dashboard's days and the Unsubscribes page's “Today” use it."
          data={timezones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such timezone"
          limit={100}
          {...form.getInputProps('timezone')}
        />
        <NumberInput
          label="Marketing e-mails per contact per 7 days"
          description={`${WEEKLY_MARKETING_CAP_MIN} to ${WEEKLY_MARKETING_CAP_MAX}. Campaigns and automation flows both count towards it; when a contact has reached it, a flow's next e-mail waits until they are under it again.`}
          min={WEEKLY_MARKETING_CAP_MIN}
          max={WEEKLY_MARKETING_CAP_MAX}
          allowDecimal={false}
          {...form.getInputProps('weeklyMarketingCap')}
        />
        <NumberInput
          label="Leave out contacts inactive for (months)"
          description={`Campaigns leave out contacts who have not opened (machine opens aside) or clicked for this long, unless a campaign includes them; contacts who joined more recently are kept. ${SUNSET_MONTHS_MIN} turns this off; at most ${SUNSET_MONTHS_MAX}.`}
          min={SUNSET_MONTHS_MIN}
          max={SUNSET_MONTHS_MAX}
          allowDecimal={false}
          {...form.getInputProps('sunsetMonths')}
        />
        <Text size="sm" c="dimmed">
          A campaign pauses itself when its bounce rate passes {view.bouncePauseThreshold}% after 200 sends.
        </Text>
        <NumberInput
          label="Complaint limit (%)"
          description={`A campaign pauses itself when more than this share of its delivered e-mails are marked as spam, ${COMPLAINT_PAUSE_THRESHOLD_MIN}% to ${COMPLAINT_PAUSE_THRESHOLD_MAX}%. Gmail asks bulk senders to stay under 0.1% and blocks them at 0.3%.`}
          min={COMPLAINT_PAUSE_THRESHOLD_MIN}
          max={COMPLAINT_PAUSE_THRESHOLD_MAX}
          step={0.05}
          decimalScale={2}
          {...form.getInputProps('complaintPauseThreshold')}
        />
        <NumberInput
          label="Delivered e-mails before the complaint limit applies"
          description={`${COMPLAINT_PAUSE_MIN_DELIVERED_MIN} to ${COMPLAINT_PAUSE_MIN_DELIVERED_MAX}; fewer deliveries are too few to judge a rate by.`}
          min={COMPLAINT_PAUSE_MIN_DELIVERED_MIN}
          max={COMPLAINT_PAUSE_MIN_DELIVERED_MAX}
          allowDecimal={false}
          {...form.getInputProps('complaintPauseMinDelivered')}
        />
      </Stack>
    </Card>
  );
}
