import { ActionIcon, Menu, Select, Table } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  CAMPAIGN_STATUSES,
  type CampaignListSearch,
  type CampaignStatusFilter,
  type CampaignSummary,
  permittedCampaignActions,
  campaignStatusFilterSchema,
  NO_CAMPAIGNS_MESSAGE,
} from '#shared/campaigns/schemas.ts';
import { ListPage } from '../lists/ListPage.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { ListFooter } from '../lists/ListStates.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { formatCount, formatRate } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
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
const COLUMNS = [
  'Name',
  'Subject',
  'Status',
  { label: 'Recipients', align: 'right' },
  { label: 'Sent', align: 'right' },
  { label: 'Open rate', align: 'right' },
  { label: 'Click rate', align: 'right' },
  'Created',
  { label: 'Actions', hidden: true },
] as const;

interface CampaignsListPageProps {
  search: CampaignListSearch;
  onSearchChange: (next: CampaignListSearch) => void;
}

/** /admin/campaigns: search, status filter and page live in the URL. */
export function CampaignsListPage({ search, onSearchChange }: CampaignsListPageProps) {
  const trpc = useTRPC();
  const list = useListPage({ search, onSearchChange, filterKeys: ['status'] });
  const status: CampaignStatusFilter = search.status ?? 'all';

  const rows = useQuery(
    trpc.admin.campaigns.list.queryOptions(
      { page: list.page, status, ...(list.term ? { search: list.term } : {}) },
      { placeholderData: keepPreviousData },
    ),
  );
  const data = rows.data;
  const actions = useCampaignActions();
  const can = useCan();

  return (
    <ListPage
      title="Campaigns"
      actions={can('campaigns.write') && <ButtonLink to="/admin/campaigns/new">New Campaign</ButtonLink>}
      activeFilters={list.activeFilters}
      filters={
        <>
          <ListSearchInput
            label="Search campaigns"
            placeholder="Search by name or subject..."
            w={320}
            term={list.term}
            onSearch={list.setSearch}
            minLength={1}
          />
          <Select
            label="Status"
            data={statusOptions}
            value={status}
            allowDeselect={false}
            onChange={(value) => {
              const parsed = campaignStatusFilterSchema.safeParse(value);
              const next = parsed.success ? parsed.data : 'all';
              list.setFilters({ status: next === 'all' ? undefined : next });
            }}
            w={200}
          />
        </>
      }
      errors={[rows.error]}
      footer={
        <ListFooter
          // A stale URL may ask for a page past the last: the links then mark the last one.
          data={
            data && {
              rows: data.campaigns,
              totalCount: data.totalCount,
              totalPages: data.totalPages,
              page: Math.min(list.page, Math.max(1, data.totalPages)),
            }
          }
          noun={{ one: 'campaign', many: 'campaigns' }}
          label="Campaigns pages"
          onNavigate={list.goTo}
        />
      }
    >
      <ListTable
        columns={COLUMNS}
        minWidth={900}
        rows={data?.campaigns}
        pending={rows.isPending}
        fetching={rows.isFetching}
        renderRow={(campaign) => <CampaignRow key={campaign.id} campaign={campaign} actions={actions} />}
        empty={{ message: NO_CAMPAIGNS_MESSAGE }}
      />
      {actions.dialogs}
    </ListPage>
  );
}

function CampaignRow({
  campaign,
  actions,
}: {
  campaign: CampaignSummary;
  actions: ReturnType<typeof useCampaignActions>;
}) {
  const { formatDate } = useDisplayTime();
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
        <StatusBadge status={campaign.status} failedCount={campaign.failedCount} />
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
