import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import {
  type CampaignDetail,
  permittedCampaignActions,
  canRetryFailedSends,
  SEND_FILTERS,
  type SendFilter,
} from '#shared/campaigns/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { formatCount, formatDateTime, formatRate, progressPercent } from '../widgets/format.ts';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { AbTestPanel } from './AbTestPanel.tsx';
import { EngagementChart } from './EngagementChart.tsx';
import { useCan } from '../auth/session.ts';
import { NonOpenersButton } from './NonOpenersDialog.tsx';
import { ExportSendsButton } from './ExportSendsButton.tsx';
import { LinkReport } from './LinkReport.tsx';
import { OpenRateStat } from './OpenRateStat.tsx';
import { SendEventsPanel } from './SendEventsPanel.tsx';
import { CampaignAudience } from './CampaignAudience.tsx';
import { CampaignNotFound } from './CampaignNotFound.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useCampaignActions } from './useCampaignActions.tsx';
import { POLL_INTERVAL_MS, useCampaignLive } from './useCampaignLive.ts';

/**
 * /admin/campaigns/$id: the campaign's state, counts and per-recipient sends, kept current by the
 * live feed, or by polling every 3 s while a send runs and the feed is down (docs/spec/admin.md §9).
 */
export function CampaignDetailsPage({ id }: { id: string }) {
  useDocumentTitle(`Campaign Details | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const live = useCampaignLive(id);
  const campaign = useQuery(
    trpc.admin.campaigns.get.queryOptions(
      { id },
      {
        retry: false,
        refetchInterval: (query) =>
          !live.connected && query.state.data?.status === 'sending' ? POLL_INTERVAL_MS : false,
      },
    ),
  );
  if (campaign.isPending) return <Loader aria-label="Loading campaign" />;
  if (campaign.isError) {
    const code = errorCode(campaign.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <CampaignNotFound />;
    return <Alert color="red">{errorMessage(campaign.error)}</Alert>;
  }
  return <CampaignDetails campaign={campaign.data} live={live.connected} />;
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

function CampaignDetails({ campaign, live }: { campaign: CampaignDetail; live: boolean }) {
  const navigate = useNavigate();
  const actions = useCampaignActions({
    onDeleted: () => void navigate({ to: '/admin/campaigns' }),
  });
  const can = useCan();
  const allowed = permittedCampaignActions(campaign.status, can);
  const percent = progressPercent(campaign.sentCount, campaign.totalRecipients);
  const sending = campaign.status === 'sending';
  const [clickedLink, setClickedLink] = useState<string | null>(null);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{campaign.name}</Title>
            <StatusBadge status={campaign.status} />
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

      <AbTestPanel campaign={campaign} pollInterval={sending ? POLL_INTERVAL_MS : false} />
      <EngagementChart
        campaignId={campaign.id}
        startedAt={campaign.startedAt}
        completedAt={campaign.completedAt}
        pollInterval={sending ? POLL_INTERVAL_MS : false}
      />
      <LinkReport
        campaignId={campaign.id}
        pollInterval={sending ? POLL_INTERVAL_MS : false}
        selected={clickedLink}
        onSelect={setClickedLink}
      />
      <SendsTable
        // A new link filter starts the table from its first page.
        key={clickedLink ?? ''}
        campaignId={campaign.id}
        pollInterval={!live && sending ? POLL_INTERVAL_MS : false}
        clickedLink={clickedLink}
        onClearClickedLink={() => setClickedLink(null)}
      />
      {actions.dialogs}
    </Stack>
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

const filterLabels: Record<SendFilter, string> = {
  all: 'All',
  delivered: 'Delivered',
  bounced: 'Bounced',
  failed: 'Failed',
  sent: 'Sent',
  queued: 'Queued',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

function SendsTable({
  campaignId,
  pollInterval,
  clickedLink,
  onClearClickedLink,
}: {
  campaignId: string;
  pollInterval: number | false;
  clickedLink: string | null;
  onClearClickedLink: () => void;
}) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<SendFilter>('all');
  const [page, setPage] = useState(1);
  // One row at a time shows its delivery events (beyond the spec: the operator's view).
  const [expanded, setExpanded] = useState<string | null>(null);
  const sends = useQuery(
    trpc.admin.campaigns.sends.queryOptions(
      { id: campaignId, status, page, ...(clickedLink ? { clickedLink } : {}) },
      { placeholderData: keepPreviousData, refetchInterval: pollInterval },
    ),
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Email sends
        </Title>
        <SegmentedControl
          aria-label="Filter sends by status"
          // Eight filters: on a narrow screen the control scrolls rather than overflowing the page.
          style={{ maxWidth: '100%', overflowX: 'auto' }}
          value={status}
          onChange={(value) => {
            setStatus(SEND_FILTERS.find((f) => f === value) ?? 'all');
            setPage(1);
          }}
          data={SEND_FILTERS.map((value) => ({ value, label: filterLabels[value] }))}
        />
      </Group>
      {clickedLink && (
        <Group gap="xs">
          <Text size="sm">
            Recipients who clicked{' '}
            <Text span fw={600} style={{ wordBreak: 'break-all' }}>
              {clickedLink}
            </Text>
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={onClearClickedLink}>
            Show all
          </Button>
        </Group>
      )}
      {sends.isError && <Alert color="red">{errorMessage(sends.error)}</Alert>}
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Opened</Table.Th>
            <Table.Th>Clicked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sends.isPending &&
            Array.from({ length: 10 }, (_, i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={5}>
                  <Skeleton height={18} />
                </Table.Td>
              </Table.Tr>
            ))}
          {sends.data?.sends.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text ta="center" c="dimmed" py="md">
                  No email sends found
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {sends.data?.sends.map((send) => (
            <Fragment key={send.id}>
              <Table.Tr>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => setExpanded((current) => (current === send.id ? null : send.id))}
                    aria-expanded={expanded === send.id}
                    aria-controls={`send-events-${send.id}`}
                    title="Show the provider's events for this e-mail"
                  >
                    {send.recipientEmail}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={
                      send.status === 'delivered'
                        ? 'green'
                        : send.status === 'bounced' || send.status === 'failed'
                          ? 'red'
                          : 'gray'
                    }
                  >
                    {send.status}
                  </Badge>
                  {send.error && (
                    <Text size="xs" c="dimmed">
                      {send.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(send.sentAt)}</Table.Td>
                <Table.Td>{formatDateTime(send.openedAt)}</Table.Td>
                <Table.Td>{formatDateTime(send.clickedAt)}</Table.Td>
              </Table.Tr>
              {expanded === send.id && (
                <Table.Tr id={`send-events-${send.id}`}>
                  <Table.Td colSpan={5}>
                    <SendEventsPanel sendId={send.id} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {sends.data && sends.data.totalPages > 1 && (
        <Pagination
          total={sends.data.totalPages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Stack>
  );
}
