import {
  Alert,
  Checkbox,
  Group,
  Image,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';
import {
  ENQUIRY_MESSAGES,
  type EnquiriesSearchParams,
  type EnquirySummary,
  REPLY_PROMISE_HOURS,
} from '#shared/enquiries/schemas.ts';
import { ENQUIRY_STATUS_LABELS, enquiryStatuses, enquiryStatusSchema } from '#shared/enquiries/status.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { type PageTarget } from '../lists/ListPagination.tsx';
import { EmptyTableRow, ListFooter } from '../lists/ListStates.tsx';
import { SkeletonRows } from '../lists/SkeletonRows.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatAge, formatDateTime } from '../widgets/format.ts';
import { ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const COLUMNS = 9;
const statusOptions = enquiryStatuses.map((value) => ({ value, label: ENQUIRY_STATUS_LABELS[value] }));
const PROMISE_MS = REPLY_PROMISE_HOURS * 3_600_000;

interface EnquiriesPageProps {
  search: EnquiriesSearchParams;
  onSearchChange: (next: EnquiriesSearchParams) => void;
}

/** /admin/enquiries: the inbox. Filters, search and page live in the URL like the contacts list. */
export function EnquiriesPage({ search, onSearchChange }: EnquiriesPageProps) {
  useDocumentTitle(`Enquiries | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const term = search.search ?? '';
  const change = (next: Partial<EnquiriesSearchParams>) =>
    onSearchChange({ ...search, ...next, page: undefined });

  const options = useQuery(trpc.admin.enquiries.filterOptions.queryOptions(undefined, { staleTime: 60_000 }));
  const list = useQuery(
    trpc.admin.enquiries.list.queryOptions(
      {
        search: term,
        status: search.status,
        brand: search.brand,
        assignee: search.assignee,
        awaitingReply: search.awaiting ?? false,
        from: search.from,
        to: search.to,
        page: search.page ?? 1,
      },
      { placeholderData: keepPreviousData, refetchInterval: 60_000 },
    ),
  );
  const data = list.data;
  const filtering =
    term.trim().length >= SEARCH_MIN_LENGTH ||
    Boolean(search.status ?? search.brand ?? search.assignee ?? search.awaiting ?? search.from ?? search.to);

  const navigateTo = (target: PageTarget) =>
    onSearchChange({ ...search, page: target.page === 1 ? undefined : target.page });

  return (
    <Stack>
      <Title order={1}>Enquiries</Title>

      <Group align="flex-end" wrap="wrap">
        <ListSearchInput
          label="Search enquiries"
          placeholder="Seller name, e-mail, phone or model..."
          w={300}
          term={term}
          onSearch={(value) => change({ search: value })}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={statusOptions}
          value={search.status ?? null}
          clearable
          onChange={(value) => {
            const parsed = enquiryStatusSchema.safeParse(value);
            change({ status: parsed.success ? parsed.data : undefined });
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
          onChange={(value) => change({ brand: value ?? undefined })}
          w={180}
        />
        <Select
          label="Assignee"
          placeholder="Anyone"
          data={[
            { value: 'unassigned', label: 'Unassigned' },
            ...(options.data?.admins ?? []).map((a) => ({ value: a.id, label: a.email })),
          ]}
          value={search.assignee ?? null}
          clearable
          onChange={(value) => change({ assignee: value ?? undefined })}
          w={220}
        />
        <TextInput
          label="From"
          type="date"
          value={search.from ?? ''}
          onChange={(event) => change({ from: event.currentTarget.value || undefined })}
          w={150}
        />
        <TextInput
          label="To"
          type="date"
          value={search.to ?? ''}
          onChange={(event) => change({ to: event.currentTarget.value || undefined })}
          w={150}
        />
        <Checkbox
          label="Awaiting reply"
          checked={search.awaiting ?? false}
          onChange={(event) => change({ awaiting: event.currentTarget.checked ? true : undefined })}
          mb={8}
        />
      </Group>

      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}

      <Table.ScrollContainer minWidth={1100}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>Photo</VisuallyHidden>
              </Table.Th>
              <Table.Th>Seller</Table.Th>
              <Table.Th>Watch</Table.Th>
              <Table.Th>Box / papers</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Received</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Assignee</Table.Th>
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
                message={ENQUIRY_MESSAGES.noEnquiries}
                hint={filtering ? 'Try adjusting the search or the filters' : null}
              />
            )}
            {data?.rows.map((enquiry) => (
              <EnquiryRow key={enquiry.id} enquiry={enquiry} now={list.dataUpdatedAt} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {data && (
        <ListFooter
          data={data}
          noun={{ one: 'enquiry', many: 'enquiries' }}
          label="Enquiries pages"
          onNavigate={navigateTo}
        />
      )}
    </Stack>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** `now` is when the list was read (refetched every minute), so ages move with the data. */
function EnquiryRow({ enquiry, now }: { enquiry: EnquirySummary; now: number }) {
  const watch = [enquiry.watchBrand, enquiry.watchModel, enquiry.watchYear].filter(Boolean).join(' ');
  // Red once the reply promise is broken.
  const late = enquiry.status === 'new' && now - Date.parse(enquiry.createdAt) > PROMISE_MS;
  const utm = [enquiry.utmSource, enquiry.utmMedium, enquiry.utmCampaign].filter(Boolean).join(' / ');
  return (
    <Table.Tr>
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
        <Text size="sm" fw={500}>
          {enquiry.sellerName ?? enquiry.sellerEmail}
        </Text>
        <Text size="xs" c="dimmed">
          {enquiry.sellerEmail}
          {enquiry.sellerPhone ? ` · ${enquiry.sellerPhone}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{watch}</Text>
        <Text size="xs" c="dimmed">
          {enquiry.watchCondition}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {yesNo(enquiry.hasBox)} / {yesNo(enquiry.hasPapers)}
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
        <StatusBadge status={enquiry.status} />
      </Table.Td>
      <Table.Td>{enquiry.assigneeEmail ?? '—'}</Table.Td>
      <Table.Td ta="right">
        <ButtonLink
          to="/admin/enquiries/$id"
          params={{ id: enquiry.id }}
          variant="subtle"
          size="xs"
          aria-label={`Open enquiry ${enquiry.reference}`}
        >
          Open
        </ButtonLink>
      </Table.Td>
    </Table.Tr>
  );
}
