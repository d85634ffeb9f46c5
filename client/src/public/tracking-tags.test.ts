import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsIds } from './analytics-types.ts';
import { forwardToTags } from './tracking-tags.ts';

const allIds: AnalyticsIds = {
  gaId: 'G-TEST',
  metaPixelId: '123',
  googleAdsId: 'AW-1',
  googleAdsConversionLabel: 'label',
};
const sale = { eventId: 'evt_1', value: 1000, currency: 'AUD' };

function installedTags() {
  const gtag = vi.fn();
  const fbq = vi.fn();
  vi.stubGlobal('window', { gtag, fbq, location: { href: 'https://example.com/sell?utm_source=x' } });
  return { gtag, fbq };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forwardToTags', () => {
  it('sends page views to the Google tag and the Meta pixel', () => {
    const { gtag, fbq } = installedTags();
    forwardToTags({ type: 'page_view', path: '/sell' }, allIds);
    expect(gtag.mock.calls).toEqual([
      ['event', 'page_view', { page_path: '/sell', page_location: 'https://example.com/sell?utm_source=x' }],
    ]);
    expect(fbq.mock.calls).toEqual([['track', 'PageView']]);
  });

  it('sends the first form interaction as begin_checkout / InitiateCheckout', () => {
    const { gtag, fbq } = installedTags();
    forwardToTags({ type: 'checkout_initiated' }, allIds);
    expect(gtag.mock.calls).toEqual([['event', 'begin_checkout']]);
    expect(fbq.mock.calls).toEqual([['track', 'InitiateCheckout']]);
  });

  it('sends a lead with its value, and the event id the server stores for the pixel to dedupe', () => {
    const { gtag, fbq } = installedTags();
    forwardToTags({ type: 'lead', ...sale }, allIds);
    expect(gtag.mock.calls).toEqual([['event', 'generate_lead', { value: 1000, currency: 'AUD' }]]);
    expect(fbq.mock.calls).toEqual([
      ['track', 'Lead', { value: 1000, currency: 'AUD' }, { eventID: 'evt_1' }],
    ]);
  });

  it('sends a conversion to Google Ads only, to the configured label', () => {
    const { gtag, fbq } = installedTags();
    forwardToTags({ type: 'conversion', ...sale }, allIds);
    expect(gtag.mock.calls).toEqual([
      [
        'event',
        'conversion',
        { send_to: 'AW-1/label', value: 1000, currency: 'AUD', transaction_id: 'evt_1' },
      ],
    ]);
    expect(fbq).not.toHaveBeenCalled();

    gtag.mockClear();
    forwardToTags({ type: 'conversion', ...sale }, { ...allIds, googleAdsConversionLabel: null });
    expect(gtag.mock.calls[0]?.[2]).toMatchObject({ send_to: 'AW-1' });

    gtag.mockClear();
    forwardToTags({ type: 'conversion', ...sale }, { ...allIds, googleAdsId: null });
    expect(gtag).not.toHaveBeenCalled();
  });

  it('skips a platform whose tag is not installed', () => {
    const fbq = vi.fn();
    vi.stubGlobal('window', { fbq, location: { href: 'https://example.com/' } });
    forwardToTags({ type: 'page_view', path: '/' }, { ...allIds, gaId: null, googleAdsId: null });
    expect(fbq.mock.calls).toEqual([['track', 'PageView']]);
  });
});
