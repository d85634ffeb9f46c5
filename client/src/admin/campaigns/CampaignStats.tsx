import { Alert, Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import type { CampaignDetail } from '#shared/campaigns/schemas.ts';
import { formatCount, formatRate, progressPercent } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { FailedSendsAlert } from './FailedSendsAlert.tsx';
import { OpenRateStat } from './OpenRateStat.tsx';
import { POLL_INTERVAL_MS } from './useCampaignLive.ts';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}>
        {value}
      </Text>
    </Card>
  );
}

/** Why it stopped, how far the send has got, its counts and rates, and its dates. */
export function CampaignStats({ campaign }: { campaign: CampaignDetail }) {
  const { formatDateTime } = useDisplayTime();
  const percent = progressPercent(campaign.sentCount, campaign.totalRecipients);
  const sending = campaign.status === 'sending';
  return (
    <>
      {campaign.pauseReason && (
        <Alert color="yellow" title="Paused">
          {campaign.pauseReason}
        </Alert>
      )}
      {campaign.failureReason && (
        <Alert color="red" title="Failed">
          {campaign.failureReason}
        </Alert>
      )}
      <FailedSendsAlert campaign={campaign} />

      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb={6}>
          <Text fw={500}>Progress</Text>
          <Text size="sm" c="dimmed">
            {formatCount(campaign.sentCount)} of {formatCount(campaign.totalRecipients)} sent ({percent}%)
          </Text>
        </Group>
        <Progress value={percent} aria-label="Send progress" />
      </Card>

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Stat label="Recipients" value={formatCount(campaign.totalRecipients)} />
        <Stat label="Sent" value={formatCount(campaign.sentCount)} />
        <Stat label="Delivered" value={formatCount(campaign.deliveredCount)} />
        <Stat label="Failed" value={formatCount(campaign.failedCount)} />
        <Stat label="Bounced" value={formatCount(campaign.bounceCount)} />
        <Stat label="Opens" value={formatCount(campaign.openCount)} />
        <Stat label="Clicks" value={formatCount(campaign.clickCount)} />
        <OpenRateStat
          campaignId={campaign.id}
          openRate={campaign.openRate}
          pollInterval={sending ? POLL_INTERVAL_MS : false}
        />
        <Stat label="Click rate" value={formatRate(campaign.clickRate)} />
        <Stat label="Bounce rate" value={formatRate(campaign.bounceRate)} />
      </SimpleGrid>

      <Text size="sm" c="dimmed">
        Created {formatDateTime(campaign.createdAt)}
        {campaign.scheduledAt && ` · Scheduled for ${formatDateTime(campaign.scheduledAt)}`}
        {campaign.startedAt && ` · Started ${formatDateTime(campaign.startedAt)}`}
        {campaign.completedAt && ` · Completed ${formatDateTime(campaign.completedAt)}`}
        {campaign.cancelledAt && ` · Cancelled ${formatDateTime(campaign.cancelledAt)}`}
      </Text>
    </>
  );
}
