import { createFileRoute } from '@tanstack/react-router';
import { FlowEditorPage } from '#client/src/admin/automations/FlowEditorPage.tsx';

export const Route = createFileRoute('/admin/_guarded/automations/new')({
  component: NewFlowRoute,
});

function NewFlowRoute() {
  return <FlowEditorPage flowId={null} />;
}
