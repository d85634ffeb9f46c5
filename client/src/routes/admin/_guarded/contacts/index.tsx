import { createFileRoute } from '@tanstack/react-router';
import { contactsSearchParamsSchema } from '#shared/contacts/schemas.ts';
import { ContactsPage } from '../../../../contacts/ContactsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/contacts/')({
  validateSearch: contactsSearchParamsSchema,
  component: ContactsRoute,
});

function ContactsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContactsPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
