import { createFileRoute } from '@tanstack/react-router';
import { parseCampaignListSearch } from '#shared/campaigns/search-params.ts';
import { CampaignsListPage } from '#client/src/admin/campaigns/CampaignsListPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/')({
  validateSearch: parseCampaignListSearch,
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
