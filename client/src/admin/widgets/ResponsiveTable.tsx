import { Table, type TableProps } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import './responsive-table.css';

/**
 * Gives each body cell its column's name (data-label), read from the heading row, so the phone's
 * card layout (responsive-table.css) can show it above the value. A heading marked `data-card-label
 * ="none"`, or one whose name is visually hidden, labels nothing; a row that does not fill the
 * columns (the empty state's one cell) is left alone.
 */
export function labelCells(table: HTMLTableElement): void {
  const headings = Array.from(table.tHead?.rows[0]?.cells ?? []);
  const labels = headings.map((th) => {
    if (th.dataset.cardLabel === 'none' || th.querySelector('.mantine-VisuallyHidden-root')) return null;
    return th.dataset.cardLabel ?? th.textContent?.trim() ?? null;
  });
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      if (row.cells.length !== labels.length) continue;
      Array.from(row.cells).forEach((cell, index) => {
        const label = labels[index];
        if (label) {
          if (cell.dataset.label !== label) cell.dataset.label = label;
        } else if (cell.dataset.label !== undefined) delete cell.dataset.label;
      });
    }
  }
}

interface ResponsiveTableProps extends Omit<TableProps, 'children'> {
  /** At 48em and wider: below this width the table scrolls sideways rather than squeeze. */
  minWidth: number;
  /** The table's Thead and Tbody. */
  children: ReactNode;
}

/**
 * Every admin list's table (decision 091): a table from 48em up, one card per row on a phone,
 * where each cell shows under its column's name. Rows may be re-rendered by their own components,
 * so the labels are kept by a MutationObserver rather than only after this component renders.
 */
export function ResponsiveTable({ minWidth, children, ...tableProps }: ResponsiveTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    labelCells(table);
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      className="admin-rtable"
      classNames={{ scrollContainerInner: 'admin-rtable-inner' }}
    >
      <Table ref={ref} {...tableProps}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
