import { createFileRoute } from '@tanstack/react-router';
import { CampaignFormPage } from '#client/src/admin/campaigns/CampaignFormPage.tsx';

// campaigns.write, checked by the role gate from the route table (decision 027).
export const Route = createFileRoute('/admin/_guarded/campaigns/new')({
  component: () => <CampaignFormPage />,
});
