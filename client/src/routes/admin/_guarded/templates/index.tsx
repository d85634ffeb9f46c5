import { createFileRoute } from '@tanstack/react-router';
import { parseTemplateListSearch } from '#shared/admin/search-params.ts';
import { TemplatesListPage } from '#client/src/admin/templates/TemplatesListPage.tsx';

export const Route = createFileRoute('/admin/_guarded/templates/')({
  validateSearch: parseTemplateListSearch,
  component: TemplatesRoute,
});

function TemplatesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TemplatesListPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
