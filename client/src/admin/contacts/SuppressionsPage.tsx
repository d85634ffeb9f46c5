import { Badge, Button, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
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
import { useCan } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { ExportCsvButton } from '../lists/ExportCsvButton.tsx';
import { ListPage } from '../lists/ListPage.tsx';
import { ListFilterSelect } from '../lists/ListFilterSelect.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { useTRPC } from '../../trpc.ts';
import { ContactsTabs } from './ContactsTabs.tsx';
import { notifySuccess } from '../widgets/notify.ts';

const reasonOptions = suppressionFilters.map((value) => ({
  value,
  label: value === 'all' ? 'All reasons' : SUPPRESSION_REASON_LABELS[value],
}));
const COLUMNS = [
  'Address',
  'Reason',
  'Suppressed',
  'Source campaign',
  'Note',
  { label: 'Actions', hidden: true },
] as const;

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
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const can = useCan();
  const list = useListPage({
    search,
    onSearchChange,
    keyset: true,
    searchMinLength: SEARCH_MIN_LENGTH,
    filterKeys: ['reason'],
  });
  const reason = search.reason ?? 'all';
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SuppressionEntry | null>(null);

  const rows = useQuery(
    trpc.admin.suppressions.list.queryOptions(
      { search: list.term, reason, page: list.page, anchor: list.anchor },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <ListPage
      title="Suppressions"
      tabs={<ContactsTabs current="/admin/contacts/suppressions" />}
      actions={
        <>
          <ExportCsvButton
            path="/api/admin/exports/suppressions.csv"
            params={{ reason: reason === 'all' ? undefined : reason, search: list.applied || undefined }}
            fallbackName="suppressions.csv"
            messages={{
              success: (n) => `Exported ${n} suppressed address${n === 1 ? '' : 'es'}`,
              failed: SUPPRESSION_MESSAGES.exportFailed,
            }}
          />
          {can('contacts.write') && (
            <Button aria-haspopup="dialog" onClick={() => setAdding(true)}>
              Add addresses
            </Button>
          )}
        </>
      }
      intro={
        <Text c="dimmed" size="sm">
          No campaign reaches these addresses, whatever their consent. Hard bounces and complaints are added
          automatically; an erased contact is kept only as a one-way hash of its address.
        </Text>
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
            label="Reason"
            data={reasonOptions}
            values={suppressionFilters}
            value={reason}
            onChange={(next) => list.setFilters({ reason: next })}
            w={200}
          />
        </>
      }
      errors={[rows.error]}
      footer={
        <ListFooter
          data={rows.data}
          noun={{ one: 'address', many: 'addresses' }}
          label="Suppression pages"
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
        renderRow={(entry) => (
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
                  aria-haspopup="dialog"
                  onClick={() => setRemoving(entry)}
                  aria-label={`Remove ${entry.email ?? 'erased contact'} from the list`}
                >
                  Remove
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
        empty={{
          message: SUPPRESSION_MESSAGES.none,
          hint: list.filtered ? SUPPRESSION_MESSAGES.tryAdjusting : null,
        }}
      />
      <AddSuppressionsModal opened={adding} onClose={() => setAdding(false)} />
      <RemoveSuppressionModal entry={removing} onClose={() => setRemoving(null)} />
    </ListPage>
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
        notifySuccess(
          `Added ${result.added} address${result.added === 1 ? '' : 'es'}${
            result.alreadyListed > 0 ? ` (${result.alreadyListed} already on the list)` : ''
          }`,
        );
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
            required
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
        notifySuccess('Removed from the suppression list');
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
            required
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
