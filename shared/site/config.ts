import { z } from 'zod';

/**
 * The one site configuration. Every page, e-mail and structured-data block reads identity and
 * marketing claims from here, so the copy can never contradict itself (DESIGN decision 1).
 * Identity fields are overridable from the environment (SITE_NAME, SITE_PHONE, SITE_EMAIL, APP_URL);
 * claims are deliberately not, because they are copy that must stay consistent with the articles.
 */
export const siteConfigSchema = z.object({
  name: z.string().min(1),
  legalName: z.string().min(1),
  /** Phone as shown to people, e.g. "1300 975 707". */
  phone: z.string().min(6),
  email: z.email(),
  /** Public base URL without a trailing slash; canonical URLs and e-mail links are built from it. */
  url: z.url().transform((u) => u.replace(/\/+$/, '')),
  address: z.object({
    streetAddress: z.string(),
    addressLocality: z.string(),
    addressRegion: z.string(),
    postalCode: z.string(),
    addressCountry: z.literal('AU'),
  }),
  /** Licence line printed in the footer and in every marketing e-mail. */
  licence: z.string(),
  abn: z.string(),
  socialProfileUrl: z.url(),
  claims: z.object({
    rating: z.number().min(0).max(5),
    reviewCount: z.number().int().positive(),
    transactions: z.number().int().positive(),
    establishedYear: z.number().int(),
    responseHours: z.number().int().positive(),
    paymentPromise: z.string(),
    formMinutes: z.number().int().positive(),
    authenticationPoints: z.number().int().positive(),
  }),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const defaultSiteConfig: SiteConfig = {
  name: 'Sterling Watch Buyers',
  legalName: 'Sterling Watch Buyers Pty Ltd',
  // 1300 975 707 is in the range ACMA reserves for fiction, so the demo never rings a real business.
  phone: '1300 975 707',
  email: 'valuations@sterlingwatchbuyers.com.au',
  url: 'http://localhost:3000',
  address: {
    streetAddress: 'Level 12, 1 Castlereagh Street',
    addressLocality: 'Sydney',
    addressRegion: 'NSW',
    postalCode: '2000',
    addressCountry: 'AU',
  },
  licence: 'Licensed second-hand dealer and pawnbroker (NSW Fair Trading licence 000000)',
  abn: '00 000 000 000',
  socialProfileUrl: 'https://www.instagram.com/',
  claims: {
    rating: 4.9,
    reviewCount: 312,
    transactions: 5000,
    establishedYear: 2020,
    responseHours: 24,
    paymentPromise: 'Same-day bank transfer once your watch is authenticated',
    formMinutes: 5,
    authenticationPoints: 15,
  },
};

export interface SiteIdentityOverrides {
  SITE_NAME?: string | undefined;
  SITE_PHONE?: string | undefined;
  SITE_EMAIL?: string | undefined;
  APP_URL?: string | undefined;
}

/** Builds the validated site configuration from environment overrides; throws on a bad value. */
export function buildSiteConfig(overrides: SiteIdentityOverrides = {}): SiteConfig {
  return siteConfigSchema.parse({
    ...defaultSiteConfig,
    ...(overrides.SITE_NAME ? { name: overrides.SITE_NAME } : {}),
    ...(overrides.SITE_PHONE ? { phone: overrides.SITE_PHONE } : {}),
    ...(overrides.SITE_EMAIL ? { email: overrides.SITE_EMAIL } : {}),
    ...(overrides.APP_URL ? { url: overrides.APP_URL } : {}),
  });
}
