import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { bucketLabel, label } from './engagement-buckets.ts';

/**
 * Delivered, opens, clicks, bounces and unsubscribes per hour for the first 48 hours after sending
 * started, then per day, with the send window marked. Empty hours and days come from the
 * server as zeros, so the axis is even (server/campaigns/engagement.ts). Each recipient counts
 * once per figure (decision 052), so the totals below are the campaign's own figures.
 */
export function EngagementChart({
  campaignId,
  startedAt,
  completedAt,
  pollInterval,
}: {
  campaignId: string;
  startedAt: string | null;
  completedAt: string | null;
  pollInterval: number | false;
}) {
  const trpc = useTRPC();
  const time = useDisplayTime();
  const series = useQuery(
    trpc.admin.campaigns.engagement.queryOptions({ id: campaignId }, { refetchInterval: pollInterval }),
  );
  const points = series.data?.points ?? [];
  const data = points.map((point) => ({ ...point, label: label(point, time) }));
  const started = bucketLabel(points, startedAt, time);
  const finished = bucketLabel(points, completedAt, time);
  const totals = points.reduce(
    (acc, p) => ({
      delivered: acc.delivered + p.delivered,
      opened: acc.opened + p.opened,
      clicked: acc.clicked + p.clicked,
      bounced: acc.bounced + p.bounced,
      unsubscribed: acc.unsubscribed + p.unsubscribed,
    }),
    { delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 },
  );
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h3" mb="xs">
        Engagement over time
      </Title>
      {series.isError && <Alert color="red">{errorMessage(series.error)}</Alert>}
      {series.isPending && <Skeleton height={240} />}
      {series.data?.points.length === 0 && (
        // No empty axis: where the figures come from, and why none may come (decision 007).
        <Stack gap={4} py="md" data-testid="engagement-empty">
          <Text size="sm">
            No delivery, open or click reported yet. Opens and clicks appear here as the e-mail provider
            reports them through its webhook.
          </Text>
          {!series.data.webhookConfigured && (
            <Text size="sm" c="orange">
              No webhook secret is configured (RESEND_WEBHOOK_SECRET), so the provider's reports cannot be
              accepted and this chart stays empty.
            </Text>
          )}
        </Stack>
      )}
      {data.length > 0 && (
        <>
          <LineChart
            h={260}
            data={data}
            dataKey="label"
            withLegend
            withDots={data.length < 3}
            curveType="linear"
            valueFormatter={(value) => formatCount(value)}
            referenceLines={[
              ...(started ? [{ x: started, label: 'Sending started', color: 'gray.6' }] : []),
              ...(finished && finished !== started
                ? [{ x: finished, label: 'Sending finished', color: 'gray.6' }]
                : []),
            ]}
            series={[
              { name: 'delivered', label: 'Delivered', color: 'indigo.6' },
              { name: 'opened', label: 'Opens', color: 'teal.6' },
              { name: 'clicked', label: 'Clicks', color: 'yellow.7' },
              { name: 'bounced', label: 'Bounces', color: 'orange.6' },
              { name: 'unsubscribed', label: 'Unsubscribes', color: 'red.6' },
            ]}
            aria-hidden="true"
            // Hidden from assistive technology (the text below says the same), so nothing in it may take
            // focus: recharts' accessibility layer makes the chart a focusable application (decision 056).
            lineChartProps={{ accessibilityLayer: false }}
          />
          <Text size="sm" c="dimmed" mt="xs" data-testid="engagement-summary">
            Hourly for the first 48 hours after sending started, then daily: {formatCount(totals.delivered)}{' '}
            delivered, {formatCount(totals.opened)} opens, {formatCount(totals.clicked)} clicks,{' '}
            {formatCount(totals.bounced)} bounces, {formatCount(totals.unsubscribed)} unsubscribes.
          </Text>
        </>
      )}
    </Card>
  );
}
