import { Alert, Button, Code, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_PAGE_SIZE } from '#shared/audit/schemas.ts';
import { downloadCsv, DownloadError, exportQuery } from '../lists/download.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan } from '../auth/session.ts';
import { formatDateTime } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

/** /admin/audit: who did what (Owner only, decision 028), filtered by member, action and date. */
export function AuditLogPage() {
  useDocumentTitle(`Audit log | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const can = useCan();
  const [member, setMember] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [filters] = useDebouncedValue({ member, action, from, to }, 300);
  const input = {
    page,
    ...(filters.member ? { member: filters.member } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const list = useQuery(
    trpc.admin.audit.list.queryOptions(input, {
      placeholderData: keepPreviousData,
      enabled: can('audit.read'),
    }),
  );
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rowCount } = await downloadCsv(
        `/api/admin/exports/audit-log.csv${exportQuery(filters)}`,
        'audit-log.csv',
      );
      notifications.show({ color: 'green', message: `Exported ${rowCount} audit entries.` });
    } catch (error) {
      const message = error instanceof DownloadError ? error.message : '';
      notifications.show({ color: 'red', message: message || 'The export failed. Please try again.' });
    } finally {
      setExporting(false);
    }
  };

  const filter = (set: (value: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.currentTarget.value);
    setPage(1);
  };

  if (!can('audit.read')) return <Alert color="red">Only an Owner can read the audit log.</Alert>;

  const data = list.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Audit log</Title>
        <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      </Group>
      <Group align="flex-end">
        <TextInput label="Member" placeholder="e-mail" value={member} onChange={filter(setMember)} />
        <TextInput label="Action" placeholder="e.g. campaigns" value={action} onChange={filter(setAction)} />
        <TextInput label="From" type="date" value={from} onChange={filter(setFrom)} />
        <TextInput label="To" type="date" value={to} onChange={filter(setTo)} />
      </Group>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      <Table.ScrollContainer minWidth={800}>
        <Table striped data-testid="audit-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Member</Table.Th>
              <Table.Th>IP</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Record</Table.Th>
              <Table.Th>Summary</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.rows.map((row) => (
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
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.rows.length === 0 && <Text c="dimmed">No entries match these filters.</Text>}
      {data && data.total > AUDIT_PAGE_SIZE && (
        <Pagination value={page} onChange={setPage} total={Math.ceil(data.total / AUDIT_PAGE_SIZE)} />
      )}
    </Stack>
  );
}
