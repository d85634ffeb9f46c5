import { Alert, Anchor, Card, Skeleton, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CampaignLinkRow } from '#shared/campaigns/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount, formatRate } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

type SortKey = 'label' | 'uniqueClicks' | 'totalClicks' | 'clickRate';

const columns: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'label', label: 'Link', numeric: false },
  { key: 'uniqueClicks', label: 'Unique clicks', numeric: true },
  { key: 'totalClicks', label: 'Total clicks', numeric: true },
  { key: 'clickRate', label: 'Click-through', numeric: true },
];

function compare(a: CampaignLinkRow, b: CampaignLinkRow, key: SortKey): number {
  if (key === 'label') return a.label.localeCompare(b.label);
  return (a[key] ?? -1) - (b[key] ?? -1);
}

/**
 * Every link of the campaign with its clickers. Choosing a link filters the sends table
 * below to the recipients who clicked it.
 */
export function LinkReport({
  campaignId,
  pollInterval,
  selected,
  onSelect,
}: {
  campaignId: string;
  pollInterval: number | false;
  selected: string | null;
  onSelect: (url: string) => void;
}) {
  const trpc = useTRPC();
  const links = useQuery(
    trpc.admin.campaigns.links.queryOptions({ id: campaignId }, { refetchInterval: pollInterval }),
  );
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'uniqueClicks',
    descending: true,
  });
  const rows = [...(links.data ?? [])].sort((a, b) => compare(a, b, sort.key) * (sort.descending ? -1 : 1));

  return (
    <Card withBorder radius="md">
      <Title order={2} size="h3" mb="xs">
        Links
      </Title>
      {links.isError && <Alert color="red">{errorMessage(links.error)}</Alert>}
      {links.isPending && <Skeleton height={80} />}
      {links.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          This campaign has no links.
        </Text>
      )}
      {rows.length > 0 && (
        <Table verticalSpacing="xs" aria-label="Link report">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const active = sort.key === column.key;
                return (
                  <Table.Th
                    key={column.key}
                    ta={column.numeric ? 'right' : undefined}
                    aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      onClick={() =>
                        setSort((current) => ({
                          key: column.key,
                          descending: current.key === column.key ? !current.descending : column.numeric,
                        }))
                      }
                    >
                      {column.label}
                      {active ? (sort.descending ? ' ↓' : ' ↑') : ''}
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.url ?? 'per-recipient'}
                bg={
                  row.url !== null && row.url === selected ? 'var(--mantine-primary-color-light)' : undefined
                }
              >
                <Table.Td maw={420}>
                  {row.url === null ? (
                    <Text size="sm">{row.label}</Text>
                  ) : (
                    <>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => onSelect(row.url ?? '')}
                        title="Show the recipients who clicked this link"
                      >
                        {row.label}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate="end">
                        {row.url}
                      </Text>
                    </>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatCount(row.uniqueClicks)}</Table.Td>
                <Table.Td ta="right">{formatCount(row.totalClicks)}</Table.Td>
                <Table.Td ta="right">{formatRate(row.clickRate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
