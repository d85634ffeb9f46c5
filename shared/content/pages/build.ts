import type { SiteConfig } from '../../site/config.ts';
import {
  authenticationIndustryLinks,
  authenticationIntro,
  authenticationReasons,
  authenticationResources,
  authenticationSteps,
  brandSpecialities,
} from '../authentication.ts';
import { articleSummaries, categories, findArticle, type BlogPost } from '../blog/index.ts';
import { sanitizeArticleHtml } from '../blog/sanitize.ts';
import { brandGrid, officialBrandLinks } from '../brand-links.ts';
import { findBrandBySlug } from '../brands.ts';
import { cityCards, findCityBySlug, otherCities } from '../cities.ts';
import { brandFaqs, cityFaqs, homeFaqs } from '../faqs.ts';
import {
  authenticationCards,
  completeGuideLink,
  howToSellSteps,
  industryResources,
  quickAnswers,
  recentPurchases,
  recentPurchaseSrc,
  trustBadges,
} from '../home.ts';
import { brandHeroSrc, IMAGE_SIZES } from '../images.ts';
import { absolute, defaultImage, seo } from './seo.ts';
import { brandChecks, brandStats, brandSteps, brandWhyUs, cityHowItWorks, trustStrip } from '../landing.ts';
import { privacyPolicy, termsOfService } from '../legal.ts';
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  faqPageJsonLd,
  localBusinessJsonLd,
  serviceJsonLd,
} from '../structured-data.ts';
import { homeTestimonials, testimonialsForBrand, testimonialsForCity } from '../testimonials.ts';
import type {
  ArticlePageData,
  AuthenticationPageData,
  BlogIndexPageData,
  BrandPageData,
  CityPageData,
  HomePageData,
  LegalPageData,
  PageData,
} from './types.ts';

/** The two fixed 'Related Articles' cards under every article (docs/spec/public-site.md §2). */
export const RELATED_ARTICLE_SLUGS = [
  'complete-guide-selling-rolex-australia',
  'authenticate-vintage-omega-speedmaster',
] as const;

export function homePageData(site: SiteConfig): HomePageData {
  const faqs = homeFaqs(site);
  const description = `Sell your Rolex, Patek Philippe, Audemars Piguet or other luxury watch anywhere in Australia. Free valuation, authentication by certified watchmakers, payment by bank transfer.`;
  const url = absolute(site, '/');
  return {
    kind: 'home',
    seo: seo(site, {
      title: `Sell Your Luxury Watch in Australia | ${site.name}`,
      description,
      path: '/',
      jsonLd: [localBusinessJsonLd(site, { url, description }), faqPageJsonLd(faqs)],
    }),
    hero: {
      title: 'Sell Your Luxury Watch for the Best Price in Australia',
      subtitle: `Free valuation, authentication by certified watchmakers and payment by bank transfer. Drop in by appointment or submit online in under ${site.claims.formMinutes} minutes.`,
    },
    trustBadges: trustBadges(site),
    steps: howToSellSteps(site),
    authenticationCards,
    brands: brandGrid,
    cities: cityCards,
    testimonials: homeTestimonials(),
    recentPurchases: recentPurchases.map((p) => ({
      src: recentPurchaseSrc(p),
      alt: p.alt,
      ...IMAGE_SIZES.recentPurchase,
    })),
    instagramUrl: site.socialLinks.instagram,
    faqs,
    resources: industryResources,
    quickAnswers: quickAnswers(site),
    completeGuide: completeGuideLink,
  };
}

export function cityPageData(site: SiteConfig, slug: string): CityPageData | null {
  const city = findCityBySlug(slug);
  // findCityBySlug also accepts "sell-watch-sydney"; only the bare slug names a page.
  if (!city || city.urlSlug !== `sell-watch-${slug}`) return null;
  const path = `/${city.urlSlug}`;
  const url = absolute(site, path);
  const faqs = cityFaqs(city, site);
  return {
    kind: 'city',
    seo: seo(site, {
      title: `${city.metaTitle} | ${site.name}`,
      description: city.metaDescription,
      path,
      jsonLd: [
        localBusinessJsonLd(site, {
          url,
          name: `${site.name} – ${city.schemaData.name}`,
          description: city.metaDescription,
          location: city,
        }),
        faqPageJsonLd(faqs),
      ],
    }),
    city: city.city,
    state: city.state,
    heroTitle: city.heroTitle,
    heroSubtitle: city.heroSubtitle,
    localAreas: city.localAreas,
    trust: trustStrip(site),
    steps: cityHowItWorks(city, site),
    authenticationCards,
    brandLinks: officialBrandLinks,
    testimonials: testimonialsForCity(city),
    otherCities: otherCities(city.urlSlug).map((c) => ({
      city: c.city,
      state: c.state,
      url: `/${c.urlSlug}`,
    })),
    faqs,
  };
}

