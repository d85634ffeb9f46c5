import { createFileRoute } from '@tanstack/react-router';
import { parseFunnelSearch } from '#shared/insight/schemas.ts';
import { FunnelPage } from '../../../admin/insight/FunnelPage.tsx';

export const Route = createFileRoute('/admin/_guarded/insight')({
  validateSearch: parseFunnelSearch,
  component: InsightRoute,
});

function InsightRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FunnelPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
