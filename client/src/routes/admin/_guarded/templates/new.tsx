import { createFileRoute } from '@tanstack/react-router';
import { Permitted } from '../../../../admin/widgets/Permitted.tsx';
import { TemplateFormPage } from '../../../../admin/templates/TemplateFormPage.tsx';
import { parseTemplatesSearch } from '#shared/admin/search-params.ts';

export const Route = createFileRoute('/admin/_guarded/templates/new')({
  validateSearch: parseTemplatesSearch,
  component: NewTemplateRoute,
});

function NewTemplateRoute() {
  const { kind } = Route.useSearch();
  return (
    <Permitted permission="templates.write">
      <TemplateFormPage kind={kind ?? 'marketing'} />
    </Permitted>
  );
}
