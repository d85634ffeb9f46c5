import { Link } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext } from 'react';
import type {
  BrandLink,
  CityCard,
  InfoCard,
  ProcessStep,
  ResourceLink,
  Testimonial,
  TrustBadge,
} from '#shared/content/types.ts';
import type { SellSearchParams } from '#shared/leads/sell-search.ts';
import { phoneHref } from '#shared/site/phone.ts';
import { site } from '../../site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { SmartLink } from './SmartLink.tsx';

export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'muted' | 'dark';
  children: ReactNode;
}) {
  return (
    <section className={`section section-${tone}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section-header">
          <h2 id={`${id}-title`}>{title}</h2>
          {intro && <p className="section-intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

/**
 * What a landing page's valuation buttons carry to /sell (its brand or city), so every button on
 * the page, hero and closing section alike, starts the form from it.
 */
const SellPresetContext = createContext<SellSearchParams>({});
export const SellPreset = SellPresetContext.Provider;

/** The link to the sell form with this page's preset. */
export function useSellSearch(): SellSearchParams {
  return useContext(SellPresetContext);
}

/** The valuation and call buttons, styled for the dark hero and closing sections unless `onLight`. */
export function CallButtons({ onLight = false }: { onLight?: boolean }) {
  const sellSearch = useSellSearch();
  return (
    <div className="button-row">
      <Link to="/sell" search={sellSearch} className="button button-gold button-large">
        Get Your Free Valuation
      </Link>
      <a
        href={phoneHref(site.phone)}
        className={
          onLight ? 'button button-outline button-large' : 'button button-outline-light button-large'
        }
      >
        <Icon name="phone" size={18} />
        Call {site.phone}
      </a>
    </div>
  );
}

export function TrustBadges({ items }: { items: readonly TrustBadge[] }) {
  return (
    <ul className="trust-strip" aria-label="Why sellers trust us">
      {items.map((item) => (
        <li key={item.title} className="trust-item">
          <Icon name={item.icon} size={22} className="trust-icon" />
          <span>
            <strong>{item.title}</strong>
            <span className="trust-description">{item.description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="steps">
      {steps.map((s) => (
        <li key={s.step} className="step">
          <span className="step-number" aria-hidden="true">
            {s.step}
          </span>
          <Icon name={s.icon} size={28} className="step-icon" />
          <h3>
            <span className="visually-hidden">Step {s.step}: </span>
            {s.title}
          </h3>
          <p>{s.description}</p>
        </li>
      ))}
    </ol>
  );
}

export function InfoCards({ cards, columns = 4 }: { cards: readonly InfoCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`card-grid card-grid-${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="card">
          <Icon name={card.icon} size={26} className="card-icon" />
          <h3>{card.title}</h3>
          <p>{card.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" size={16} className={n <= rating ? 'star star-on' : 'star'} />
      ))}
    </span>
  );
}

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="card-grid card-grid-3 testimonials">
      {items.map((t) => (
        <li key={t.name + t.location} className="card testimonial">
          <Stars rating={t.rating} />
          <blockquote>
            <p>“{t.text}”</p>
          </blockquote>
          <p className="testimonial-author">
            <strong>{t.name}</strong> · {t.location}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function BrandGrid({ brands }: { brands: readonly BrandLink[] }) {
  return (
    <ul className="tile-grid">
      {brands.map((b) => (
        <li key={b.name}>
          <SmartLink href={b.url} className="tile">
            <span className="tile-title">{b.name}</span>
            <Icon name="arrow-right" size={18} className="tile-arrow" />
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

export function CityGrid({ cities }: { cities: readonly CityCard[] }) {
  return (
    <ul className="tile-grid">
      {cities.map((c) => (
        <li key={c.url}>
          <Link to={c.url} className="tile">
            <span>
              <span className="tile-title">{c.city}</span>
              <span className="tile-subtitle">{c.state}</span>
            </span>
            <Icon name="arrow-right" size={18} className="tile-arrow" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ResourceLinks({ links }: { links: readonly ResourceLink[] }) {
  return (
    <ul className="resource-list">
      {links.map((r) => (
        <li key={r.url}>
          <SmartLink href={r.url} className="resource-link">
            <span className="resource-title">{r.title}</span>
            <span className="resource-description">{r.description}</span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

export function ClosingCta({ title, text }: { title: string; text: string }) {
  return (
    <section className="section section-dark closing-cta" aria-labelledby="closing-cta-title">
      <div className="container closing-cta-inner">
        <h2 id="closing-cta-title">{title}</h2>
        <p>{text}</p>
        <CallButtons />
      </div>
    </section>
  );
}

export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
  aside,
  breadcrumb,
}: {
  eyebrow?: string;
  title: string;
  subtitle: string;
  children?: ReactNode;
  aside?: ReactNode;
  /** The current page's name after 'Home'. */
  breadcrumb?: string;
}) {
  return (
    <section className="hero" aria-labelledby="page-title">
      {breadcrumb && (
        <nav aria-label="Breadcrumb" className="container breadcrumb breadcrumb-hero">
          <ol>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li aria-current="page">{breadcrumb}</li>
          </ol>
        </nav>
      )}
      <div className={aside ? 'container hero-inner hero-split' : 'container hero-inner'}>
        <div className="hero-copy">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1 id="page-title">{title}</h1>
          <p className="hero-subtitle">{subtitle}</p>
          {children}
        </div>
        {aside && <div className="hero-aside">{aside}</div>}
      </div>
    </section>
  );
}
