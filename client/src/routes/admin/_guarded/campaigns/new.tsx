import { createFileRoute } from '@tanstack/react-router';
import { Permitted } from '../../../../admin/widgets/Permitted.tsx';
import { CampaignFormPage } from '../../../../admin/campaigns/CampaignFormPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/new')({
  component: () => (
    <Permitted permission="campaigns.write">
      <CampaignFormPage />
    </Permitted>
  ),
});
