import { createFileRoute } from '@tanstack/react-router';
import { parseUnsubscribeSearch } from '#shared/admin/search-params.ts';
import { UnsubscribesPage } from '../../../admin/unsubscribe/UnsubscribesPage.tsx';

export const Route = createFileRoute('/admin/_guarded/unsubscribes')({
  validateSearch: parseUnsubscribeSearch,
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
