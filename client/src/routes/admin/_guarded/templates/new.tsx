import { createFileRoute } from '@tanstack/react-router';
import { templateWritePermission } from '#shared/auth/permissions.ts';
import { useCan } from '#client/src/admin/auth/session.ts';
import { Permitted } from '#client/src/admin/widgets/Permitted.tsx';
import { TemplateFormPage } from '#client/src/admin/templates/TemplateFormPage.tsx';
import { parseTemplatesSearch } from '#shared/admin/search-params.ts';

export const Route = createFileRoute('/admin/_guarded/templates/new')({
  validateSearch: parseTemplatesSearch,
  component: NewTemplateRoute,
});

function NewTemplateRoute() {
  const { kind } = Route.useSearch();
  const can = useCan();
  // A Buyer writes reply templates only (decision 027): that is their new template.
  const chosen = kind ?? (can('templates.write') ? 'marketing' : 'reply');
  return (
    <Permitted permission={templateWritePermission(chosen)}>
      <TemplateFormPage kind={chosen} />
    </Permitted>
  );
}
