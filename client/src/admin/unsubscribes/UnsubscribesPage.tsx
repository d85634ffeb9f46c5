import {
  Alert,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { anchorFromSearchParams, SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
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
  type UnsubscribesSearchParams,
} from '#shared/unsubscribes/schemas.ts';
import { readOneOf } from '#shared/url-search.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { DownloadError, downloadCsv, exportQuery } from '../lists/download.ts';
import { type PageTarget } from '../lists/ListPagination.tsx';
import { EmptyTableRow, ListFooter } from '../lists/ListStates.tsx';
import { SkeletonRows } from '../lists/SkeletonRows.tsx';
import { StatCard } from '../lists/StatCard.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount, formatDateTime } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { useCan } from '../auth/session.ts';

const actionOptions = actionFilters.map((value) => ({ value, label: ACTION_FILTER_LABELS[value] }));
const methodOptions = methodFilters.map((value) => ({ value, label: METHOD_FILTER_LABELS[value] }));
const COLUMNS = 6;
const UA_SHOWN = 40;

interface UnsubscribesPageProps {
  search: UnsubscribesSearchParams;
  onSearchChange: (next: UnsubscribesSearchParams) => void;
}

const firstPage = { page: undefined, after: undefined, before: undefined };

/** /admin/unsubscribes: search, filters and page live in the URL. */
export function UnsubscribesPage({ search, onSearchChange }: UnsubscribesPageProps) {
  useDocumentTitle(`Unsubscribe Activity | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const term = search.search ?? '';
  const action = search.action ?? 'all';
  const method = search.method ?? 'all';
  const includeResubscribes = search.resubscribes === true;
  const page = search.page ?? 1;
  const [exporting, setExporting] = useState(false);

  const stats = useQuery(trpc.admin.unsubscribes.stats.queryOptions());
  const list = useQuery(
    trpc.admin.unsubscribes.list.queryOptions(
      { search: term, action, method, includeResubscribes, page, anchor: anchorFromSearchParams(search) },
      { placeholderData: keepPreviousData },
    ),
  );
  const searching = term.trim().length >= SEARCH_MIN_LENGTH;
  const filtered = searching || action !== 'all' || method !== 'all';
  const data = list.data;

  const navigateTo = (target: PageTarget) =>
    onSearchChange({
      ...search,
      page: target.page === 1 ? undefined : target.page,
      after: target.after,
      before: target.before,
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = exportQuery({
        search: searching ? term : undefined,
        action: action === 'all' ? undefined : action,
        method: method === 'all' ? undefined : method,
        includeResubscribes,
      });
      const { rowCount } = await downloadCsv(
        `/api/admin/exports/unsubscribe-logs.csv${query}`,
        'unsubscribe-logs.csv',
      );
      notifications.show({
        color: 'green',
        title: UNSUBSCRIBE_MESSAGES.exportSuccessTitle,
        message: unsubscribeLogsExportedMessage(rowCount),
      });
    } catch (error) {
      if (error instanceof DownloadError && error.status === 404) {
        notifications.show({ color: 'yellow', message: UNSUBSCRIBE_MESSAGES.nothingToExport });
      } else {
        const message = error instanceof DownloadError ? error.message : '';
        notifications.show({ color: 'red', message: message || UNSUBSCRIBE_MESSAGES.exportFailed });
      }
    } finally {
      setExporting(false);
    }
  };

  const today = stats.data;
  const can = useCan();
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Unsubscribe Activity</Title>
        {can('exports.download') && (
          <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
            Export CSV
          </Button>
        )}
      </Group>

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

      <Group align="flex-start" wrap="wrap">
        <ListSearchInput
          label="Search"
          placeholder="Search by email..."
          w={280}
          term={term}
          onSearch={(value) => onSearchChange({ ...search, ...firstPage, search: value })}
        />
        <Select
          label="Action"
          data={actionOptions}
          value={action}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = readOneOf(value, actionFilters);
            onSearchChange({ ...search, ...firstPage, action: parsed === 'all' ? undefined : parsed });
          }}
          w={200}
        />
        <Select
          label="Method"
          data={methodOptions}
          value={method}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = readOneOf(value, methodFilters);
            onSearchChange({ ...search, ...firstPage, method: parsed === 'all' ? undefined : parsed });
          }}
          w={180}
        />
        <Switch
          mt={30}
          label="Include resubscribes"
          checked={includeResubscribes}
          onChange={(event) =>
            onSearchChange({
              ...search,
              ...firstPage,
              resubscribes: event.currentTarget.checked || undefined,
            })
          }
        />
      </Group>

      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {stats.isError && <Alert color="red">{errorMessage(stats.error)}</Alert>}

      <Table.ScrollContainer minWidth={860}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>IP Address</Table.Th>
              <Table.Th>User Agent</Table.Th>
              <Table.Th>Date &amp; Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {data?.rows.length === 0 && (
              <EmptyTableRow
                columns={COLUMNS}
                message={UNSUBSCRIBE_MESSAGES.noActivity}
                hint={filtered ? UNSUBSCRIBE_MESSAGES.tryAdjusting : null}
              />
            )}
            {data?.rows.map((entry) => (
              <LogRow key={entry.id} entry={entry} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {data && (
        <ListFooter
          data={data}
          noun={{ one: 'entry', many: 'entries' }}
          label="Unsubscribe activity pages"
          onNavigate={navigateTo}
        />
      )}
    </Stack>
  );
}

const ACTION_COLORS: Record<UnsubscribeLogEntry['action'], string> = {
  email_unsubscribe: 'red',
  sms_unsubscribe: 'orange',
  email_resubscribe: 'green',
  sms_resubscribe: 'teal',
};

function LogRow({ entry }: { entry: UnsubscribeLogEntry }) {
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
