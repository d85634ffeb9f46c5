import { createFileRoute } from '@tanstack/react-router';
import { TemplateFormPage } from '#client/src/admin/templates/TemplateFormPage.tsx';

// The role gate lets the template writers of either kind in; the page checks the template's kind.
export const Route = createFileRoute('/admin/_guarded/templates/$id/edit')({
  component: EditTemplateRoute,
});

function EditTemplateRoute() {
  const { id } = Route.useParams();
  return <TemplateFormPage key={id} id={id} />;
}
