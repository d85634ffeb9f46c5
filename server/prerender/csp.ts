import type { CspSources } from './manifest.ts';

export interface TrackingIds {
  gaId: string | null;
  metaPixelId: string | null;
  googleAdsId: string | null;
}

/** Hosts the Google tag and the Meta pixel load from and report to, added only when configured. */
export function cspForTrackingTags(ids: TrackingIds): CspSources {
  const csp: CspSources = { 'script-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [] };
  if (ids.gaId || ids.googleAdsId) {
    csp['script-src'].push('https://www.googletagmanager.com');
    csp['connect-src'].push(
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    );
    csp['img-src'].push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
  }
  if (ids.googleAdsId) {
    csp['connect-src'].push('https://googleads.g.doubleclick.net', 'https://www.google.com');
    csp['img-src'].push(
      'https://googleads.g.doubleclick.net',
      'https://www.google.com',
      'https://www.google.com.au',
    );
    csp['frame-src'].push('https://td.doubleclick.net');
  }
  if (ids.metaPixelId) {
    csp['script-src'].push('https://connect.facebook.net');
    csp['connect-src'].push('https://www.facebook.com', 'https://connect.facebook.net');
    csp['img-src'].push('https://www.facebook.com');
    csp['frame-src'].push('https://www.facebook.com');
  }
  return csp;
}

/** Adds sources to a serialised Content-Security-Policy, creating directives that are missing. */
export function extendCsp(policy: string, extra: CspSources): string {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  const fallback = directives.get('default-src') ?? ["'self'"];
  for (const name of Object.keys(extra) as (keyof CspSources)[]) {
    const sources = extra[name];
    if (sources.length === 0) continue;
    const current = directives.get(name) ?? [...fallback];
    directives.set(name, [...new Set([...current, ...sources])]);
  }
  return [...directives].map(([name, values]) => [name, ...values].join(' ')).join(';');
}
