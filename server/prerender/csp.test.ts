import { describe, expect, it } from 'vitest';
import { cspForTrackingTags, extendCsp } from './csp.ts';

const helmetPolicy =
  "default-src 'self';base-uri 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'";

describe('tracking tag CSP sources', () => {
  it('adds nothing when no tag is configured', () => {
    const none = cspForTrackingTags({ gaId: null, metaPixelId: null, googleAdsId: null });
    expect(Object.values(none).flat()).toEqual([]);
    expect(extendCsp(helmetPolicy, none)).toBe(helmetPolicy);
  });

  it('allows the Google tag and the Meta pixel hosts only when configured', () => {
    const ga = cspForTrackingTags({ gaId: 'G-TEST', metaPixelId: null, googleAdsId: null });
    expect(ga['script-src']).toEqual(['https://www.googletagmanager.com']);
    expect(ga['frame-src']).toEqual([]);
    const meta = cspForTrackingTags({ gaId: null, metaPixelId: '123', googleAdsId: null });
    expect(meta['script-src']).toEqual(['https://connect.facebook.net']);
    const ads = cspForTrackingTags({ gaId: null, metaPixelId: null, googleAdsId: 'AW-1' });
    expect(ads['connect-src']).toContain('https://googleads.g.doubleclick.net');
  });

  it('extends directives, creating missing ones from default-src, without unsafe-inline scripts', () => {
    const extended = extendCsp(
      helmetPolicy,
      cspForTrackingTags({ gaId: 'G-1', metaPixelId: '2', googleAdsId: null }),
    );
    expect(extended).toContain(
      "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net;",
    );
    expect(extended).toContain("connect-src 'self' https://www.googletagmanager.com");
    expect(extended).toContain("img-src 'self' data: blob: https://www.googletagmanager.com");
    expect(extended).toContain("style-src 'self' 'unsafe-inline'");
    expect(extended).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
