import { createFileRoute } from '@tanstack/react-router';
import { campaignListSearchSchema } from '#shared/campaigns/schemas.ts';
import { CampaignsListPage } from '../../../../campaigns/CampaignsListPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/')({
  validateSearch: campaignListSearchSchema,
  component: CampaignsRoute,
});

function CampaignsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CampaignsListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
