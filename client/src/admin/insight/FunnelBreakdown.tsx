import { Table, Text } from '@mantine/core';
import type { FunnelRow } from '#shared/insight/schemas.ts';
import { formatAud } from '#shared/money/aud.ts';
import { formatCount } from '../widgets/format.ts';
import { hoursText, percent } from './format.ts';

/** The period's funnel per group (source, brand, buyer or visit location): the CSV's rows. */
export function FunnelBreakdown({ rows }: { rows: readonly FunnelRow[] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No enquiries in this period.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Funnel breakdown" data-testid="funnel-breakdown">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Group</Table.Th>
            <Table.Th ta="right">Enquiries</Table.Th>
            <Table.Th ta="right">Contacted</Table.Th>
            <Table.Th ta="right">Offered</Table.Th>
            <Table.Th ta="right">Accepted</Table.Th>
            <Table.Th ta="right">Purchased</Table.Th>
            <Table.Th ta="right">Enquiry to purchase</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th ta="right">Median first reply</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="right">{formatCount(row.enquiries)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.contacted)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.offered)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.accepted)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.purchased)}</Table.Td>
              <Table.Td ta="right">
                {percent(row.enquiries === 0 ? null : row.purchased / row.enquiries)}
              </Table.Td>
              <Table.Td ta="right">{formatAud(row.purchaseValueCents)}</Table.Td>
              <Table.Td ta="right">{hoursText(row.medianHoursToFirstReply)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