export function brandPageData(site: SiteConfig, slug: string): BrandPageData | null {
  const brand = findBrandBySlug(slug);
  if (!brand || brand.urlSlug !== `sell-${slug}-watch`) return null;
  const path = `/${brand.urlSlug}`;
  const url = absolute(site, path);
  const faqs = brandFaqs(brand, site);
  const heroImage = { src: brandHeroSrc(brand), alt: brand.heroImageAlt, ...IMAGE_SIZES.brandHero };
  return {
    kind: 'brand',
    seo: seo(site, {
      title: `${brand.metaTitle} | ${site.name}`,
      description: brand.metaDescription,
      path,
      image: {
        url: absolute(site, heroImage.src.replace(/\.webp$/, '.jpg')),
        alt: heroImage.alt,
        width: heroImage.width,
        height: heroImage.height,
      },
      jsonLd: [
        localBusinessJsonLd(site, { url, description: brand.metaDescription }),
        serviceJsonLd(site, { url, ...brand.schemaData }),
        faqPageJsonLd(faqs),
      ],
    }),
    brandName: brand.brandName,
    heroTitle: brand.heroTitle,
    heroSubtitle: brand.heroSubtitle,
    heroImage,
    brandSpecialty: brand.brandSpecialty,
    authenticationDetails: brand.authenticationDetails,
    trust: trustStrip(site),
    steps: brandSteps(brand, site),
    whyUs: brandWhyUs(brand, site),
    checks: brandChecks(brand),
    stats: brandStats(site),
    popularModels: brand.popularModels,
    testimonials: testimonialsForBrand(brand),
    faqs,
  };
}

export function blogIndexPageData(site: SiteConfig): BlogIndexPageData {
  return {
    kind: 'blog',
    seo: seo(site, {
      title: `Watch Insights: Guides to Selling Luxury Watches | ${site.name} Blog`,
      description:
        'Guides on selling, valuing and authenticating luxury watches in Australia, with market trends and investment notes from our watch specialists.',
      path: '/blog',
    }),
    posts: articleSummaries(),
    categories,
  };
}

function summary(post: BlogPost): BlogPost {
  return { ...post, content: '' };
}

export function articlePageData(site: SiteConfig, slug: string): ArticlePageData | null {
  const post = findArticle(slug);
  if (!post) return null;
  const path = `/blog/${post.slug}`;
  const url = absolute(site, path);
  const image = defaultImage(site);
  return {
    kind: 'article',
    seo: seo(site, {
      title: `${post.title} | ${site.name} Blog`,
      description: post.excerpt,
      path,
      ogType: 'article',
      image,
      article: { publishedTime: post.publishedAt, author: post.author, section: post.category },
      jsonLd: [
        blogPostingJsonLd(site, {
          url,
          title: post.title,
          description: post.excerpt,
          author: post.author,
          publishedAt: post.publishedAt,
          section: post.category,
          wordCount: post.wordCount,
          image: image.url,
        }),
        breadcrumbJsonLd([
          { name: 'Home', url: absolute(site, '/') },
          { name: 'Blog', url: absolute(site, '/blog') },
          { name: post.title, url },
        ]),
      ],
    }),
    post: { ...post, content: sanitizeArticleHtml(post.content) },
    related: RELATED_ARTICLE_SLUGS.map((s) => findArticle(s))
      .filter((p): p is BlogPost => p !== undefined)
      .map(summary),
  };
}

export function authenticationPageData(site: SiteConfig): AuthenticationPageData {
  return {
    kind: 'authentication',
    seo: seo(site, {
      title: `Watch Authentication by Certified Watchmakers | ${site.name}`,
      description: `A ${site.claims.authenticationPoints}-point inspection of your luxury watch by certified watchmakers: case, dial, movement, serials and papers. Free with every valuation.`,
      path: '/watch-authentication',
    }),
    intro: authenticationIntro(site),
    steps: authenticationSteps,
    specialities: brandSpecialities,
    reasons: authenticationReasons(site),
    resources: authenticationResources,
    industryLinks: authenticationIndustryLinks,
  };
}

export function termsPageData(site: SiteConfig): LegalPageData {
  const document = termsOfService(site);
  return {
    kind: 'legal',
    seo: seo(site, {
      title: `${document.title} | ${site.name}`,
      description: `The terms that apply when ${site.name} values, authenticates and buys your watch: fees, preliminary quotes, payment and your rights.`,
      path: '/terms',
    }),
    document,
  };
}

export function privacyPageData(site: SiteConfig): LegalPageData {
  const document = privacyPolicy(site);
  return {
    kind: 'legal',
    seo: seo(site, {
      title: `${document.title} | ${site.name}`,
      description: `How ${site.name} collects, uses, shares and protects your personal information under the Australian Privacy Principles.`,
      path: '/privacy',
    }),
    document,
  };
}

const cityPath = /^\/sell-watch-([a-z-]+)$/;
const brandPath = /^\/sell-([a-z-]+)-watch$/;
const articlePath = /^\/blog\/([a-z0-9-]+)$/;

/** Page data for a public content path, or null when the path has none (unknown page, /sell, ...). */
export function buildPageData(path: string, site: SiteConfig): PageData | null {
  switch (path) {
    case '/':
      return homePageData(site);
    case '/blog':
      return blogIndexPageData(site);
    case '/watch-authentication':
      return authenticationPageData(site);
    case '/terms':
      return termsPageData(site);
    case '/privacy':
      return privacyPageData(site);
  }
  const city = cityPath.exec(path)?.[1];
  if (city) return cityPageData(site, city);
  const brand = brandPath.exec(path)?.[1];
  if (brand) return brandPageData(site, brand);
  const article = articlePath.exec(path)?.[1];
  if (article) return articlePageData(site, article);
  return null;
}
