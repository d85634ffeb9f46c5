import { Card, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatRate } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * The open rate with machine opens counted apart (decision 025): mail privacy proxies and security
 * scanners "open" a message as it arrives, which inflates the rate without a reader.
 */
export function OpenRateStat({
  campaignId,
  openRate,
  pollInterval,
}: {
  campaignId: string;
  openRate: number | null;
  pollInterval: number | false;
}) {
  const trpc = useTRPC();
  const opens = useQuery(
    trpc.admin.campaigns.opens.queryOptions({ id: campaignId }, { refetchInterval: pollInterval }),
  );
  const human = opens.data?.humanOpenRate ?? null;
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Open rate
      </Text>
      <Text size="xl" fw={700} data-testid="stat-open-rate">
        {formatRate(openRate)}
      </Text>
      {human !== null && (
        <Text size="xs" c="dimmed" data-testid="stat-human-open-rate">
          ({formatRate(human)} excluding machine opens)
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        Machine opens come within seconds of delivery, from a privacy proxy or scanner.
      </Text>
    </Card>
  );
}
