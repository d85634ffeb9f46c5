/**
 * Types for the static public-site content.
 *
 * No entry stores the business phone number (the old site repeated a `phoneDisplay` in every city and
 * brand entry): pages read `site.phone` from the site configuration at render time, so a SITE_PHONE
 * override reaches every page. For the same reason titles and structured-data names leave out the
 * business name; the page adds `site.name` when it renders them.
 */

/** Fixed-length lists make the spec's counts ("8 local areas", "8 models") a compile-time rule. */
export type EightOf<T> = readonly [T, T, T, T, T, T, T, T];
export type SixOf<T> = readonly [T, T, T, T, T, T];

export type StarRating = 1 | 2 | 3 | 4 | 5;

export interface PostalAddress {
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: 'AU';
}

export interface Location {
  city: string;
  /** Full state or territory name, e.g. "New South Wales". */
  state: string;
  stateCode: 'NSW' | 'VIC' | 'QLD' | 'WA' | 'SA' | 'ACT' | 'NT' | 'TAS';
  /** Path segment without the leading slash, e.g. "sell-watch-sydney". */
  urlSlug: string;
  /** Without the business name; the page appends it. */
  metaTitle: string;
  metaDescription: string;
  heroTitle: string;
  heroSubtitle: string;
  /** Real suburbs or areas; the first 3 appear in the how-it-works step, the first 6 are `areaServed`. */
  localAreas: EightOf<string>;
  schemaData: {
    /** Location label; the JSON-LD builder prefixes `site.name`. */
    name: string;
    address: PostalAddress;
    geo: { latitude: number; longitude: number };
    areaServed: SixOf<string>;
  };
}

export interface Brand {
  brandName: string;
  /** Path segment without the leading slash, e.g. "sell-rolex-watch". */
  urlSlug: string;
  /** Without the business name; the page appends it. */
  metaTitle: string;
  metaDescription: string;
  heroTitle: string;
  heroSubtitle: string;
  popularModels: EightOf<string>;
  brandSpecialty: string;
  authenticationDetails: string;
  /** File name of a bundled image, e.g. "rolex-hero.webp". */
  heroImage: string;
  heroImageAlt: string;
  schemaData: {
    name: string;
    description: string;
    brand: string;
    category: string;
  };
}

export interface Testimonial {
  name: string;
  /** "City, STATE", e.g. "Sydney, NSW". */
  location: string;
  rating: StarRating;
  text: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface CityCard {
  city: string;
  state: string;
  url: string;
}

export interface BrandLink {
  name: string;
  url: string;
  /** False for official brand sites, which open in a new tab. */
  internal: boolean;
}

export interface RecentPurchase {
  id: number;
  /** File name under /assets/recent/, e.g. "recent-1.webp". */
  image: string;
  alt: string;
}

export interface NavigationItem {
  to: string;
  label: string;
  description: string;
  /** Key the client maps to an icon component, so shared code stays free of UI imports. */
  icon: string;
  /** Shown with a 'Popular' tag. */
  featured: boolean;
}

export interface TrustBadge {
  icon: string;
  title: string;
  description: string;
}

export interface ProcessStep {
  step: number;
  icon: string;
  title: string;
  description: string;
}

export interface InfoCard {
  icon: string;
  title: string;
  description: string;
}

export interface ResourceLink {
  title: string;
  description: string;
  url: string;
}

export interface QuickAnswer extends FaqItem {
  link?: { to: string; label: string };
}
