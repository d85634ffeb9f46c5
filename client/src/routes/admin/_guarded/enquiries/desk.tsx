import { createFileRoute } from '@tanstack/react-router';
import { parseDeskSearch } from '#shared/insight/schemas.ts';
import { DeskPage } from '#client/src/admin/insight/DeskPage.tsx';

export const Route = createFileRoute('/admin/_guarded/enquiries/desk')({
  validateSearch: parseDeskSearch,
  component: DeskRoute,
});

function DeskRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DeskPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
