import type { SiteConfig } from '../../site/config.ts';
import { OG_DEFAULT_IMAGE } from '../images.ts';
import type { JsonLd } from '../structured-data.ts';
import type { PageSeo, SeoImage } from './types.ts';

// Search and social-sharing metadata of a page. Kept apart from the content builders so a page
// without content data (the sell form, the preferences page) can use it without their weight.

export interface SeoInput {
  title: string;
  description: string;
  path: string;
  ogType?: PageSeo['ogType'];
  image?: SeoImage;
  jsonLd?: readonly JsonLd[];
  article?: PageSeo['article'];
}

export function absolute(site: SiteConfig, path: string): string {
  return path === '/' ? `${site.url}/` : `${site.url}${path}`;
}

export function seo(site: SiteConfig, input: SeoInput): PageSeo {
  return {
    title: input.title,
    description: input.description,
    canonicalUrl: absolute(site, input.path),
    ogType: input.ogType ?? 'website',
    image: input.image ?? defaultImage(site),
    jsonLd: input.jsonLd ?? [],
    noindex: false,
    ...(input.article ? { article: input.article } : {}),
  };
}

export function defaultImage(site: SiteConfig): SeoImage {
  return {
    url: absolute(site, OG_DEFAULT_IMAGE.src),
    alt: `${site.name}: sell your luxury watch in Australia`,
    width: OG_DEFAULT_IMAGE.width,
    height: OG_DEFAULT_IMAGE.height,
  };
}

/** A page outside the content catalogue (sell form, preferences): same tags, optionally noindex. */
export function standalonePageSeo(site: SiteConfig, input: SeoInput & { noindex?: boolean }): PageSeo {
  return { ...seo(site, input), noindex: input.noindex ?? false };
}
