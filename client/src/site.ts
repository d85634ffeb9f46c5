import type { SiteConfig } from '#shared/site/config.ts';

declare const __SITE_CONFIG__: SiteConfig;

/** The site configuration, validated at build time by vite.config.ts. */
export const site: SiteConfig = __SITE_CONFIG__;
