import { Skeleton, Table } from '@mantine/core';

/** The spec's loading state: ten skeleton rows. */
export function SkeletonRows({ columns, rows = 10 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Tr key={i} aria-hidden="true">
      {Array.from({ length: columns }, (__, j) => (
        <Table.Td key={j}>
          <Skeleton height={18} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
