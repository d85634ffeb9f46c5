import { createFileRoute } from '@tanstack/react-router';
import { CampaignFormPage } from '../../../../campaigns/CampaignFormPage.tsx';

export const Route = createFileRoute('/admin/_guarded/campaigns/new')({
  component: () => <CampaignFormPage />,
});
