import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveTable } from '../widgets/ResponsiveTable.tsx';
import { EmptyTableRow } from './ListStates.tsx';
import { SkeletonRows } from './SkeletonRows.tsx';

/** A column heading; a hidden one (e.g. the row actions) is read out but not shown. */
export type ListColumn = string | { label: string; hidden?: boolean; align?: 'right' };

interface ListTableProps<T> {
  columns: readonly ListColumn[];
  /** Below this width the table scrolls sideways rather than squeezing its columns; on a phone
   * (under 48em) each row is a card instead (widgets/ResponsiveTable.tsx, decision 091). */
  minWidth: number;
  /** The page's rows; undefined until the first answer. */
  rows: readonly T[] | undefined;
  /** The first answer is awaited: skeleton rows (a refetch keeps the previous rows instead). */
  pending: boolean;
  /** Any read in flight, for assistive technology. */
  fetching?: boolean;
  renderRow: (row: T) => ReactNode;
  /** The spec's empty text, and a hint (e.g. "Try adjusting your search") or a call to action. */
  empty: { message: string; hint?: string | null };
  skeletonRows?: number;
  highlightOnHover?: boolean;
  testId?: string;
}

/** The table of an admin list with its loading (skeleton rows) and empty states; cards on a phone. */
export function ListTable<T>({
  columns,
  minWidth,
  rows,
  pending,
  fetching = false,
  renderRow,
  empty,
  skeletonRows,
  highlightOnHover = true,
  testId,
}: ListTableProps<T>) {
  return (
    <ResponsiveTable
      minWidth={minWidth}
      striped
      highlightOnHover={highlightOnHover}
      verticalSpacing="sm"
      aria-busy={fetching}
      data-testid={testId}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => {
            const { label, hidden = false, align } = typeof column === 'string' ? { label: column } : column;
            return (
              <Table.Th key={index} ta={align}>
                {hidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pending && <SkeletonRows columns={columns.length} rows={skeletonRows} />}
        {rows?.length === 0 && (
          <EmptyTableRow columns={columns.length} message={empty.message} hint={empty.hint ?? null} />
        )}
        {rows?.map(renderRow)}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
