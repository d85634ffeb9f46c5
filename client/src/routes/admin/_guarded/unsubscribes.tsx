import { createFileRoute } from '@tanstack/react-router';
import { parseUnsubscribesSearch } from '#shared/admin/search-params.ts';
import { UnsubscribesPage } from '../../../admin/unsubscribes/UnsubscribesPage.tsx';

export const Route = createFileRoute('/admin/_guarded/unsubscribes')({
  validateSearch: parseUnsubscribesSearch,
  component: UnsubscribesRoute,
});

function UnsubscribesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UnsubscribesPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
