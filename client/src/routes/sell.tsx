import { createFileRoute } from '@tanstack/react-router';
import { standalonePageSeo } from '#shared/content/pages/seo.ts';
import { parseSellSearch } from '#shared/leads/sell-search.ts';
import { seoHead } from '../seo.ts';
import { SellPage } from '../public/sell/SellPage.tsx';
import { site } from '../site.ts';

export const Route = createFileRoute('/sell')({
  head: () =>
    seoHead(
      standalonePageSeo(site, {
        title: `Sell Your Luxury Watch – Free Valuation | ${site.name}`,
        description: `Sell your Rolex, Patek Philippe, Audemars Piguet or other luxury watch. Send your details and photos for a free valuation; we respond within ${site.claims.responseHours} hours.`,
        path: '/sell',
      }),
    ),
  validateSearch: parseSellSearch,
  component: SellRoute,
});

function SellRoute() {
  return <SellPage preset={Route.useSearch()} />;
}
