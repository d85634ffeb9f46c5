import { createFileRoute } from '@tanstack/react-router';
import { parseTemplatesSearch } from '#shared/admin/search-params.ts';
import { TemplatesListPage } from '../../../../admin/templates/TemplatesListPage.tsx';

export const Route = createFileRoute('/admin/_guarded/templates/')({
  validateSearch: parseTemplatesSearch,
  component: TemplatesRoute,
});

function TemplatesRoute() {
  const { kind } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TemplatesListPage
      kind={kind ?? 'marketing'}
      onKindChange={(next) =>
        void navigate({ search: next === 'reply' ? { kind: 'reply' } : {}, replace: true })
      }
    />
  );
}
