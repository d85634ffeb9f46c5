import { createFileRoute, Link } from '@tanstack/react-router';
import { phoneHref } from '#shared/site/phone.ts';
import { site } from '../site.ts';

export const Route = createFileRoute('/sell')({
  component: SellPage,
});

// The three-step sell form lands with the lead-pipeline issue; until then sellers can call.
function SellPage() {
  return (
    <main className="page">
      <h1>Sell Your Watch</h1>
      <p>
        Online submissions open shortly. Call us on <a href={phoneHref(site.phone)}>{site.phone}</a> or e-mail{' '}
        <a href={`mailto:${site.email}`}>{site.email}</a> for a free valuation.
      </p>
      <Link to="/">Back to home</Link>
    </main>
  );
}
