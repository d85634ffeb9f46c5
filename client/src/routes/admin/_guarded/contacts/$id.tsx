import { createFileRoute } from '@tanstack/react-router';
import { ContactDetailPage } from '#client/src/admin/contacts/ContactDetailPage.tsx';

export const Route = createFileRoute('/admin/_guarded/contacts/$id')({
  component: ContactRoute,
});

function ContactRoute() {
  const { id } = Route.useParams();
  // Keyed by id: moving from one contact to another starts from a fresh page state.
  return <ContactDetailPage key={id} id={id} />;
}
