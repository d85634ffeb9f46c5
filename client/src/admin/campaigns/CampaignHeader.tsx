import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type CampaignDetail,
  canRetryFailedSends,
  permittedCampaignActions,
} from '#shared/campaigns/schemas.ts';
import { useCan } from '../auth/session.ts';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { CampaignAudience } from './CampaignAudience.tsx';
import { ExportSendsButton } from './ExportSendsButton.tsx';
import { NonOpenersButton } from './NonOpenersDialog.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import type { useCampaignActions } from './useCampaignActions.tsx';

/** The campaign's name, state, subjects and audience, and the actions the member may take on it. */
export function CampaignHeader({
  campaign,
  live,
  actions,
}: {
  campaign: CampaignDetail;
  live: boolean;
  actions: ReturnType<typeof useCampaignActions>;
}) {
  const can = useCan();
  const allowed = permittedCampaignActions(campaign.status, can);
  const sending = campaign.status === 'sending';
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1}>{campaign.name}</Title>
          <StatusBadge status={campaign.status} failedCount={campaign.failedCount} />
          <LiveStatus connected={live} sending={sending} />
          {campaign.isTestMode && (
            <Badge color="orange" variant="outline">
              Test mode
            </Badge>
          )}
        </Group>
        <Text c="dimmed">
          <Text span fw={500}>
            {campaign.abTest ? 'Subject A:' : 'Subject:'}
          </Text>{' '}
          {campaign.subject}
        </Text>
        {campaign.abTest && (
          <Text c="dimmed">
            <Text span fw={500}>
              Subject B:
            </Text>{' '}
            {campaign.abTest.subjectB}
          </Text>
        )}
        {campaign.resendOfCampaignId ? (
          <ResendOf id={campaign.resendOfCampaignId} />
        ) : (
          <CampaignAudience campaign={campaign} />
        )}
      </Stack>
      <Group>
        <ButtonLink to="/admin/campaigns" variant="default">
          Back to Campaigns
        </ButtonLink>
        {allowed.exportSends && campaign.totalRecipients > 0 && (
          <ExportSendsButton campaignId={campaign.id} />
        )}
        {allowed.edit && (
          <ButtonLink to="/admin/campaigns/$id/edit" params={{ id: campaign.id }} variant="default">
            Edit
          </ButtonLink>
        )}
        {allowed.pause && (
          <Button color="yellow" onClick={() => actions.pause(campaign)} loading={actions.pending}>
            Pause
          </Button>
        )}
        {allowed.resume && (
          <Button onClick={() => actions.resume(campaign)} loading={actions.pending}>
            Resume
          </Button>
        )}
        {allowed.retryFailed && canRetryFailedSends(campaign) && (
          <Button variant="light" onClick={() => actions.retryFailed(campaign)} loading={actions.pending}>
            Retry failed
          </Button>
        )}
        {allowed.cancel && (
          <Button color="red" variant="light" onClick={() => actions.cancel(campaign)}>
            Cancel
          </Button>
        )}
        {allowed.nonOpeners && campaign.status === 'completed' && !campaign.isTestMode && (
          <NonOpenersButton campaign={campaign} />
        )}
      </Group>
    </Group>
  );
}

/** Only a campaign that is sending is live: a finished one shows no "Live" badge. */
function LiveStatus({ connected, sending }: { connected: boolean; sending: boolean }) {
  if (!sending) return null;
  if (connected)
    return (
      <Badge color="green" variant="dot" data-testid="live-status">
        Live
      </Badge>
    );
  return (
    <Badge color="gray" variant="dot" data-testid="live-status">
      Reconnecting, refreshing every 3 s
    </Badge>
  );
}

/** A non-openers copy names the campaign whose non-openers it goes to (decision 038). */
function ResendOf({ id }: { id: string }) {
  const trpc = useTRPC();
  const original = useQuery(trpc.admin.campaigns.get.queryOptions({ id }, { retry: false }));
  return (
    <Text c="dimmed" data-testid="resend-of">
      <Text span fw={500}>
        Audience:
      </Text>{' '}
      Non-openers of{' '}
      {original.data ? (
        <AnchorLink to="/admin/campaigns/$id" params={{ id }}>
          {original.data.name}
        </AnchorLink>
      ) : (
        'the original campaign'
      )}
    </Text>
  );
}
