import { createFileRoute } from '@tanstack/react-router';
import { FlowEditorPage } from '#client/src/admin/automations/FlowEditorPage.tsx';

export const Route = createFileRoute('/admin/_guarded/automations/$flowId')({
  component: FlowEditorRoute,
});

function FlowEditorRoute() {
  const { flowId } = Route.useParams();
  return <FlowEditorPage flowId={flowId} />;
}
