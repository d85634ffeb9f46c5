import { Checkbox, Group, Image, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
import {
  ENQUIRY_MESSAGES,
  type EnquiriesSearchParams,
  type EnquirySummary,
  REPLY_PROMISE_HOURS,
} from '#shared/enquiries/schemas.ts';
import { ENQUIRY_STATUS_LABELS, enquiryStatuses, enquiryStatusSchema } from '#shared/enquiries/status.ts';
import { ListPage } from '../lists/ListPage.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { formatAge } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { rowClickHandler } from '../lists/row-click.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { memberLabel } from '#shared/team/names.ts';
import { UnreadBadge } from './UnreadBadge.tsx';
import { UnmatchedMailLink } from './UnmatchedMailPage.tsx';
import { PeriodInputs } from '../widgets/PeriodInputs.tsx';

const COLUMNS = [
  { label: 'Photo', hidden: true },
  'Seller',
  'Watch',
  'Source',
  'Received',
  'Status',
  'Assignee',
] as const;
const statusOptions = enquiryStatuses.map((value) => ({ value, label: ENQUIRY_STATUS_LABELS[value] }));
const PROMISE_MS = REPLY_PROMISE_HOURS * 3_600_000;

interface EnquiriesPageProps {
  search: EnquiriesSearchParams;
  onSearchChange: (next: EnquiriesSearchParams) => void;
}

/** /admin/enquiries: the inbox. Filters, search and page live in the URL like the contacts list. */
export function EnquiriesPage({ search, onSearchChange }: EnquiriesPageProps) {
  const trpc = useTRPC();
  const list = useListPage({
    search,
    onSearchChange,
    searchMinLength: SEARCH_MIN_LENGTH,
    filterKeys: ['status', 'brand', 'assignee', 'awaiting', 'from', 'to'],
  });

  const options = useQuery(trpc.admin.enquiries.filterOptions.queryOptions(undefined, { staleTime: 60_000 }));
  const rows = useQuery(
    trpc.admin.enquiries.list.queryOptions(
      {
        search: list.term,
        status: search.status,
        brand: search.brand,
        assignee: search.assignee,
        awaitingReply: search.awaiting ?? false,
        from: search.from,
        to: search.to,
        page: list.page,
      },
      { placeholderData: keepPreviousData, refetchInterval: 60_000 },
    ),
  );

  return (
    <ListPage
      title="Enquiries"
      actions={
        // The buyers' day (decision 062) and mail no enquiry claimed (decision 060).
        <Group gap="md" wrap="wrap">
          <AnchorLink to="/admin/enquiries/today">Today’s visits and kits</AnchorLink>
          <UnmatchedMailLink />
        </Group>
      }
      activeFilters={list.activeFilters}
      filters={
        <>
          <ListSearchInput
            label="Search enquiries"
            placeholder="Seller name, e-mail, phone or model..."
            w={300}
            term={list.term}
            onSearch={list.setSearch}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={statusOptions}
            value={search.status ?? null}
            clearable
            onChange={(value) => {
              const parsed = enquiryStatusSchema.safeParse(value);
              list.setFilters({ status: parsed.success ? parsed.data : undefined });
            }}
            w={160}
          />
          <Select
            label="Brand"
            placeholder="All brands"
            data={options.data?.brands ?? []}
            value={search.brand ?? null}
            clearable
            searchable
            onChange={(value) => list.setFilters({ brand: value ?? undefined })}
            w={180}
          />
          <Select
            label="Assignee"
            placeholder="Anyone"
            data={[
              { value: 'unassigned', label: 'Unassigned' },
              ...(options.data?.admins ?? []).map((a) => ({ value: a.id, label: memberLabel(a) })),
            ]}
            value={search.assignee ?? null}
            clearable
            onChange={(value) => list.setFilters({ assignee: value ?? undefined })}
            w={220}
          />
          <PeriodInputs
            from={search.from}
            to={search.to}
            onChange={(change) => list.setFilters(change)}
            w={150}
          />
          <Checkbox
            label="Awaiting reply"
            checked={search.awaiting ?? false}
            onChange={(event) =>
              list.setFilters({ awaiting: event.currentTarget.checked ? true : undefined })
            }
            mt={32}
          />
        </>
      }
      errors={[rows.error]}
      footer={
        <ListFooter
          data={rows.data}
          noun={{ one: 'enquiry', many: 'enquiries' }}
          label="Enquiries pages"
          onNavigate={list.goTo}
        />
      }
    >
      <ListTable
        columns={COLUMNS}
        // Fits the main column at 1366 px with the sidebar open: box and papers are the watch's
        // second line rather than a column, so the assignee is not cut off (decision 091).
        minWidth={940}
        rows={rows.data?.rows}
        pending={rows.isPending}
        fetching={rows.isFetching}
        renderRow={(enquiry) => <EnquiryRow key={enquiry.id} enquiry={enquiry} now={rows.dataUpdatedAt} />}
        empty={{
          message: ENQUIRY_MESSAGES.noEnquiries,
          hint: list.filtered ? 'Try adjusting the search or the filters' : null,
        }}
      />
    </ListPage>
  );
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** `now` is when the list was read (refetched every minute), so ages move with the data. */
function EnquiryRow({ enquiry, now }: { enquiry: EnquirySummary; now: number }) {
  const { formatDateTime } = useDisplayTime();
  const watch = [enquiry.watchBrand, enquiry.watchModel, enquiry.watchYear].filter(Boolean).join(' ');
  // Red once the reply promise is broken.
  const late = enquiry.status === 'new' && now - Date.parse(enquiry.createdAt) > PROMISE_MS;
  const utm = [enquiry.utmSource, enquiry.utmMedium, enquiry.utmCampaign].filter(Boolean).join(' / ');
  const navigate = useNavigate();
  const open = () => void navigate({ to: '/admin/enquiries/$id', params: { id: enquiry.id } });
  return (
    // The whole row opens the enquiry; the seller's name is its link (keyboard, new tab).
    <Table.Tr onClick={rowClickHandler(`/admin/enquiries/${enquiry.id}`, open)} style={{ cursor: 'pointer' }}>
      <Table.Td w={64}>
        {enquiry.photoId ? (
          <Image
            src={`/api/uploads/${enquiry.photoId}/thumbnail`}
            alt={`Photo of ${watch}`}
            w={48}
            h={48}
            radius="sm"
            fit="cover"
            loading="lazy"
          />
        ) : (
          <Text size="xs" c="dimmed">
            No photo
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <AnchorLink
          to="/admin/enquiries/$id"
          params={{ id: enquiry.id }}
          size="sm"
          fw={500}
          aria-label={`Open enquiry ${enquiry.reference} from ${enquiry.sellerName ?? enquiry.sellerEmail}`}
        >
          {enquiry.sellerName ?? enquiry.sellerEmail}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {enquiry.sellerEmail}
          {enquiry.sellerPhone ? ` · ${enquiry.sellerPhone}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{watch}</Text>
        <Text size="xs" c="dimmed">
          {enquiry.watchCondition} · Box {yesNo(enquiry.hasBox)} · Papers {yesNo(enquiry.hasPapers)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{enquiry.source}</Text>
        {utm && (
          <Text size="xs" c="dimmed">
            {utm}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text
          size="sm"
          c={late ? 'red' : undefined}
          fw={late ? 600 : undefined}
          title={formatDateTime(enquiry.createdAt)}
        >
          {formatAge(enquiry.createdAt, now)}
        </Text>
        {late && <VisuallyHidden>No reply for over {REPLY_PROMISE_HOURS} hours</VisuallyHidden>}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={enquiry.status} /> <UnreadBadge count={enquiry.unreadCount} />
      </Table.Td>
      <Table.Td>
        {enquiry.assigneeEmail
          ? memberLabel({ name: enquiry.assigneeName, email: enquiry.assigneeEmail })
          : '—'}
      </Table.Td>
    </Table.Tr>
  );
}
