import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { funnelCsv } from '#shared/insight/csv.ts';
import {
  FUNNEL_DIMENSION_LABELS,
  FUNNEL_DIMENSIONS,
  FUNNEL_STEP_LABELS,
  FUNNEL_STEPS,
  type FunnelFigures,
  type FunnelSearch,
  funnelInputSchema,
  stepConversions,
} from '#shared/insight/schemas.ts';
import { formatAud } from '#shared/money/aud.ts';
import { formatCalendarDay } from '#shared/time/format.ts';
import { readOneOf } from '#shared/url-search.ts';
import { useCan } from '../auth/session.ts';
import { saveBlob } from '../lists/download.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { PeriodInputs } from '../widgets/PeriodInputs.tsx';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';
import { FunnelBreakdown } from './FunnelBreakdown.tsx';
import { defaultPeriod, hoursText, percent } from './format.ts';

/**
 * /admin/insight: enquiries to purchases for a period against the previous one (decision 096),
 * the Owner's and the Viewer's. A chart, the same figures as a table beneath it, and a breakdown
 * the Owner can download as CSV.
 */
export function FunnelPage({
  search,
  onSearchChange,
}: {
  search: FunnelSearch;
  onSearchChange: (next: FunnelSearch) => void;
}) {
  useDocumentTitle(`Funnel | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const can = useCan();
  const fallback = defaultPeriod();
  const input = {
    from: search.from ?? fallback.from,
    to: search.to ?? fallback.to,
    by: search.by ?? 'source',
  };
  const valid = funnelInputSchema.safeParse(input);
  const report = useQuery(
    trpc.admin.insight.funnel.queryOptions(input, {
      enabled: valid.success,
      placeholderData: keepPreviousData,
    }),
  );
  const data = report.data;

  return (
    <Stack>
      <Title order={1} size="h2">
        Enquiry funnel
      </Title>
      <PeriodInputs
        from={input.from}
        to={input.to}
        issues={valid.error?.issues}
        onChange={(change) => onSearchChange({ ...search, ...change })}
      />
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isPending && valid.success && <Skeleton height={260} />}
      {data && (
        <>
          <Card withBorder radius="md">
            <Title order={2} size="h3" mb="xs">
              {formatCalendarDay(data.period.from, 'day')} to {formatCalendarDay(data.period.to, 'day')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Against {formatCalendarDay(data.previous.from, 'day')} to{' '}
              {formatCalendarDay(data.previous.to, 'day')}. A step counts every enquiry that reached it or a
              later one.
            </Text>
            <BarChart
              h={240}
              data={FUNNEL_STEPS.map((step) => ({
                step: FUNNEL_STEP_LABELS[step],
                current: data.current[step],
                previous: data.prior[step],
              }))}
              dataKey="step"
              withLegend
              valueFormatter={(value) => formatCount(value)}
              series={[
                { name: 'current', label: 'This period', color: 'indigo.6' },
                { name: 'previous', label: 'Previous period', color: 'gray.5' },
              ]}
              aria-hidden="true"
              // The table beneath says the same; nothing in the chart may take focus (decision 056).
              barChartProps={{ accessibilityLayer: false }}
            />
            <StepTable current={data.current} prior={data.prior} />
            <MoneyLine figures={data.current} />
          </Card>
          <Card withBorder radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h3">
                By {FUNNEL_DIMENSION_LABELS[data.by].toLowerCase()}
              </Title>
              {can('exports.download') && (
                <Button
                  variant="default"
                  onClick={() =>
                    saveBlob(
                      `funnel-${data.by}-${data.period.from}-${data.period.to}.csv`,
                      new Blob([funnelCsv(data.rows)], { type: 'text/csv;charset=utf-8' }),
                    )
                  }
                >
                  Export CSV
                </Button>
              )}
            </Group>
            <NativeSelect
              mb="sm"
              maw={240}
              label="Break down by"
              value={input.by}
              onChange={(event) =>
                onSearchChange({ ...search, by: readOneOf(event.currentTarget.value, FUNNEL_DIMENSIONS) })
              }
              data={FUNNEL_DIMENSIONS.map((d) => ({ value: d, label: FUNNEL_DIMENSION_LABELS[d] }))}
            />
            <FunnelBreakdown rows={data.rows} />
          </Card>
        </>
      )}
    </Stack>
  );
}

function StepTable({ current, prior }: { current: FunnelFigures; prior: FunnelFigures }) {
  const now = stepConversions(current);
  const before = stepConversions(prior);
  return (
    <Table.ScrollContainer minWidth={420} mt="sm">
      <Table aria-label="Funnel steps" data-testid="funnel-steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th ta="right">This period</Table.Th>
            <Table.Th ta="right">From the step before</Table.Th>
            <Table.Th ta="right">Previous period</Table.Th>
            <Table.Th ta="right">From the step before</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FUNNEL_STEPS.map((step) => (
            <Table.Tr key={step}>
              <Table.Td>{FUNNEL_STEP_LABELS[step]}</Table.Td>
              <Table.Td ta="right">{formatCount(current[step])}</Table.Td>
              <Table.Td ta="right">{percent(now[step])}</Table.Td>
              <Table.Td ta="right">{formatCount(prior[step])}</Table.Td>
              <Table.Td ta="right">{percent(before[step])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MoneyLine({ figures }: { figures: FunnelFigures }) {
  return (
    <Stack gap={2} mt="sm" data-testid="funnel-money">
      <Text size="sm">
        {formatCount(figures.purchased)} {figures.purchased === 1 ? 'purchase' : 'purchases'} worth{' '}
        {formatAud(figures.purchaseValueCents)}
        {figures.averageFirstOfferCents !== null &&
          figures.averagePriceCents !== null &&
          `; first offer ${formatAud(figures.averageFirstOfferCents)} on average against a final price of ${formatAud(figures.averagePriceCents)}`}
        .
      </Text>
      <Text size="sm" c="dimmed">
        Median time to first reply {hoursText(figures.medianHoursToFirstReply)}, to an offer{' '}
        {hoursText(figures.medianHoursToOffer)}, to purchase {hoursText(figures.medianHoursToPurchase)}.
      </Text>
    </Stack>
  );
}
