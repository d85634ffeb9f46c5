import { createFileRoute } from '@tanstack/react-router';
import { SellerPage } from '../public/seller/SellerPage.tsx';
import { site } from '../site.ts';

// The seller's private page (decision 059): never prerendered (the server hands /enquiry/<token>
// the app shell), never indexed, and no referrer leaves it, so the token stays in the address bar.
export const Route = createFileRoute('/enquiry/$token')({
  head: () => ({
    meta: [
      { title: `Your enquiry | ${site.name}` },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'no-referrer' },
    ],
    links: [],
  }),
  component: SellerRoute,
});

function SellerRoute() {
  const { token } = Route.useParams();
  return <SellerPage key={token} token={token} />;
}
