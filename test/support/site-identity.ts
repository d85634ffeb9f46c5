/**
 * A licence line and ABN that pass the start's checks, for tests and benchmarks that run with a
 * non-loopback APP_URL (where the demo's placeholders are refused). The ABN is the Australian
 * Taxation Office's own, a published valid example.
 */
export const REAL_SITE_IDENTITY = {
  SITE_LICENCE: 'Licensed second-hand dealer and pawnbroker (NSW Fair Trading licence 4102345)',
  SITE_ABN: '51 824 753 556',
} as const;
