import { Alert, Loader, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CampaignDetail, SendFilter } from '#shared/campaigns/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { AttributionSummary } from '../insight/AttributionSummary.tsx';
import { AbTestPanel } from './AbTestPanel.tsx';
import { CampaignHeader } from './CampaignHeader.tsx';
import { CampaignNotFound } from './CampaignNotFound.tsx';
import { CampaignSendsTable } from './CampaignSendsTable.tsx';
import { CampaignStats } from './CampaignStats.tsx';
import { EngagementChart } from './EngagementChart.tsx';
import { LinkReport } from './LinkReport.tsx';
import { ProviderReport } from './ProviderReport.tsx';
import { useCampaignActions } from './useCampaignActions.tsx';
import { POLL_INTERVAL_MS, useCampaignLive } from './useCampaignLive.ts';

/**
 * /admin/campaigns/$id: the campaign's state, counts and per-recipient sends, kept current by the
 * live feed, or by polling every 3 s while a send runs and the feed is down (docs/spec/admin.md §9).
 */
export function CampaignDetailsPage({
  id,
  sends,
  onSendsChange,
}: {
  id: string;
  /** The sends table's filter, kept in the URL (`?sends=held`). */
  sends: SendFilter;
  onSendsChange: (next: SendFilter) => void;
}) {
  useDocumentTitle(`Campaign Details | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const live = useCampaignLive(id);
  const campaign = useQuery(
    trpc.admin.campaigns.get.queryOptions(
      { id },
      {
        retry: false,
        refetchInterval: (query) =>
          !live.connected && query.state.data?.status === 'sending' ? POLL_INTERVAL_MS : false,
      },
    ),
  );
  if (campaign.isPending) return <Loader aria-label="Loading campaign" />;
  if (campaign.isError) {
    const code = errorCode(campaign.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <CampaignNotFound />;
    return <Alert color="red">{errorMessage(campaign.error)}</Alert>;
  }
  return (
    <CampaignDetails
      campaign={campaign.data}
      live={live.connected}
      sends={sends}
      onSendsChange={onSendsChange}
    />
  );
}

function CampaignDetails({
  campaign,
  live,
  sends,
  onSendsChange,
}: {
  campaign: CampaignDetail;
  live: boolean;
  sends: SendFilter;
  onSendsChange: (next: SendFilter) => void;
}) {
  const navigate = useNavigate();
  const actions = useCampaignActions({
    onDeleted: () => void navigate({ to: '/admin/campaigns' }),
  });
  const sending = campaign.status === 'sending';
  const [clickedLink, setClickedLink] = useState<string | null>(null);

  return (
    <Stack>
      <CampaignHeader campaign={campaign} live={live} actions={actions} />
      <CampaignStats campaign={campaign} />
      <AttributionSummary kind="campaign" id={campaign.id} />

      <AbTestPanel campaign={campaign} pollInterval={sending ? POLL_INTERVAL_MS : false} />
      <EngagementChart
        campaignId={campaign.id}
        startedAt={campaign.startedAt}
        completedAt={campaign.completedAt}
        pollInterval={sending ? POLL_INTERVAL_MS : false}
      />
      <ProviderReport campaignId={campaign.id} pollInterval={sending ? POLL_INTERVAL_MS : false} />
      <LinkReport
        campaignId={campaign.id}
        pollInterval={sending ? POLL_INTERVAL_MS : false}
        selected={clickedLink}
        onSelect={setClickedLink}
      />
      <CampaignSendsTable
        // A new link filter starts the table from its first page.
        key={clickedLink ?? ''}
        campaignId={campaign.id}
        pollInterval={!live && sending ? POLL_INTERVAL_MS : false}
        clickedLink={clickedLink}
        onClearClickedLink={() => setClickedLink(null)}
        status={sends}
        onStatusChange={onSendsChange}
        hasAbTest={campaign.abTest !== null}
      />
      {actions.dialogs}
    </Stack>
  );
}
