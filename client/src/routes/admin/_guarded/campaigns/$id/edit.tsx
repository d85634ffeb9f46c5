import { createFileRoute } from '@tanstack/react-router';
import { CampaignFormPage } from '../../../../../campaigns/CampaignFormPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/$id/edit')({
  component: EditCampaignRoute,
});

function EditCampaignRoute() {
  const { id } = Route.useParams();
  return <CampaignFormPage key={id} id={id} />;
}
