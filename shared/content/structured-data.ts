import type { SiteConfig } from '../site/config.ts';
import type { FaqItem, Location } from './types.ts';

/** JSON-LD objects (schema.org). Kept as plain data so they serialise into page data and HTML alike. */
export type JsonLd = { '@context'?: string } & Record<string, unknown>;

/** Landing-page business facts (docs/spec/public-site.md §9): hours, radius, currency, price range, payment methods, free offer. */
const openingHours = {
  '@type': 'OpeningHoursSpecification',
  dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '09:00',
  closes: '17:00',
};
/** The spec's service radius of 50, in kilometres; schema.org wants metres. */
export const SERVICE_RADIUS_METRES = 50_000;

function freeValuationOffer(site: SiteConfig, name: string) {
  return {
    '@type': 'Offer',
    name,
    price: '0',
    priceCurrency: 'AUD',
    description: 'Valuation and authentication are free; there are no seller fees.',
    seller: { '@type': 'Organization', name: site.name },
  };
}

export interface LocalBusinessOptions {
  /** Absolute URL of the page the business is described on. */
  url: string;
  name?: string;
  description: string;
  location?: Location;
  image?: string;
}

export function localBusinessJsonLd(site: SiteConfig, options: LocalBusinessOptions): JsonLd {
  const location = options.location;
  const address = location ? location.schemaData.address : site.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${options.url}#business`,
    name: options.name ?? site.name,
    legalName: site.legalName,
    description: options.description,
    url: options.url,
    telephone: site.phone,
    email: site.email,
    ...(options.image ? { image: options.image } : {}),
    address: { '@type': 'PostalAddress', ...address },
    ...(location
      ? {
          geo: { '@type': 'GeoCoordinates', ...location.schemaData.geo },
          areaServed: [
            ...location.schemaData.areaServed.map((name) => ({ '@type': 'Place', name })),
            {
              '@type': 'GeoCircle',
              geoMidpoint: { '@type': 'GeoCoordinates', ...location.schemaData.geo },
              geoRadius: SERVICE_RADIUS_METRES,
            },
          ],
        }
      : { areaServed: { '@type': 'Country', name: 'Australia' } }),
    openingHoursSpecification: [openingHours],
    priceRange: '$$$',
    currenciesAccepted: 'AUD',
    paymentAccepted: 'Cash, Bank Transfer, Cryptocurrency',
    foundingDate: String(site.claims.establishedYear),
    makesOffer: [freeValuationOffer(site, 'Free luxury watch valuation and authentication')],
  };
}

export function faqPageJsonLd(faqs: readonly FaqItem[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}

export interface BlogPostingInput {
  url: string;
  title: string;
  description: string;
  author: string;
  publishedAt: string;
  section: string;
  wordCount: number;
  image: string;
}

export function blogPostingJsonLd(site: SiteConfig, post: BlogPostingInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
    headline: post.title,
    description: post.description,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: site.name, url: site.url },
    datePublished: post.publishedAt,
    dateModified: post.publishedAt,
    articleSection: post.section,
    wordCount: post.wordCount,
    inLanguage: 'en-AU',
    image: post.image,
    url: post.url,
  };
}

export function serviceJsonLd(
  site: SiteConfig,
  service: { url: string; name: string; description: string; brand: string; category: string },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    description: service.description,
    serviceType: 'Watch valuation and purchase',
    category: service.category,
    brand: { '@type': 'Brand', name: service.brand },
    provider: { '@id': `${service.url}#business` },
    areaServed: { '@type': 'Country', name: 'Australia' },
    offers: freeValuationOffer(site, `Free ${service.brand} valuation`),
    url: service.url,
  };
}

export function breadcrumbJsonLd(items: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
