import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { anchorFromSearchParams, SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
import {
  manualSuppressionReasons,
  SUPPRESSION_MESSAGES,
  SUPPRESSION_REASON_LABELS,
  type SuppressionEntry,
  suppressionFilters,
  type SuppressionsSearchParams,
  splitAddresses,
} from '#shared/suppressions/schemas.ts';
import { readOneOf } from '#shared/url-search.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatDateTime } from '../widgets/format.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { DownloadError, downloadCsv, exportQuery } from '../lists/download.ts';
import { type PageTarget } from '../lists/ListPagination.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { EmptyTableRow, ListFooter } from '../lists/ListStates.tsx';
import { SkeletonRows } from '../lists/SkeletonRows.tsx';
import { useTRPC } from '../../trpc.ts';
import { ContactsTabs } from './ContactsTabs.tsx';

const reasonOptions = suppressionFilters.map((value) => ({
  value,
  label: value === 'all' ? 'All reasons' : SUPPRESSION_REASON_LABELS[value],
}));
const COLUMNS = 6;
const firstPage = { page: undefined, after: undefined, before: undefined };

const REASON_COLORS: Record<SuppressionEntry['reason'], string> = {
  hard_bounce: 'orange',
  complaint: 'red',
  manual: 'gray',
  imported: 'blue',
  erased: 'dark',
};

interface SuppressionsPageProps {
  search: SuppressionsSearchParams;
  onSearchChange: (next: SuppressionsSearchParams) => void;
}

/** /admin/contacts/suppressions: every address no campaign may reach (decision 034). */
export function SuppressionsPage({ search, onSearchChange }: SuppressionsPageProps) {
  useDocumentTitle(`Suppressions | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const can = useCan();
  const term = search.search ?? '';
  const reason = search.reason ?? 'all';
  const page = search.page ?? 1;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SuppressionEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  const list = useQuery(
    trpc.admin.suppressions.list.queryOptions(
      { search: term, reason, page, anchor: anchorFromSearchParams(search) },
      { placeholderData: keepPreviousData },
    ),
  );
  const searching = term.trim().length >= SEARCH_MIN_LENGTH;
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
        reason: reason === 'all' ? undefined : reason,
        search: searching ? term : undefined,
      });
      const { rowCount } = await downloadCsv(
        `/api/admin/exports/suppressions.csv${query}`,
        'suppressions.csv',
      );
      notifications.show({
        color: 'green',
        message: `Exported ${rowCount} suppressed address${rowCount === 1 ? '' : 'es'}`,
      });
    } catch (error) {
      const message = error instanceof DownloadError ? error.message : '';
      notifications.show({ color: 'red', message: message || SUPPRESSION_MESSAGES.exportFailed });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <ContactsTabs current="/admin/contacts/suppressions" />
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Suppressions</Title>
        <Group>
          {can('exports.download') && (
            <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
              Export CSV
            </Button>
          )}
          {can('contacts.write') && <Button onClick={() => setAdding(true)}>Add addresses</Button>}
        </Group>
      </Group>
      <Text c="dimmed" size="sm">
        No campaign reaches these addresses, whatever their consent. Hard bounces and complaints are added
        automatically; an erased contact is kept only as a one-way hash of its address.
      </Text>

      <Group align="flex-start">
        <ListSearchInput
          label="Search"
          placeholder="Search by email..."
          w={280}
          term={term}
          onSearch={(value) => onSearchChange({ ...search, ...firstPage, search: value })}
        />
        <Select
          label="Reason"
          data={reasonOptions}
          value={reason}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = readOneOf(value, suppressionFilters);
            onSearchChange({ ...search, ...firstPage, reason: parsed === 'all' ? undefined : parsed });
          }}
          w={200}
        />
      </Group>

      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}

      <Table.ScrollContainer minWidth={860}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Address</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Suppressed</Table.Th>
              <Table.Th>Source campaign</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} />}
            {data?.rows.length === 0 && (
              <EmptyTableRow
                columns={COLUMNS}
                message={SUPPRESSION_MESSAGES.none}
                hint={searching || reason !== 'all' ? SUPPRESSION_MESSAGES.tryAdjusting : null}
              />
            )}
            {data?.rows.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  {entry.email === null ? (
                    <Text size="sm" c="dimmed" fs="italic">
                      Erased contact
                    </Text>
                  ) : (
                    <Text size="sm" fw={500}>
                      {entry.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={REASON_COLORS[entry.reason]} miw="max-content">
                    {SUPPRESSION_REASON_LABELS[entry.reason]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                <Table.Td>
                  {entry.campaignId ? (
                    <AnchorLink to="/admin/campaigns/$id" params={{ id: entry.campaignId }} size="sm">
                      {entry.campaignName ?? 'Campaign'}
                    </AnchorLink>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{entry.note ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  {can('contacts.write') && (
                    <Button
                      variant="subtle"
                      size="xs"
                      color="red"
                      onClick={() => setRemoving(entry)}
                      aria-label={`Remove ${entry.email ?? 'erased contact'} from the list`}
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {data && (
        <ListFooter
          data={data}
          noun={{ one: 'address', many: 'addresses' }}
          label="Suppression pages"
          onNavigate={navigateTo}
        />
      )}
      <AddSuppressionsModal opened={adding} onClose={() => setAdding(false)} />
      <RemoveSuppressionModal entry={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function useInvalidateList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.suppressions.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.pathKey() }),
    ]);
}

function AddSuppressionsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateList();
  const [text, setText] = useState('');
  const [reason, setReason] = useState<(typeof manualSuppressionReasons)[number]>('manual');
  const [note, setNote] = useState('');
  const add = useMutation(
    trpc.admin.suppressions.add.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({
          color: 'green',
          message: `Added ${result.added} address${result.added === 1 ? '' : 'es'}${
            result.alreadyListed > 0 ? ` (${result.alreadyListed} already on the list)` : ''
          }`,
        });
        setText('');
        setNote('');
        onClose();
        await invalidate();
      },
    }),
  );
  const addresses = splitAddresses(text);
  return (
    <Modal opened={opened} onClose={onClose} title="Add addresses to the suppression list" size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate({ addresses, reason, note: note.trim() || undefined });
        }}
      >
        <Stack>
          <Textarea
            label="E-mail addresses"
            description="One address, or a pasted list (one a line, or separated by commas)"
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={add.isError ? errorMessage(add.error) : undefined}
          />
          <Select
            label="Reason"
            data={manualSuppressionReasons.map((value) => ({
              value,
              label: SUPPRESSION_REASON_LABELS[value],
            }))}
            value={reason}
            allowDeselect={false}
            onChange={(value) => setReason(readOneOf(value, manualSuppressionReasons) ?? 'manual')}
          />
          <Textarea
            label="Note"
            description="Optional: why these addresses are suppressed"
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={addresses.length === 0}>
              {`Add ${addresses.length} address${addresses.length === 1 ? '' : 'es'}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemoveSuppressionModal({ entry, onClose }: { entry: SuppressionEntry | null; onClose: () => void }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateList();
  const [note, setNote] = useState('');
  const remove = useMutation(
    trpc.admin.suppressions.remove.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: 'Removed from the suppression list' });
        setNote('');
        onClose();
        await invalidate();
      },
    }),
  );
  return (
    <Modal opened={entry !== null} onClose={onClose} title="Remove from the suppression list">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (entry) remove.mutate({ id: entry.id, note });
        }}
      >
        <Stack>
          <Text size="sm">
            {entry?.email ?? 'This erased contact'} may receive campaigns again if the contact has consented.
            The removal and your note are logged.
          </Text>
          <Textarea
            label="Note"
            description="Why the address may be mailed again"
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={remove.isError ? errorMessage(remove.error) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              Remove
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
