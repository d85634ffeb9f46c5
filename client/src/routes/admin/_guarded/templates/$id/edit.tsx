import { createFileRoute } from '@tanstack/react-router';
import { Permitted } from '../../../../../admin/widgets/Permitted.tsx';
import { TemplateFormPage } from '../../../../../admin/templates/TemplateFormPage.tsx';

export const Route = createFileRoute('/admin/_guarded/templates/$id/edit')({
  component: EditTemplateRoute,
});

function EditTemplateRoute() {
  const { id } = Route.useParams();
  return (
    <Permitted permission="templates.write">
      <TemplateFormPage key={id} id={id} />
    </Permitted>
  );
}
