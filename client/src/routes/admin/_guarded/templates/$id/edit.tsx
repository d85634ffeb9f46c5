import { createFileRoute } from '@tanstack/react-router';
import { TemplateFormPage } from '../../../../../templates/TemplateFormPage.tsx';

export const Route = createFileRoute('/admin/_guarded/templates/$id/edit')({
  component: EditTemplateRoute,
});

function EditTemplateRoute() {
  const { id } = Route.useParams();
  return <TemplateFormPage key={id} id={id} />;
}
