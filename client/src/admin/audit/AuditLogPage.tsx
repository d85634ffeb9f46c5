import { Code, Table, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditSearchParams } from '#shared/admin/search-params.ts';
import { AUDIT_PAGE_SIZE } from '#shared/audit/schemas.ts';
import { pageCount } from '#shared/pagination.ts';
import { useCan } from '../auth/session.ts';
import { ExportCsvButton } from '../lists/ExportCsvButton.tsx';
import { ListPage } from '../lists/ListPage.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { formatDateTime } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

const COLUMNS = ['When', 'Member', 'IP', 'Action', 'Record', 'Summary'];

interface AuditLogPageProps {
  search: AuditSearchParams;
  onSearchChange: (next: AuditSearchParams) => void;
}

/**
 * /admin/audit: who did what (Owner only, decision 028), filtered by member, action and date. The
 * filters and page live in the URL like every list's.
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
          <TextInput
            label="From"
            type="date"
            value={search.from ?? ''}
            onChange={(event) => list.setFilters({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            label="To"
            type="date"
            value={search.to ?? ''}
            onChange={(event) => list.setFilters({ to: event.currentTarget.value || undefined })}
          />
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
      <ListTable
        columns={COLUMNS}
        minWidth={800}
        rows={data?.rows}
        pending={rows.isPending}
        fetching={rows.isFetching}
        highlightOnHover={false}
        testId="audit-log"
        renderRow={(row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
            <Table.Td>{row.actorEmail ?? '—'}</Table.Td>
            <Table.Td>{row.ip ?? '—'}</Table.Td>
            <Table.Td>{row.action}</Table.Td>
            <Table.Td>
              {row.entityId ? `${row.entityType ?? ''} ${row.entityId}` : (row.entityType ?? '—')}
            </Table.Td>
            <Table.Td>
              <Code>{row.summary}</Code>
            </Table.Td>
          </Table.Tr>
        )}
        empty={{ message: 'No entries match these filters.' }}
      />
    </ListPage>
  );
}
