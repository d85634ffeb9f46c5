import { createFileRoute } from '@tanstack/react-router';
import { parseCampaignDetailsSearch } from '#shared/campaigns/search-params.ts';
import { CampaignDetailsPage } from '#client/src/admin/campaigns/CampaignDetailsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/$id/')({
  validateSearch: parseCampaignDetailsSearch,
  component: CampaignDetailsRoute,
});

function CampaignDetailsRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CampaignDetailsPage
      key={id}
      id={id}
      sends={search.sends ?? 'all'}
      onSendsChange={(sends) =>
        void navigate({ search: { sends: sends === 'all' ? undefined : sends }, replace: true })
      }
    />
  );
}
