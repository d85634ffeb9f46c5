import { createFileRoute } from '@tanstack/react-router';
import { parseContactsSearch } from '#shared/admin/search-params.ts';
import { ContactsPage } from '#client/src/admin/contacts/ContactsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/contacts/')({
  validateSearch: parseContactsSearch,
  component: ContactsRoute,
});

function ContactsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContactsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
