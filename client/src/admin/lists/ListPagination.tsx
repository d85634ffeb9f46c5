import { Button, Group, Text } from '@mantine/core';
import { paginationModel } from '#shared/pagination.ts';

export interface PageTarget {
  page: number;
  /** Keyset anchor for a neighbouring page (see shared/admin/lists.ts); none for the first and last. */
  after?: string;
  before?: string;
}

interface ListPaginationProps {
  page: number;
  totalPages: number;
  /** First and last row ids of the page shown: a neighbouring page is then read from there. */
  firstId: string | undefined;
  lastId: string | undefined;
  onNavigate: (target: PageTarget) => void;
  label: string;
}

/**
 * Previous, page numbers (first, current with its neighbours, last, ellipses for gaps) and next.
 * Hidden for a single page (docs/spec/admin.md §2).
 */
export function ListPagination({
  page,
  totalPages,
  firstId,
  lastId,
  onNavigate,
  label,
}: ListPaginationProps) {
  const items = paginationModel({ page, totalPages });
  if (items.length === 0) return null;

  const targetFor = (to: number): PageTarget => {
    if (to === 1 || to === totalPages) return { page: to };
    if (to === page + 1 && lastId) return { page: to, after: lastId };
    if (to === page - 1 && firstId) return { page: to, before: firstId };
    return { page: to };
  };

  return (
    <Group component="nav" aria-label={label} gap={4} justify="flex-end">
      <Button
        variant="default"
        size="xs"
        disabled={page <= 1}
        onClick={() => onNavigate(targetFor(page - 1))}
        aria-label="Previous page"
      >
        Previous
      </Button>
      {items.map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="xs"
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => {
              if (item !== page) onNavigate(targetFor(item));
            }}
          >
            {item}
          </Button>
        ) : (
          <Text key={item} component="span" px={4} c="dimmed" aria-hidden="true">
            …
          </Text>
        ),
      )}
      <Button
        variant="default"
        size="xs"
        disabled={page >= totalPages}
        onClick={() => onNavigate(targetFor(page + 1))}
        aria-label="Next page"
      >
        Next
      </Button>
    </Group>
  );
}
