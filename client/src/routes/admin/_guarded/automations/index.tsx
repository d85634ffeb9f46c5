import { createFileRoute } from '@tanstack/react-router';
import { FlowsPage } from '../../../../admin/automations/FlowsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/automations/')({
  component: FlowsPage,
});
