import { Alert, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { FilterBar } from '../widgets/FilterBar.tsx';
import { ROLE_REFUSED_MESSAGE } from '../widgets/Permitted.tsx';

interface ListPageProps {
  /** The page's heading (level 1) and, unless `documentTitle` says otherwise, its tab title. */
  title: string;
  documentTitle?: string;
  /** Above the heading, e.g. the contacts' sub-navigation. */
  tabs?: ReactNode;
  /** Beside the heading: Export CSV, New… */
  actions?: ReactNode;
  /** Between the heading and the filters: a description, summary cards. */
  intro?: ReactNode;
  filters?: ReactNode;
  /** How many of the filters (the search included) narrow the list: the phone's Filters button shows it. */
  activeFilters?: number;
  /** The failed reads of the page (null for those that did not fail), each shown as a red alert. */
  errors?: readonly unknown[];
  errorTitle?: string;
  /** The member's role may not read this list (decision 027): only the refusal is shown. */
  forbidden?: boolean;
  forbiddenMessage?: string;
  /** The rows: a ListTable, or cards. */
  children: ReactNode;
  /** Under the rows: the count and the page links (ListFooter). */
  footer?: ReactNode;
}

/**
 * The frame every admin list shares: heading with its actions, filters, the error state, the rows
 * and the paging. The loading and empty states are the rows' own (ListTable).
 */
export function ListPage({
  title,
  documentTitle = title,
  tabs,
  actions,
  intro,
  filters,
  activeFilters = 0,
  errors = [],
  errorTitle,
  forbidden = false,
  forbiddenMessage = ROLE_REFUSED_MESSAGE,
  children,
  footer,
}: ListPageProps) {
  useDocumentTitle(`${documentTitle} | ${ADMIN_TITLE}`);
  if (forbidden) return <Alert color="red">{forbiddenMessage}</Alert>;
  return (
    <Stack>
      {tabs}
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        {actions && <Group>{actions}</Group>}
      </Group>
      {intro}
      {filters && <FilterBar active={activeFilters}>{filters}</FilterBar>}
      {errors.map(
        (error, index) =>
          error != null && (
            <Alert key={index} color="red" title={errorTitle}>
              {errorMessage(error)}
            </Alert>
          ),
      )}
      {children}
      {footer}
    </Stack>
  );
}
