import { Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditSearchParams } from '#shared/admin/search-params.ts';
import { AUDIT_PAGE_SIZE } from '#shared/audit/schemas.ts';
import { pageCount } from '#shared/pagination.ts';
import { useCan } from '../auth/session.ts';
import { ExportCsvButton } from '../lists/ExportCsvButton.tsx';
import { ListPage } from '../lists/ListPage.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { useTRPC } from '../../trpc.ts';
import { AuditEntry } from './AuditEntry.tsx';
import { PeriodInputs } from '../widgets/PeriodInputs.tsx';

interface AuditLogPageProps {
  search: AuditSearchParams;
  onSearchChange: (next: AuditSearchParams) => void;
}

/**
 * /admin/audit: who did what (Owner only, decision 028), filtered by member, action and date. The
 * filters and page live in the URL like every list's. Each row is a card that reads as a sentence
 * (shared/audit/sentences.ts): cards rather than a table, so a 390 px screen needs no sideways
 * scroll.
 */
export function AuditLogPage({ search, onSearchChange }: AuditLogPageProps) {
  const trpc = useTRPC();
  const allowed = useCan()('audit.read');
  const list = useListPage({ search, onSearchChange, filterKeys: ['member', 'action', 'from', 'to'] });
  const filters = { member: search.member, action: search.action, from: search.from, to: search.to };
  const rows = useQuery(
    trpc.admin.audit.list.queryOptions(
      { page: list.page, ...filters },
      { placeholderData: keepPreviousData, enabled: allowed },
    ),
  );
  const data = rows.data;

  return (
    <ListPage
      title="Audit log"
      forbidden={!allowed}
      forbiddenMessage="Only an Owner can read the audit log."
      actions={
        <ExportCsvButton
          path="/api/admin/exports/audit-log.csv"
          params={filters}
          fallbackName="audit-log.csv"
          permission="audit.read"
          messages={{
            success: (n) => `Exported ${n} audit entries.`,
            failed: 'The export failed. Please try again.',
          }}
        />
      }
      activeFilters={list.activeFilters}
      filters={
        <>
          <ListSearchInput
            label="Member"
            placeholder="e-mail"
            type="text"
            minLength={1}
            term={search.member ?? ''}
            onSearch={(member) => list.setFilters({ member })}
          />
          <ListSearchInput
            label="Action"
            placeholder="e.g. campaigns"
            type="text"
            minLength={1}
            term={search.action ?? ''}
            onSearch={(action) => list.setFilters({ action })}
          />
          <PeriodInputs from={search.from} to={search.to} onChange={(change) => list.setFilters(change)} />
        </>
      }
      errors={[rows.error]}
      footer={
        <ListFooter
          data={
            data && {
              rows: data.rows,
              totalCount: data.total,
              totalPages: pageCount(data.total, AUDIT_PAGE_SIZE),
              page: data.page,
            }
          }
          noun={{ one: 'entry', many: 'entries' }}
          label="Audit log pages"
          onNavigate={list.goTo}
        />
      }
    >
      <Stack
        component="ol"
        gap="xs"
        aria-label="Audit entries"
        aria-busy={rows.isFetching}
        data-testid="audit-log"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {rows.isPending &&
          Array.from({ length: 10 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <Skeleton height={72} />
            </li>
          ))}
        {data?.rows.map((row) => (
          <AuditEntry key={row.id} row={row} names={data.names} />
        ))}
      </Stack>
      {data?.rows.length === 0 && (
        <Text fw={500} ta="center" py="lg">
          No entries match these filters.
        </Text>
      )}
    </ListPage>
  );
}
