import { createFileRoute } from '@tanstack/react-router';
import { TemplatePreviewPage } from '#client/src/admin/templates/TemplatePreviewPage.tsx';

export const Route = createFileRoute('/admin/_guarded/templates/$id/preview')({
  component: TemplatePreviewRoute,
});

function TemplatePreviewRoute() {
  const { id } = Route.useParams();
  return <TemplatePreviewPage key={id} id={id} />;
}
