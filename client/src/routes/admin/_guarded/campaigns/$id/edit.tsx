import { createFileRoute } from '@tanstack/react-router';
import { Permitted } from '../../../../../admin/widgets/Permitted.tsx';
import { CampaignFormPage } from '../../../../../admin/campaigns/CampaignFormPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/$id/edit')({
  component: EditCampaignRoute,
});

function EditCampaignRoute() {
  const { id } = Route.useParams();
  return (
    <Permitted permission="campaigns.write">
      <CampaignFormPage key={id} id={id} />
    </Permitted>
  );
}
