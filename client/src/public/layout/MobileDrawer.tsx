import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { NavigationItem } from '#shared/content/types.ts';
import { phoneHref } from '#shared/site/phone.ts';
import { Icon } from '../../ui/Icon.tsx';
import { site } from '../../site.ts';

/** The menu's links; declared here, as the menu loads this drawer (no import cycle, decision 078). */
export interface MobileMenuProps {
  brands: readonly NavigationItem[];
  locations: readonly NavigationItem[];
  services: readonly NavigationItem[];
}

/** The drawer is the navigation below this width (docs/spec/public-site.md §9); layout.css uses the same breakpoint. */
export const MOBILE_MAX_WIDTH_PX = 767;

function DrawerGroup({
  label,
  items,
  onNavigate,
}: {
  label: string;
  items: readonly NavigationItem[];
  onNavigate: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <div className="drawer-group">
      <button
        type="button"
        className="drawer-group-toggle"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((v) => !v)}
      >
        {label}
        <Icon name="chevron-down" size={18} className="nav-chevron" />
      </button>
      <ul id={id} className="drawer-list" hidden={!expanded}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="drawer-link" onClick={onNavigate}>
              {item.label}
              {item.featured && <span className="tag">Popular</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The modal drawer that slides in from the right; choosing a link closes it. */
export default function MobileDrawer({
  brands,
  locations,
  services,
  open,
  onClose,
}: MobileMenuProps & { open: boolean; onClose: (returnFocus: boolean) => void }) {
  const dismiss = () => onClose(true);
  const navigate = () => onClose(false);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    document.body.classList.add('drawer-open');
    return () => document.body.classList.remove('drawer-open');
  }, [open]);

  useEffect(() => {
    // Widening the window past the breakpoint hides the drawer; close it so the page scrolls again.
    const query = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
    const onChange = () => {
      if (!query.matches) onClose(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [onClose]);

  // Escape closes; Tab stays inside the drawer while it is open (it is modal).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      dismiss();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [
      ...panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
    ].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      <div className="drawer-backdrop" data-open={open} onClick={dismiss} aria-hidden="true" />
      <div
        id="mobile-drawer"
        ref={panel}
        className="drawer"
        data-open={open}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        inert={!open}
        onKeyDown={onKeyDown}
      >
        <div className="drawer-head">
          <span className="drawer-title">Menu</span>
          <button ref={closeButton} type="button" className="icon-button" onClick={dismiss}>
            <Icon name="close" size={22} />
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>
        <nav aria-label="Mobile" className="drawer-body">
          <Link to="/" className="drawer-link drawer-link-top" onClick={navigate}>
            Home
          </Link>
          <Link to="/sell" className="button button-gold drawer-cta" onClick={navigate}>
            Sell Now
          </Link>
          <DrawerGroup label="Watch Brands" items={brands} onNavigate={navigate} />
          <DrawerGroup label="Locations" items={locations} onNavigate={navigate} />
          <div className="drawer-group">
            <p className="drawer-group-label">Services</p>
            <ul className="drawer-list">
              {services.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="drawer-link" onClick={navigate}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <a href={phoneHref(site.phone)} className="drawer-call" onClick={navigate}>
            <Icon name="phone" size={18} />
            Call {site.phone}
          </a>
        </nav>
      </div>
    </>
  );
}
