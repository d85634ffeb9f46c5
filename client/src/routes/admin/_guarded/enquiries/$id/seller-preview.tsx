import { createFileRoute } from '@tanstack/react-router';
import { SellerPreviewPage } from '#client/src/admin/enquiries/SellerPreviewPage.tsx';

export const Route = createFileRoute('/admin/_guarded/enquiries/$id/seller-preview')({
  component: SellerPreviewRoute,
});

function SellerPreviewRoute() {
  const { id } = Route.useParams();
  return <SellerPreviewPage key={id} id={id} />;
}
