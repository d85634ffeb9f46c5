import type { AnalyticsEvent, AnalyticsIds, Fbq } from './analytics-types.ts';

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Installs the Google tag and the Meta pixel for the configured IDs; events reach them via forwardToTags. */
export function installTrackingTags(ids: AnalyticsIds): void {
  const gtagIds = [ids.gaId, ids.googleAdsId].filter((id): id is string => id !== null);
  if (gtagIds.length > 0) {
    window.dataLayer ??= [];
    const dataLayer = window.dataLayer;
    // gtag.js reads the Arguments objects it finds in dataLayer, not arrays.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    window.gtag('js', new Date());
    // Page views are sent by trackPageView, also on client-side navigation.
    for (const id of gtagIds) window.gtag('config', id, { send_page_view: false });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagIds[0] ?? '')}`);
  }
  if (ids.metaPixelId) {
    // The standard pixel stub: calls queue until fbevents.js replaces callMethod.
    const queue: unknown[] = [];
    const fbq: Fbq = Object.assign(
      (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else queue.push(args);
      },
      { queue, loaded: true, version: '2.0' },
    );
    fbq.push = fbq;
    window.fbq = fbq;
    window._fbq = fbq;
    fbq('init', ids.metaPixelId);
    loadScript('https://connect.facebook.net/en_US/fbevents.js');
  }
}

/** One site event (analytics.ts) in each installed platform's own terms. */
export function forwardToTags(event: AnalyticsEvent, ids: AnalyticsIds): void {
  const { gtag, fbq } = window;
  switch (event.type) {
    case 'page_view':
      gtag?.('event', 'page_view', { page_path: event.path, page_location: window.location.href });
      fbq?.('track', 'PageView');
      break;
    case 'checkout_initiated':
      gtag?.('event', 'begin_checkout');
      fbq?.('track', 'InitiateCheckout');
      break;
    case 'lead':
      gtag?.('event', 'generate_lead', { value: event.value, currency: event.currency });
      fbq?.('track', 'Lead', { value: event.value, currency: event.currency }, { eventID: event.eventId });
      break;
    case 'conversion':
      if (ids.googleAdsId) {
        const sendTo = ids.googleAdsConversionLabel
          ? `${ids.googleAdsId}/${ids.googleAdsConversionLabel}`
          : ids.googleAdsId;
        gtag?.('event', 'conversion', {
          send_to: sendTo,
          value: event.value,
          currency: event.currency,
          transaction_id: event.eventId,
        });
      }
      break;
  }
}
