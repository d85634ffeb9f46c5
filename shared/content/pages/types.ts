import type { Stat } from '../landing.ts';
import type { BrandSpeciality } from '../authentication.ts';
import type { BlogCategory, BlogPost } from '../blog/index.ts';
import type { LegalDocument } from '../legal.ts';
import type { JsonLd } from '../structured-data.ts';
import type {
  BrandLink,
  CityCard,
  FaqItem,
  InfoCard,
  ProcessStep,
  QuickAnswer,
  ResourceLink,
  Testimonial,
  TrustBadge,
} from '../types.ts';

/*
 * Page data: everything a content page renders, built on the server (or at prerender time) from
 * shared/content and the site configuration. Browser bundles carry only the components; the data
 * arrives inside the prerendered HTML or, on client-side navigation, from GET /api/page-data.
 */

export interface SeoImage {
  /** Absolute URL. */
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface PageSeo {
  /** The document title. */
  title: string;
  description: string;
  /** Absolute canonical URL built from the site URL. */
  canonicalUrl: string;
  ogType: 'website' | 'article';
  image: SeoImage;
  jsonLd: readonly JsonLd[];
  noindex: boolean;
  article?: { publishedTime: string; author: string; section: string };
}

export interface PageImage {
  /** Path under /assets/ of the WebP file; the component derives the JPEG fallback. */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface HomePageData {
  kind: 'home';
  seo: PageSeo;
  hero: { title: string; subtitle: string };
  trustBadges: readonly TrustBadge[];
  steps: readonly ProcessStep[];
  authenticationCards: readonly InfoCard[];
  brands: readonly BrandLink[];
  cities: readonly CityCard[];
  testimonials: readonly Testimonial[];
  recentPurchases: readonly PageImage[];
  /** The business's Instagram profile; null when none is configured (the link is then left out). */
  instagramUrl: string | null;
  faqs: readonly FaqItem[];
  resources: readonly ResourceLink[];
  quickAnswers: readonly QuickAnswer[];
  completeGuide: ResourceLink;
}

export interface CityPageData {
  kind: 'city';
  seo: PageSeo;
  city: string;
  state: string;
  heroTitle: string;
  heroSubtitle: string;
  localAreas: readonly string[];
  trust: readonly TrustBadge[];
  steps: readonly ProcessStep[];
  authenticationCards: readonly InfoCard[];
  brandLinks: readonly BrandLink[];
  testimonials: readonly Testimonial[];
  otherCities: readonly CityCard[];
  faqs: readonly FaqItem[];
}

export interface BrandPageData {
  kind: 'brand';
  seo: PageSeo;
  brandName: string;
  heroTitle: string;
  heroSubtitle: string;
  heroImage: PageImage;
  brandSpecialty: string;
  authenticationDetails: string;
  trust: readonly TrustBadge[];
  steps: readonly ProcessStep[];
  whyUs: readonly InfoCard[];
  checks: readonly InfoCard[];
  stats: readonly Stat[];
  popularModels: readonly string[];
  testimonials: readonly Testimonial[];
  faqs: readonly FaqItem[];
}

export interface BlogIndexPageData {
  kind: 'blog';
  seo: PageSeo;
  posts: readonly BlogPost[];
  categories: readonly BlogCategory[];
}

export interface ArticlePageData {
  kind: 'article';
  seo: PageSeo;
  /** `content` is sanitised HTML. */
  post: BlogPost;
  related: readonly BlogPost[];
}

export interface AuthenticationPageData {
  kind: 'authentication';
  seo: PageSeo;
  intro: string;
  steps: readonly ProcessStep[];
  specialities: readonly BrandSpeciality[];
  reasons: readonly InfoCard[];
  resources: readonly ResourceLink[];
  industryLinks: readonly ResourceLink[];
}

export interface LegalPageData {
  kind: 'legal';
  seo: PageSeo;
  document: LegalDocument;
}

export type PageData =
  | HomePageData
  | CityPageData
  | BrandPageData
  | BlogIndexPageData
  | ArticlePageData
  | AuthenticationPageData
  | LegalPageData;

export type PageKind = PageData['kind'];

export type PageDataOf<K extends PageKind> = Extract<PageData, { kind: K }>;
