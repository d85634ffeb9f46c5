import { Link } from '@tanstack/react-router';
import { brandNavItems, locationNavItems, serviceNavItems } from '#shared/content/navigation.ts';
import { phoneHref } from '#shared/site/phone.ts';
import { Icon } from '../../ui/Icon.tsx';
import { site } from '../../site.ts';
import { DesktopMenus, type MenuGroup } from './DesktopNav.tsx';
import { MobileMenu } from './MobileMenu.tsx';

const menuGroups: readonly MenuGroup[] = [
  { id: 'brands', label: 'Watch Brands', items: brandNavItems },
  { id: 'locations', label: 'Locations', items: locationNavItems },
];

export function SiteHeader({ pathname }: { pathname: string }) {
  const onSellPage = pathname === '/sell';
  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to="/" className="brand-mark" aria-label={`${site.name} home`}>
          <span className="brand-mark-symbol" aria-hidden="true">
            <Icon name="watch" size={22} />
          </span>
          <span className="brand-mark-name">{site.name}</span>
        </Link>
        <nav aria-label="Main" className="desktop-nav">
          <ul className="nav-list">
            <li>
              <Link to="/" className="nav-link" activeOptions={{ exact: true }}>
                Home
              </Link>
            </li>
            <DesktopMenus groups={menuGroups} />
            {serviceNavItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="nav-link">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <a href={phoneHref(site.phone)} className="header-phone">
            <Icon name="phone" size={18} />
            {site.phone}
          </a>
          {onSellPage ? (
            <span className="secure-badge">
              <Icon name="lock" size={16} />
              Secure &amp; Encrypted
            </span>
          ) : (
            <Link to="/sell" className="button button-gold header-cta">
              Sell Now
            </Link>
          )}
          <MobileMenu brands={brandNavItems} locations={locationNavItems} services={serviceNavItems} />
        </div>
      </div>
    </header>
  );
}
