/**
 * The one place ad and page-view events fire (decision 018). Every event is pushed to
 * `window.__analyticsEvents` and dispatched as an `analytics` CustomEvent, so tests observe exactly
 * what the site reports. Third-party tags are loaded only when their IDs were configured at build
 * time (VITE_GA_ID, VITE_META_PIXEL_ID, VITE_GOOGLE_ADS_ID, VITE_GOOGLE_ADS_CONVERSION_LABEL), and
 * then receive the same events.
 */

import type { AdEventValue, AnalyticsEvent, AnalyticsIds } from './analytics-types.ts';

function configured(value: string | undefined): string | null {
  return value && value.trim() ? value.trim() : null;
}

export const analyticsIds: AnalyticsIds = {
  gaId: configured(import.meta.env.VITE_GA_ID as string | undefined),
  metaPixelId: configured(import.meta.env.VITE_META_PIXEL_ID as string | undefined),
  googleAdsId: configured(import.meta.env.VITE_GOOGLE_ADS_ID as string | undefined),
  googleAdsConversionLabel: configured(
    import.meta.env.VITE_GOOGLE_ADS_CONVERSION_LABEL as string | undefined,
  ),
};

let tagsRequested = false;
/** Events raised while the tag loader is on its way; handed to the tags once they are installed. */
let waitingForTags: AnalyticsEvent[] | null = null;
/** Set once the configured tags are installed. */
let sendToTags: ((event: AnalyticsEvent) => void) | null = null;

/**
 * Loads the configured tags once; without IDs nothing loads. Their loader, and how each platform
 * names our events, is a separate chunk (tracking-tags.ts) that sites without tags never fetch.
 */
export function loadTrackingTags(ids: AnalyticsIds = analyticsIds): void {
  if (tagsRequested || typeof window === 'undefined') return;
  tagsRequested = true;
  if (!ids.gaId && !ids.googleAdsId && !ids.metaPixelId) return;
  waitingForTags = [];
  void import('./tracking-tags.ts').then((module) => {
    module.installTrackingTags(ids);
    sendToTags = (event) => module.forwardToTags(event, ids);
    const waiting = waitingForTags ?? [];
    waitingForTags = null;
    for (const event of waiting) sendToTags(event);
  });
}

function emit(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  (window.__analyticsEvents ??= []).push(event);
  window.dispatchEvent(new CustomEvent<AnalyticsEvent>('analytics', { detail: event }));
  if (waitingForTags) waitingForTags.push(event);
  else sendToTags?.(event);
}

export function trackPageView(path: string): void {
  emit({ type: 'page_view', path });
}

export function trackCheckoutInitiated(): void {
  emit({ type: 'checkout_initiated' });
}

export function trackLead(value: AdEventValue): void {
  emit({ type: 'lead', ...value });
}

export function trackConversion(value: AdEventValue): void {
  emit({ type: 'conversion', ...value });
}

let vitalsReported = false;

/** Core Web Vitals to the console; the library is fetched after the page has loaded. */
export function reportWebVitals(): void {
  if (vitalsReported) return;
  vitalsReported = true;
  void import('web-vitals').then(({ onCLS, onINP, onLCP, onTTFB }) => {
    const log = (metric: { name: string; value: number; rating: string }) =>
      console.info(
        `[web-vitals] ${metric.name}: ${Math.round(metric.value * 1000) / 1000} (${metric.rating})`,
      );
    onLCP(log);
    onCLS(log);
    onINP(log);
    onTTFB(log);
  });
}
