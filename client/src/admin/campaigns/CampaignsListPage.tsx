import {
  ActionIcon,
  Alert,
  Group,
  Menu,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CAMPAIGN_STATUSES,
  type CampaignListSearch,
  type CampaignStatusFilter,
  type CampaignSummary,
  permittedCampaignActions,
  campaignStatusFilterSchema,
  NO_CAMPAIGNS_MESSAGE,
} from '#shared/campaigns/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount, formatDate, formatRate } from '../widgets/format.ts';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { useCampaignActions } from './useCampaignActions.tsx';
import { useCan } from '../auth/session.ts';

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...CAMPAIGN_STATUSES.map((status) => ({
    value: status,
    label: status[0]?.toUpperCase() + status.slice(1),
  })),
];

interface CampaignsListPageProps {
  search: CampaignListSearch;
  onSearchChange: (next: CampaignListSearch) => void;
}

/** /admin/campaigns: search, status filter and page live in the URL. */
export function CampaignsListPage({ search, onSearchChange }: CampaignsListPageProps) {
  useDocumentTitle(`Campaigns | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const page = search.page ?? 1;
  const status: CampaignStatusFilter = search.status ?? 'all';
  const term = search.search ?? '';
  const [typed, setTyped] = useState(term);
  const pushSearch = useDebouncedCallback((value: string) => {
    onSearchChange({ ...search, search: value.trim() || undefined, page: undefined });
  }, 300);

  const list = useQuery(
    trpc.admin.campaigns.list.queryOptions(
      { page, status, ...(term ? { search: term } : {}) },
      { placeholderData: keepPreviousData },
    ),
  );
  const actions = useCampaignActions();
  const can = useCan();

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Campaigns</Title>
        {can('campaigns.write') && <ButtonLink to="/admin/campaigns/new">New Campaign</ButtonLink>}
      </Group>

      <Group align="flex-end">
        <TextInput
          label="Search campaigns"
          placeholder="Search by name or subject..."
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            pushSearch(event.currentTarget.value);
          }}
          w={320}
        />
        <Select
          label="Status"
          data={statusOptions}
          value={status}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = campaignStatusFilterSchema.safeParse(value);
            const next = parsed.success ? parsed.data : 'all';
            onSearchChange({ ...search, status: next === 'all' ? undefined : next, page: undefined });
          }}
          w={200}
        />
      </Group>

      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}

      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Recipients</Table.Th>
              <Table.Th ta="right">Sent</Table.Th>
              <Table.Th ta="right">Open rate</Table.Th>
              <Table.Th ta="right">Click rate</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending &&
              Array.from({ length: 10 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={9}>
                    <Skeleton height={20} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {list.data?.campaigns.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text ta="center" c="dimmed" py="lg">
                    {NO_CAMPAIGNS_MESSAGE}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {list.data?.campaigns.map((campaign) => (
              <CampaignRow key={campaign.id} campaign={campaign} actions={actions} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {list.data && list.data.totalPages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {formatCount(list.data.totalCount)} campaigns
          </Text>
          <Pagination
            total={list.data.totalPages}
            value={Math.min(page, list.data.totalPages)}
            onChange={(next) => onSearchChange({ ...search, page: next === 1 ? undefined : next })}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
      {actions.dialogs}
    </Stack>
  );
}

function CampaignRow({
  campaign,
  actions,
}: {
  campaign: CampaignSummary;
  actions: ReturnType<typeof useCampaignActions>;
}) {
  const navigate = useNavigate();
  const can = useCan();
  const allowed = permittedCampaignActions(campaign.status, can);
  return (
    <Table.Tr>
      <Table.Td>
        <AnchorLink to="/admin/campaigns/$id" params={{ id: campaign.id }} fw={500}>
          {campaign.name}
        </AnchorLink>
      </Table.Td>
      <Table.Td>{campaign.subject}</Table.Td>
      <Table.Td>
        <StatusBadge status={campaign.status} />
      </Table.Td>
      <Table.Td ta="right">{formatCount(campaign.totalRecipients)}</Table.Td>
      <Table.Td ta="right">{formatCount(campaign.sentCount)}</Table.Td>
      <Table.Td ta="right">{formatRate(campaign.openRate)}</Table.Td>
      <Table.Td ta="right">{formatRate(campaign.clickRate)}</Table.Td>
      <Table.Td>{formatDate(campaign.createdAt)}</Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${campaign.name}`}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              onClick={() => void navigate({ to: '/admin/campaigns/$id', params: { id: campaign.id } })}
            >
              View details
            </Menu.Item>
            {allowed.edit && (
              <Menu.Item
                onClick={() =>
                  void navigate({ to: '/admin/campaigns/$id/edit', params: { id: campaign.id } })
                }
              >
                Edit
              </Menu.Item>
            )}
            {allowed.pause && <Menu.Item onClick={() => actions.pause(campaign)}>Pause</Menu.Item>}
            {allowed.resume && <Menu.Item onClick={() => actions.resume(campaign)}>Resume</Menu.Item>}
            {allowed.cancel && (
              <Menu.Item color="red" onClick={() => actions.cancel(campaign)}>
                Cancel
              </Menu.Item>
            )}
            {allowed.duplicate && (
              <Menu.Item onClick={() => actions.duplicate(campaign)}>Duplicate</Menu.Item>
            )}
            {allowed.remove && (
              <>
                <Menu.Divider />
                <Menu.Item color="red" onClick={() => actions.remove(campaign)}>
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
