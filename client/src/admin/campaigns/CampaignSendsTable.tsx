import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { SEND_FILTERS, type SendFilter } from '#shared/campaigns/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { SendEventsPanel } from './SendEventsPanel.tsx';

const filterLabels: Record<SendFilter, string> = {
  all: 'All',
  delivered: 'Delivered',
  bounced: 'Bounced',
  failed: 'Failed',
  sent: 'Sent',
  queued: 'Queued',
  held: 'Held',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/**
 * Every recipient's send, filtered by status (kept in the URL) or by a clicked link, a page at a
 * time. An A/B campaign has a Held tab with its count: the remainder waiting for the winner
 * (decision 037); other campaigns never hold a send, so they do not show it.
 */
export function CampaignSendsTable({
  campaignId,
  pollInterval,
  clickedLink,
  onClearClickedLink,
  status,
  onStatusChange,
  hasAbTest,
}: {
  campaignId: string;
  pollInterval: number | false;
  clickedLink: string | null;
  onClearClickedLink: () => void;
  status: SendFilter;
  onStatusChange: (next: SendFilter) => void;
  hasAbTest: boolean;
}) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  // The A/B panel asks the same query: one request, one count on both.
  const abReport = useQuery(
    trpc.admin.campaigns.abTest.queryOptions(
      { id: campaignId },
      { enabled: hasAbTest, refetchInterval: pollInterval },
    ),
  );
  const filters = SEND_FILTERS.filter((f) => f !== 'held' || hasAbTest || status === 'held');
  const label = (filter: SendFilter) =>
    filter === 'held' && abReport.data
      ? `${filterLabels.held} (${formatCount(abReport.data.held)})`
      : filterLabels[filter];
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
          // Up to nine filters: on a narrow screen the control scrolls rather than overflowing the page.
          style={{ maxWidth: '100%', overflowX: 'auto' }}
          value={status}
          onChange={(value) => {
            onStatusChange(SEND_FILTERS.find((f) => f === value) ?? 'all');
            setPage(1);
          }}
          data={filters.map((value) => ({ value, label: label(value) }))}
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
      {/* Scrolls inside its box on a phone, not the page (decision 056). */}
      <Table.ScrollContainer minWidth={560}>
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
      </Table.ScrollContainer>
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
