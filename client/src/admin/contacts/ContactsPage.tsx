import { Badge, Button, CloseButton, Group, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
import {
  CONTACT_FILTER_LABELS,
  CONTACT_MESSAGES,
  contactFilters,
  contactFilterSchema,
  type ContactsSearchParams,
  contactsExportedMessage,
  type ContactSummary,
} from '#shared/contacts/schemas.ts';
import { ExportCsvButton } from '../lists/ExportCsvButton.tsx';
import { ListPage } from '../lists/ListPage.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { StatCard } from '../lists/StatCard.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { formatCount } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { useCan } from '../auth/session.ts';
import { AddContactModal } from './AddContactModal.tsx';
import { ContactsTabs } from './ContactsTabs.tsx';

const filterOptions = contactFilters.map((value) => ({ value, label: CONTACT_FILTER_LABELS[value] }));
const COLUMNS = [
  'Email',
  'Name',
  'Phone',
  'Email Marketing',
  'SMS Marketing',
  'Joined',
  'Unsubscribed',
  { label: 'Actions', hidden: true },
] as const;

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
  const trpc = useTRPC();
  const can = useCan();
  // The empty state's hint is about the search only (docs/spec/admin.md, Contacts).
  const list = useListPage({ search, onSearchChange, keyset: true, searchMinLength: SEARCH_MIN_LENGTH });
  const filter = search.filter ?? 'all';
  const importId = search.import;
  const [adding, setAdding] = useState(false);

  const stats = useQuery(trpc.admin.contacts.stats.queryOptions());
  const rows = useQuery(
    trpc.admin.contacts.list.queryOptions(
      { search: list.term, filter, import: importId, page: list.page, anchor: list.anchor },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <ListPage
      title="Contacts"
      tabs={<ContactsTabs current="/admin/contacts" />}
      actions={
        <>
          <ExportCsvButton
            path="/api/admin/exports/contacts.csv"
            params={{ filter, search: list.applied || undefined, import: importId }}
            fallbackName={`contacts-${filter}.csv`}
            messages={{
              successTitle: CONTACT_MESSAGES.exportSuccessTitle,
              success: contactsExportedMessage,
              failedTitle: CONTACT_MESSAGES.exportFailed,
              failed: 'The export failed. Please try again.',
            }}
          />
          {can('contacts.write') && (
            <Button aria-haspopup="dialog" onClick={() => setAdding(true)}>
              Add contact
            </Button>
          )}
        </>
      }
      intro={
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
      }
      // The phone's Filters button counts the status and import filters too (decision 091).
      activeFilters={list.activeFilters + (filter === 'all' ? 0 : 1) + (importId ? 1 : 0)}
      filters={
        <>
          <ListSearchInput
            label="Search contacts"
            placeholder="Search by email, name or phone..."
            w={320}
            term={list.term}
            onSearch={list.setSearch}
          />
          <Select
            label="Status"
            data={filterOptions}
            value={filter}
            allowDeselect={false}
            onChange={(value) => {
              const parsed = contactFilterSchema.safeParse(value);
              const next = parsed.success ? parsed.data : 'all';
              list.setFilters({ filter: next === 'all' ? undefined : next });
            }}
            w={200}
          />
          {importId && (
            // The import's contacts (decision 035): kept in the URL like the other filters.
            <Group gap={4} align="flex-end" pb={6}>
              <Badge
                size="lg"
                variant="light"
                tt="none"
                data-testid="contacts-import-filter"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label="Remove the import filter"
                    onClick={() => list.setFilters({ import: undefined })}
                  />
                }
              >
                From one import
              </Badge>
            </Group>
          )}
        </>
      }
      errors={[rows.error, stats.error]}
      footer={
        <ListFooter
          data={rows.data}
          noun={{ one: 'contact', many: 'contacts' }}
          label="Contacts pages"
          onNavigate={list.goTo}
        />
      }
    >
      <AddContactModal opened={adding} onClose={() => setAdding(false)} />
      <ListTable
        columns={COLUMNS}
        minWidth={980}
        rows={rows.data?.rows}
        pending={rows.isPending}
        fetching={rows.isFetching}
        renderRow={(contact) => <ContactRow key={contact.id} contact={contact} />}
        empty={{
          message: CONTACT_MESSAGES.noContacts,
          hint: list.applied ? CONTACT_MESSAGES.tryAdjustingSearch : null,
        }}
      />
    </ListPage>
  );
}

function ContactRow({ contact }: { contact: ContactSummary }) {
  const { formatDate } = useDisplayTime();
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
