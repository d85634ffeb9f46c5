import { createFileRoute } from '@tanstack/react-router';
import { parseEnquiriesSearch } from '#shared/enquiries/schemas.ts';
import { EnquiriesPage } from '#client/src/admin/enquiries/EnquiriesPage.tsx';

export const Route = createFileRoute('/admin/_guarded/enquiries/')({
  validateSearch: parseEnquiriesSearch,
  component: EnquiriesRoute,
});

function EnquiriesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EnquiriesPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
