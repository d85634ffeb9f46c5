import { createFileRoute } from '@tanstack/react-router';
import { parseSellSearch } from '#shared/leads/sell-search.ts';
import { SellPage } from '../sell/SellPage.tsx';
import { site } from '../site.ts';

export const Route = createFileRoute('/sell')({
  head: () => ({
    meta: [
      { title: `Sell Your Luxury Watch – Free Valuation | ${site.name}` },
      {
        name: 'description',
        content: `Sell your Rolex, Patek Philippe, Audemars Piguet or other luxury watch. Send your details and photos for a free valuation; we respond within ${site.claims.responseHours} hours.`,
      },
    ],
  }),
  validateSearch: parseSellSearch,
  component: SellRoute,
});

function SellRoute() {
  return <SellPage preset={Route.useSearch()} />;
}
