import { Group, Stack, Table, Text } from '@mantine/core';
import type { PagedResult } from '#shared/admin/lists.ts';
import { formatCount } from '../widgets/format.ts';
import { ListPagination, type PageTarget } from './ListPagination.tsx';

/** The table row shown when a page has no rows: the spec's empty text, plus a hint while filtering. */
export function EmptyTableRow({
  columns,
  message,
  hint,
}: {
  columns: number;
  message: string;
  hint: string | null;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Stack gap={4} align="center" py="lg">
          <Text fw={500}>{message}</Text>
          {hint && <Text c="dimmed">{hint}</Text>}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** One page of a list as the footer needs it; lists counted without a cap leave `totalIsCapped` out. */
export type ListPageData = Pick<
  PagedResult<{ id: string }>,
  'rows' | 'totalCount' | 'totalPages' | 'page'
> & {
  totalIsCapped?: boolean;
};

/** Count of matches (or "more than N" when a search was capped) beside the page links. */
export function ListFooter({
  data,
  noun,
  label,
  onNavigate,
}: {
  /** Undefined until the first answer. */
  data: ListPageData | undefined;
  noun: { one: string; many: string };
  label: string;
  onNavigate: (target: PageTarget) => void;
}) {
  if (!data || data.totalCount === 0) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {data.totalIsCapped
          ? `More than ${formatCount(data.totalCount)} ${noun.many} match. Refine the search to narrow them down.`
          : `${formatCount(data.totalCount)} ${data.totalCount === 1 ? noun.one : noun.many}`}
      </Text>
      <ListPagination
        label={label}
        page={data.page}
        totalPages={data.totalPages}
        firstId={data.rows[0]?.id}
        lastId={data.rows.at(-1)?.id}
        onNavigate={onNavigate}
      />
    </Group>
  );
}
