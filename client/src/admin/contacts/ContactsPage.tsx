import {
  Alert,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { anchorFromSearchParams, SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
import {
  CONTACT_FILTER_LABELS,
  CONTACT_MESSAGES,
  contactFilters,
  contactFilterSchema,
  type ContactsSearchParams,
  contactsExportedMessage,
  type ContactSummary,
} from '#shared/contacts/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { downloadCsv, exportQuery } from '../lists/download.ts';
import { type PageTarget } from '../lists/ListPagination.tsx';
import { EmptyTableRow, ListFooter } from '../lists/ListStates.tsx';
import { SkeletonRows } from '../lists/SkeletonRows.tsx';
import { StatCard } from '../lists/StatCard.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount, formatDate } from '../widgets/format.ts';
import { ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { useCan } from '../auth/session.ts';
import { AddContactModal } from './AddContactModal.tsx';
import { ContactsTabs } from './ContactsTabs.tsx';

const filterOptions = contactFilters.map((value) => ({ value, label: CONTACT_FILTER_LABELS[value] }));
const COLUMNS = 8;

interface ContactsPageProps {
  search: ContactsSearchParams;
  onSearchChange: (next: ContactsSearchParams) => void;
}

export function YesNoBadge({
  value,
  label,
  pending = false,
}: {
  value: boolean;
  label: string;
  pending?: boolean;
}) {
  // Asked for on the sell form but not confirmed by the address yet (decision 016): not consent.
  if (!value && pending)
    return (
      <Badge variant="light" color="yellow" aria-label={`${label}: Pending confirmation`}>
        Pending
      </Badge>
    );
  return (
    <Badge variant="light" color={value ? 'green' : 'gray'} aria-label={`${label}: ${value ? 'Yes' : 'No'}`}>
      {value ? 'Yes' : 'No'}
    </Badge>
  );
}

/** /admin/contacts: search, filter and page live in the URL, so a reload or a shared link keeps them. */
export function ContactsPage({ search, onSearchChange }: ContactsPageProps) {
  useDocumentTitle(`Contacts | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const filter = search.filter ?? 'all';
  const term = search.search ?? '';
  const page = search.page ?? 1;
  const [exporting, setExporting] = useState(false);
  const [adding, setAdding] = useState(false);

  const stats = useQuery(trpc.admin.contacts.stats.queryOptions());
  const list = useQuery(
    trpc.admin.contacts.list.queryOptions(
      { search: term, filter, page, anchor: anchorFromSearchParams(search) },
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
      const { rowCount } = await downloadCsv(
        `/api/admin/exports/contacts.csv${exportQuery({ filter, search: searching ? term : undefined })}`,
        `contacts-${filter}.csv`,
      );
      notifications.show({
        color: 'green',
        title: CONTACT_MESSAGES.exportSuccessTitle,
        message: contactsExportedMessage(rowCount),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: CONTACT_MESSAGES.exportFailed,
        message: errorMessage(error),
      });
    } finally {
      setExporting(false);
    }
  };

  const can = useCan();
  return (
    <Stack>
      <ContactsTabs current="/admin/contacts" />
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Contacts</Title>
        <Group>
          {can('exports.download') && (
            <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
              Export CSV
            </Button>
          )}
          {can('contacts.write') && <Button onClick={() => setAdding(true)}>Add contact</Button>}
        </Group>
      </Group>
      <AddContactModal opened={adding} onClose={() => setAdding(false)} />

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard
          label="Total Contacts"
          value={formatCount(stats.data?.total ?? 0)}
          loading={stats.isPending}
        />
        <StatCard
          label="Subscribed"
          value={formatCount(stats.data?.subscribed ?? 0)}
          note="Active email marketing"
          loading={stats.isPending}
        />
        <StatCard
          label="Pending confirmation"
          value={formatCount(stats.data?.pending ?? 0)}
          note="Ticked a box, not confirmed yet"
          loading={stats.isPending}
        />
        <StatCard
          label="Unsubscribed"
          value={formatCount(stats.data?.unsubscribed ?? 0)}
          note="Opted out"
          loading={stats.isPending}
        />
      </SimpleGrid>

      <Group align="flex-start">
        <ListSearchInput
          label="Search contacts"
          placeholder="Search by email, name or phone..."
          w={320}
          term={term}
          onSearch={(value) =>
            onSearchChange({ ...search, search: value, page: undefined, after: undefined, before: undefined })
          }
        />
        <Select
          label="Status"
          data={filterOptions}
          value={filter}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = contactFilterSchema.safeParse(value);
            const next = parsed.success ? parsed.data : 'all';
            onSearchChange({
              ...search,
              filter: next === 'all' ? undefined : next,
              page: undefined,
              after: undefined,
              before: undefined,
            });
          }}
          w={200}
        />
      </Group>

      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {stats.isError && <Alert color="red">{errorMessage(stats.error)}</Alert>}

      <Table.ScrollContainer minWidth={980}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Email Marketing</Table.Th>
              <Table.Th>SMS Marketing</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>Unsubscribed</Table.Th>
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
                message={CONTACT_MESSAGES.noContacts}
                hint={searching ? CONTACT_MESSAGES.tryAdjustingSearch : null}
              />
            )}
            {data?.rows.map((contact) => (
              <ContactRow key={contact.id} contact={contact} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {data && (
        <ListFooter
          data={data}
          noun={{ one: 'contact', many: 'contacts' }}
          label="Contacts pages"
          onNavigate={navigateTo}
        />
      )}
    </Stack>
  );
}

function ContactRow({ contact }: { contact: ContactSummary }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {contact.email}
        </Text>
      </Table.Td>
      <Table.Td>{contact.fullName ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{contact.phone ?? '—'}</Table.Td>
      <Table.Td>
        <YesNoBadge
          value={contact.emailMarketingConsent}
          pending={contact.emailConsentPending}
          label="Email marketing"
        />
      </Table.Td>
      <Table.Td>
        <YesNoBadge
          value={contact.smsMarketingConsent}
          pending={contact.smsConsentPending}
          label="SMS marketing"
        />
      </Table.Td>
      <Table.Td>{formatDate(contact.createdAt)}</Table.Td>
      <Table.Td>{contact.emailUnsubscribedAt ? formatDate(contact.emailUnsubscribedAt) : '—'}</Table.Td>
      <Table.Td ta="right">
        <ButtonLink
          to="/admin/contacts/$id"
          params={{ id: contact.id }}
          variant="subtle"
          size="xs"
          aria-label={`View ${contact.email}`}
        >
          View
        </ButtonLink>
      </Table.Td>
    </Table.Tr>
  );
}
