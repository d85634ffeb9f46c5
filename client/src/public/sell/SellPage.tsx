import { useEffect, useState } from 'react';
import type { SellSearchParams } from '#shared/leads/sell-search.ts';
import { phoneHref } from '#shared/site/phone.ts';
import { site } from '../../site.ts';
import { SellForm } from './SellForm.tsx';
import { captureReferrer, captureUtm } from './utm.ts';
import './sell.css';

const RESOURCES = [
  { href: '/watch-authentication', label: 'How we authenticate your watch' },
  { href: '/blog', label: 'Watch Insights: guides and market news' },
  { href: '/sell-rolex-watch', label: 'Selling a Rolex' },
  { href: '/sell-patek-philippe-watch', label: 'Selling a Patek Philippe' },
  { href: '/', label: 'Back to the home page' },
];

// Where the address may break when it cannot fit a line of its own (see .sell-email).
const emailAt = site.email.lastIndexOf('@');
const emailLocal = site.email.slice(0, emailAt);
const emailDomain = site.email.slice(emailAt);

/** /sell: the three-step enquiry form beside what happens next and where to read more. */
export function SellPage({ preset = {} }: { preset?: SellSearchParams }) {
  useEffect(() => {
    // Also called by the layout on every page; here so a visit that lands on /sell is attributed too.
    captureUtm();
    captureReferrer();
  }, []);

  // Once the confirmation replaces the form it says what happens next itself: one list, not two.
  const [submitted, setSubmitted] = useState(false);

  return (
    <main className="page sell-page">
      <nav aria-label="Breadcrumb" className="sell-breadcrumb">
        <a href="/">Home</a> <span aria-hidden="true">/</span>{' '}
        <span aria-current="page">Sell Your Watch</span>
      </nav>
      <header className="sell-intro">
        <h1>Sell Your Luxury Watch</h1>
        <p>
          Tell us about your watch for a free, no-obligation valuation. It takes under{' '}
          {site.claims.formMinutes} minutes and we respond within {site.claims.responseHours} hours.
        </p>
      </header>
      <div className="sell-layout">
        <SellForm preset={preset} onSubmittedChange={setSubmitted} />
        <aside className="sell-aside" aria-label="About selling to us">
          {!submitted && (
            <section>
              <h2>What happens next</h2>
              <ol className="sell-next">
                <li>Our specialists review your details and photos.</li>
                <li>We contact you within {site.claims.responseHours} hours with a preliminary quote.</li>
                <li>Your watch is authenticated by certified watchmakers; you are paid by bank transfer.</li>
              </ol>
            </section>
          )}
          <section>
            <h2>Prefer to talk?</h2>
            <p>
              Call <a href={phoneHref(site.phone)}>{site.phone}</a> or e-mail{' '}
              <span className="sell-email">
                <a href={`mailto:${site.email}`}>
                  {emailLocal}
                  <wbr />
                  {emailDomain}
                </a>
                .
              </span>
            </p>
          </section>
          <section>
            <h2>Learn more</h2>
            <ul className="sell-links">
              {RESOURCES.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}
