import { createFileRoute, Link } from '@tanstack/react-router';
import { phoneHref } from '#shared/site/phone.ts';
import { site } from '../site.ts';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return (
    <main className="page">
      <h1>Sell your luxury watch for the best price in Australia</h1>
      <p>
        Free valuation, authentication by certified watchmakers and payment by bank transfer. We respond
        within {site.claims.responseHours} hours.
      </p>
      <p>
        <Link className="button" to="/sell">
          Get Your Free Valuation
        </Link>{' '}
        <a href={phoneHref(site.phone)}>Call {site.phone}</a>
      </p>
    </main>
  );
}
