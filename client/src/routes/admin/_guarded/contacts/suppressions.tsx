import { createFileRoute } from '@tanstack/react-router';
import { parseSuppressionsSearch } from '#shared/suppressions/schemas.ts';
import { SuppressionsPage } from '#client/src/admin/contacts/SuppressionsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/contacts/suppressions')({
  validateSearch: parseSuppressionsSearch,
  component: SuppressionsRoute,
});

function SuppressionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SuppressionsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
