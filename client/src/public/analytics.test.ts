import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent, AnalyticsIds } from './analytics-types.ts';

const installed: AnalyticsIds[] = [];
const forwarded: AnalyticsEvent[] = [];
vi.mock('./tracking-tags.ts', () => ({
  installTrackingTags: (ids: AnalyticsIds) => installed.push(ids),
  forwardToTags: (event: AnalyticsEvent) => forwarded.push(event),
}));

const ids: AnalyticsIds = {
  gaId: 'G-TEST',
  metaPixelId: null,
  googleAdsId: null,
  googleAdsConversionLabel: null,
};

/** A fresh analytics module (its state is per page) on a window that records what it is sent. */
async function freshPage() {
  vi.resetModules();
  installed.length = 0;
  forwarded.length = 0;
  const window = Object.assign(new EventTarget(), { __analyticsEvents: undefined });
  vi.stubGlobal('window', window);
  return { analytics: await import('./analytics.ts'), window };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('analytics', () => {
  it('records every event on the page and dispatches it, with no tags configured', async () => {
    const { analytics, window } = await freshPage();
    const dispatched: unknown[] = [];
    window.addEventListener('analytics', (event) => dispatched.push((event as CustomEvent).detail));
    analytics.loadTrackingTags({
      gaId: null,
      metaPixelId: null,
      googleAdsId: null,
      googleAdsConversionLabel: null,
    });
    analytics.trackPageView('/');
    analytics.trackCheckoutInitiated();
    await vi.dynamicImportSettled();
    expect(window.__analyticsEvents).toEqual([
      { type: 'page_view', path: '/' },
      { type: 'checkout_initiated' },
    ]);
    expect(dispatched).toEqual(window.__analyticsEvents);
    expect(installed).toEqual([]);
    expect(forwarded).toEqual([]);
  });

  it('hands the tags the events raised while they loaded, in order, then each new one', async () => {
    const { analytics } = await freshPage();
    analytics.loadTrackingTags(ids);
    analytics.loadTrackingTags(ids);
    analytics.trackPageView('/sell');
    analytics.trackCheckoutInitiated();
    expect(forwarded).toEqual([]);
    await vi.dynamicImportSettled();
    expect(installed).toEqual([ids]);
    expect(forwarded).toEqual([{ type: 'page_view', path: '/sell' }, { type: 'checkout_initiated' }]);
    analytics.trackLead({ eventId: 'evt_1', value: 1000, currency: 'AUD' });
    expect(forwarded.at(-1)).toEqual({ type: 'lead', eventId: 'evt_1', value: 1000, currency: 'AUD' });
  });
});
