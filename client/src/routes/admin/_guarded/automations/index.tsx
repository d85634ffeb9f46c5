import { createFileRoute } from '@tanstack/react-router';
import { FlowsPage } from '#client/src/admin/automations/FlowsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/automations/')({
  component: FlowsPage,
});
