import { createFileRoute } from '@tanstack/react-router';
import { CampaignDetailsPage } from '../../../../../admin/campaigns/CampaignDetailsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/$id/')({
  component: CampaignDetailsRoute,
});

function CampaignDetailsRoute() {
  const { id } = Route.useParams();
  return <CampaignDetailsPage key={id} id={id} />;
}
