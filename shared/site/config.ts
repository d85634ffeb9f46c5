import { z } from 'zod';

/**
 * The one site configuration. Every page, e-mail and structured-data block reads identity and
 * marketing claims from here, so the copy can never contradict itself (decision 001).
 * Identity fields are overridable from the environment (SITE_NAME, SITE_PHONE, SITE_EMAIL,
 * SITE_LEGAL_NAME, SITE_LICENCE, SITE_ABN, SITE_INSTAGRAM_URL, SITE_FACEBOOK_URL, APP_URL); claims
 * are deliberately not, because they are copy that must stay consistent with the articles.
 */

/**
 * The demo's licence and ABN. They are not real, so the demo never names a real business, and a
 * real deployment refuses to start while they are still in place (server/config/env.ts).
 */
export const PLACEHOLDER_LICENCE =
  'Licensed second-hand dealer and pawnbroker (NSW Fair Trading licence 000000)';
export const PLACEHOLDER_ABN = '00 000 000 000';

/**
 * An ABN is 11 digits whose weighted sum, after taking 1 from the first digit, divides by 89
 * (the Australian Business Register's published check).
 */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce(
    (total, digit, i) => total + (Number(digit) - (i === 0 ? 1 : 0)) * (weights[i] ?? 0),
    0,
  );
  return sum % 89 === 0;
}
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
  licence: z.string().min(1),
  abn: z
    .string()
    .refine((abn) => abn === PLACEHOLDER_ABN || isValidAbn(abn), 'is not a valid ABN (11 digits)'),
  /** Profiles linked from the site; a link left unset is not shown. */
  socialLinks: z.object({
    instagram: z.url().nullable(),
    facebook: z.url().nullable(),
  }),
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
  licence: PLACEHOLDER_LICENCE,
  abn: PLACEHOLDER_ABN,
  socialLinks: { instagram: null, facebook: null },
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
  SITE_LEGAL_NAME?: string | undefined;
  SITE_LICENCE?: string | undefined;
  SITE_ABN?: string | undefined;
  SITE_INSTAGRAM_URL?: string | undefined;
  SITE_FACEBOOK_URL?: string | undefined;
  APP_URL?: string | undefined;
}

/** The variables still holding the demo's placeholder identity, for the message that names them. */
export function placeholderIdentityVariables(site: SiteConfig): string[] {
  return [
    ...(site.licence.includes('000000') ? ['SITE_LICENCE'] : []),
    ...(site.abn === PLACEHOLDER_ABN ? ['SITE_ABN'] : []),
  ];
}

/** Builds the validated site configuration from environment overrides; throws on a bad value. */
export function buildSiteConfig(overrides: SiteIdentityOverrides = {}): SiteConfig {
  return siteConfigSchema.parse(buildSiteConfigInput(overrides));
}

/** The configuration before validation, for callers that report problems themselves. */
export function buildSiteConfigInput(overrides: SiteIdentityOverrides = {}): unknown {
  return {
    ...defaultSiteConfig,
    ...(overrides.SITE_NAME ? { name: overrides.SITE_NAME } : {}),
    ...(overrides.SITE_PHONE ? { phone: overrides.SITE_PHONE } : {}),
    ...(overrides.SITE_EMAIL ? { email: overrides.SITE_EMAIL } : {}),
    ...(overrides.SITE_LEGAL_NAME ? { legalName: overrides.SITE_LEGAL_NAME } : {}),
    ...(overrides.SITE_LICENCE ? { licence: overrides.SITE_LICENCE } : {}),
    ...(overrides.SITE_ABN ? { abn: overrides.SITE_ABN } : {}),
    socialLinks: {
      instagram: overrides.SITE_INSTAGRAM_URL || null,
      facebook: overrides.SITE_FACEBOOK_URL || null,
    },
    ...(overrides.APP_URL ? { url: overrides.APP_URL } : {}),
  };
}
