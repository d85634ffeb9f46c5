import { Link } from '@tanstack/react-router';
import { brandNavItems, locationNavItems } from '#shared/content/navigation.ts';
import { phoneHref } from '#shared/site/phone.ts';
import { Icon } from '../../ui/Icon.tsx';
import { site } from '../../site.ts';

const companyLinks = [
  { to: '/sell', label: 'Get a Free Valuation' },
  { to: '/watch-authentication', label: 'Watch Authentication' },
  { to: '/blog', label: 'Watch Insights' },
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/unsubscribe', label: 'Manage e-mail preferences' },
];

export function SiteFooter() {
  const a = site.address;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-about" aria-labelledby="footer-contact">
          <p className="footer-name">{site.name}</p>
          <p>
            Australia’s specialist buyer of pre-owned luxury watches. Free valuation, authentication by
            certified watchmakers and payment by bank transfer.
          </p>
          <h2 id="footer-contact" className="footer-heading">
            Contact
          </h2>
          <ul className="footer-contact">
            <li>
              <Icon name="phone" size={16} />
              <a href={phoneHref(site.phone)}>{site.phone}</a>
            </li>
            <li>
              <Icon name="mail" size={16} />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <Icon name="map-pin" size={16} />
              <span>
                {a.streetAddress}, {a.addressLocality} {a.addressRegion} {a.postalCode}
              </span>
            </li>
          </ul>
        </section>
        <nav aria-label="Watch brands" className="footer-links">
          <h2 className="footer-heading">Watch Brands</h2>
          <ul>
            {brandNavItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>Sell {item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Locations" className="footer-links">
          <h2 className="footer-heading">Locations</h2>
          <ul>
            {locationNavItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company" className="footer-links">
          <h2 className="footer-heading">Company</h2>
          <ul>
            {companyLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-legal">
        <p>{site.licence}</p>
        <p>
          © {site.legalName} · ABN {site.abn}
        </p>
      </div>
    </footer>
  );
}
