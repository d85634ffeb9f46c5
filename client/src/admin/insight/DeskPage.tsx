import { Alert, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DeskSearch, deskInputSchema } from '#shared/insight/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { PeriodInputs } from '../widgets/PeriodInputs.tsx';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';
import { defaultPeriod, hoursText, percent } from './format.ts';

/**
 * /admin/enquiries/desk: each buyer's enquiries of a period, first replies against the site's
 * promise, offers made and accepted, purchases (decision 096). A Buyer sees their own row; the
 * Owner and the Viewer everyone's. The awaiting-reply digest links here.
 */
export function DeskPage({
  search,
  onSearchChange,
}: {
  search: DeskSearch;
  onSearchChange: (next: DeskSearch) => void;
}) {
  useDocumentTitle(`The desk’s numbers | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const fallback = defaultPeriod();
  const input = { from: search.from ?? fallback.from, to: search.to ?? fallback.to };
  const valid = deskInputSchema.safeParse(input);
  const report = useQuery(
    trpc.admin.insight.desk.queryOptions(input, {
      enabled: valid.success,
      placeholderData: keepPreviousData,
    }),
  );
  const data = report.data;
  return (
    <Stack>
      <Title order={1} size="h2">
        The desk’s numbers
      </Title>
      <PeriodInputs
        from={input.from}
        to={input.to}
        issues={valid.error?.issues}
        onChange={(change) => onSearchChange({ ...search, ...change })}
      />
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.isPending && valid.success && <Skeleton height={120} />}
      {data && data.rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No assigned enquiries came in during this period.
        </Text>
      )}
      {data && data.rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="The desk’s numbers" data-testid="desk-numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Buyer</Table.Th>
                <Table.Th ta="right">Enquiries</Table.Th>
                <Table.Th ta="right">Replied within {data.slaHours} h</Table.Th>
                <Table.Th ta="right">Median first reply</Table.Th>
                <Table.Th ta="right">Offers made</Table.Th>
                <Table.Th ta="right">Offers accepted</Table.Th>
                <Table.Th ta="right">Purchases</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Table.Tr key={row.memberId}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.handled)}</Table.Td>
                  <Table.Td ta="right">
                    {percent(row.handled === 0 ? null : row.repliedWithinSla / row.handled)}
                  </Table.Td>
                  <Table.Td ta="right">{hoursText(row.medianHoursToFirstReply)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.offersMade)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.offersAccepted)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.purchases)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
