import { Alert, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AB_METRIC_LABELS } from '#shared/campaigns/ab-test.ts';
import type { CampaignDetail } from '#shared/campaigns/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount, formatRate } from '../widgets/format.ts';
import { type DisplayTime, useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';

/** Where an A/B subject test stands (decision 037), in one sentence. */
export function abPhase(
  campaign: Pick<CampaignDetail, 'status' | 'abTest'>,
  { formatDateTime }: Pick<DisplayTime, 'formatDateTime'>,
): string | null {
  const ab = campaign.abTest;
  if (!ab) return null;
  if (ab.winner)
    return `Winner: subject ${ab.winner}, chosen ${formatDateTime(ab.winnerChosenAt)}, sent to the rest of the audience.`;
  if (campaign.status === 'cancelled') return 'Cancelled before a winner was chosen.';
  if (ab.winnerDueAt) {
    const due = formatDateTime(ab.winnerDueAt);
    return campaign.status === 'paused'
      ? `Testing, paused. The winner is chosen once resumed (due ${due}).`
      : `Testing — winner chosen at ${due}.`;
  }
  return `Testing — sending subjects A and B to ${ab.testPercent}% of the audience.`;
}

/** Both subjects' test figures and the winner, on the campaign details page. */
export function AbTestPanel({
  campaign,
  pollInterval,
}: {
  campaign: CampaignDetail;
  pollInterval: number | false;
}) {
  const trpc = useTRPC();
  const time = useDisplayTime();
  const report = useQuery(
    trpc.admin.campaigns.abTest.queryOptions({ id: campaign.id }, { refetchInterval: pollInterval }),
  );
  const ab = campaign.abTest;
  if (!ab) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ab-test-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="ab-test-heading">
          A/B subject test
        </Title>
        <Text size="sm" data-testid="ab-phase" role="status">
          {abPhase(campaign, time)}
        </Text>
        <Text size="sm" c="dimmed">
          {ab.testPercent}% of the audience split evenly between A and B; winner by{' '}
          {AB_METRIC_LABELS[ab.metric].toLowerCase()} after {ab.waitHours} hour{ab.waitHours === 1 ? '' : 's'}{' '}
          (a tie goes to A).
          {report.data &&
            report.data.held > 0 &&
            ` ${formatCount(report.data.held)} recipients wait for the winner.`}
        </Text>
        {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
        <Table striped verticalSpacing="xs" data-testid="ab-variants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variant</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Delivered</Table.Th>
              <Table.Th>Opens (readers)</Table.Th>
              <Table.Th>Open rate</Table.Th>
              <Table.Th>Clicks</Table.Th>
              <Table.Th>Click rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(report.data?.variants ?? []).map((v) => (
              <Table.Tr key={v.variant}>
                <Table.Td>
                  {v.variant}{' '}
                  {report.data?.winner === v.variant && (
                    <Badge color="green" variant="light" size="sm">
                      Winner
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{v.subject}</Table.Td>
                <Table.Td>{formatCount(v.sent)}</Table.Td>
                <Table.Td>{formatCount(v.delivered)}</Table.Td>
                <Table.Td>{formatCount(v.opened)}</Table.Td>
                <Table.Td>{formatRate(v.openRate)}</Table.Td>
                <Table.Td>{formatCount(v.clicked)}</Table.Td>
                <Table.Td>{formatRate(v.clickRate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Opens count readers only: machine opens (within seconds of delivery) are left out.
        </Text>
      </Stack>
    </Card>
  );
}
