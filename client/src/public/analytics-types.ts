/**
 * The types analytics.ts and its lazily loaded tag loader (tracking-tags.ts) share. Their own
 * module, so the loader does not import the module that loads it (no import cycle, decision 078).
 */

export interface AdEventValue {
  /** Shared by the browser event and the stored enquiry (meta_event_id), so the ad platform can dedupe. */
  eventId: string;
  value: number;
  currency: string;
}

export type AnalyticsEvent =
  | { type: 'page_view'; path: string }
  | { type: 'checkout_initiated' }
  | ({ type: 'lead' } & AdEventValue)
  | ({ type: 'conversion' } & AdEventValue);

type Gtag = (...args: unknown[]) => void;
export interface Fbq {
  (...args: unknown[]): void;
  queue?: unknown[];
  callMethod?: (...args: unknown[]) => void;
  loaded?: boolean;
  version?: string;
  push?: (...args: unknown[]) => void;
}

declare global {
  interface Window {
    __analyticsEvents?: AnalyticsEvent[];
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export interface AnalyticsIds {
  gaId: string | null;
  metaPixelId: string | null;
  googleAdsId: string | null;
  googleAdsConversionLabel: string | null;
}
