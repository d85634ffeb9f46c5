import { createFileRoute } from '@tanstack/react-router';
import { EnquiryDetailPage } from '#client/src/admin/enquiries/EnquiryDetailPage.tsx';

export const Route = createFileRoute('/admin/_guarded/enquiries/$id/')({
  component: EnquiryRoute,
});

function EnquiryRoute() {
  const { id } = Route.useParams();
  // Keyed by id: moving to another of the seller's enquiries starts from a fresh page state.
  return <EnquiryDetailPage key={id} id={id} />;
}
