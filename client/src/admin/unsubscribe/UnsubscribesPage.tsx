import { Badge, SimpleGrid, Switch, Table, Text, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
import {
  ACTION_FILTER_LABELS,
  ACTION_LABELS,
  actionFilters,
  METHOD_FILTER_LABELS,
  METHOD_LABELS,
  methodFilters,
  UNSUBSCRIBE_MESSAGES,
  type UnsubscribeLogEntry,
  unsubscribeLogsExportedMessage,
  type UnsubscribeSearchParams,
} from '#shared/unsubscribe/schemas.ts';
import { ExportCsvButton } from '../lists/ExportCsvButton.tsx';
import { ListPage } from '../lists/ListPage.tsx';
import { ListFilterSelect } from '../lists/ListFilterSelect.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { StatCard } from '../lists/StatCard.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { formatCount } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';

const actionOptions = actionFilters.map((value) => ({ value, label: ACTION_FILTER_LABELS[value] }));
const methodOptions = methodFilters.map((value) => ({ value, label: METHOD_FILTER_LABELS[value] }));
const COLUMNS = ['Email', 'Action', 'Method', 'IP Address', 'User Agent', 'Date & Time'];
const UA_SHOWN = 40;

interface UnsubscribesPageProps {
  search: UnsubscribeSearchParams;
  onSearchChange: (next: UnsubscribeSearchParams) => void;
}

/** /admin/unsubscribes: search, filters and page live in the URL. */
export function UnsubscribesPage({ search, onSearchChange }: UnsubscribesPageProps) {
  const trpc = useTRPC();
  const list = useListPage({
    search,
    onSearchChange,
    keyset: true,
    searchMinLength: SEARCH_MIN_LENGTH,
    filterKeys: ['action', 'method'],
  });
  const action = search.action ?? 'all';
  const method = search.method ?? 'all';
  const includeResubscribes = search.resubscribes === true;

  const stats = useQuery(trpc.admin.unsubscribe.stats.queryOptions());
  const rows = useQuery(
    trpc.admin.unsubscribe.list.queryOptions(
      { search: list.term, action, method, includeResubscribes, page: list.page, anchor: list.anchor },
      { placeholderData: keepPreviousData },
    ),
  );
  const today = stats.data;

  return (
    <ListPage
      title="Unsubscribe Activity"
      actions={
        <ExportCsvButton
          path="/api/admin/exports/unsubscribe-logs.csv"
          params={{
            search: list.applied || undefined,
            action: action === 'all' ? undefined : action,
            method: method === 'all' ? undefined : method,
            includeResubscribes,
          }}
          fallbackName="unsubscribe-logs.csv"
          messages={{
            successTitle: UNSUBSCRIBE_MESSAGES.exportSuccessTitle,
            success: unsubscribeLogsExportedMessage,
            failed: UNSUBSCRIBE_MESSAGES.exportFailed,
            nothingToExport: UNSUBSCRIBE_MESSAGES.nothingToExport,
          }}
        />
      }
      intro={
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <StatCard
            label="Total Unsubscribes"
            value={formatCount(today?.total ?? 0)}
            loading={stats.isPending}
          />
          <StatCard
            label="One-Click"
            value={formatCount(today?.oneClick ?? 0)}
            note="List-Unsubscribe header"
            loading={stats.isPending}
          />
          <StatCard
            label="Today"
            value={formatCount(today?.today ?? 0)}
            note={today ? `Since midnight (${today.timezone})` : 'Since midnight'}
            loading={stats.isPending}
          />
          <StatCard
            label="This Week"
            value={formatCount(today?.thisWeek ?? 0)}
            note="Last 7 days"
            loading={stats.isPending}
          />
        </SimpleGrid>
      }
      activeFilters={list.activeFilters}
      filters={
        <>
          <ListSearchInput
            label="Search"
            placeholder="Search by email..."
            w={280}
            term={list.term}
            onSearch={list.setSearch}
          />
          <ListFilterSelect
            label="Action"
            data={actionOptions}
            values={actionFilters}
            value={action}
            onChange={(next) => list.setFilters({ action: next })}
            w={200}
          />
          <ListFilterSelect
            label="Method"
            data={methodOptions}
            values={methodFilters}
            value={method}
            onChange={(next) => list.setFilters({ method: next })}
            w={180}
          />
          <Switch
            mt={30}
            label="Include resubscribes"
            checked={includeResubscribes}
            onChange={(event) => list.setFilters({ resubscribes: event.currentTarget.checked || undefined })}
          />
        </>
      }
      errors={[rows.error, stats.error]}
      footer={
        <ListFooter
          data={rows.data}
          noun={{ one: 'entry', many: 'entries' }}
          label="Unsubscribe activity pages"
          onNavigate={list.goTo}
        />
      }
    >
      <ListTable
        columns={COLUMNS}
        minWidth={860}
        rows={rows.data?.rows}
        pending={rows.isPending}
        fetching={rows.isFetching}
        renderRow={(entry) => <LogRow key={entry.id} entry={entry} />}
        empty={{
          message: UNSUBSCRIBE_MESSAGES.noActivity,
          hint: list.filtered ? UNSUBSCRIBE_MESSAGES.tryAdjusting : null,
        }}
      />
    </ListPage>
  );
}

const ACTION_COLORS: Record<UnsubscribeLogEntry['action'], string> = {
  email_unsubscribe: 'red',
  sms_unsubscribe: 'orange',
  email_resubscribe: 'green',
  sms_resubscribe: 'teal',
};

function LogRow({ entry }: { entry: UnsubscribeLogEntry }) {
  const { formatDateTime } = useDisplayTime();
  const ua = entry.userAgent;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {entry.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={ACTION_COLORS[entry.action]} miw="max-content">
          {ACTION_LABELS[entry.action]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color={entry.method === 'one_click' ? 'blue' : 'gray'} miw="max-content">
          {METHOD_LABELS[entry.method]}
        </Badge>
      </Table.Td>
      <Table.Td>{entry.ipAddress ?? 'N/A'}</Table.Td>
      <Table.Td>
        {ua === null ? (
          'N/A'
        ) : ua.length > UA_SHOWN ? (
          <Tooltip label={ua} multiline w={360} withArrow>
            <Text size="sm" title={ua} tabIndex={0}>
              {`${ua.slice(0, UA_SHOWN)}…`}
            </Text>
          </Tooltip>
        ) : (
          ua
        )}
      </Table.Td>
      <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
    </Table.Tr>
  );
}
