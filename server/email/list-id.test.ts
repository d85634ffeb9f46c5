import { describe, expect, it } from 'vitest';
import { defaultSiteConfig } from '#shared/site/config.ts';
import { listIdHeader } from './list-id.ts';

const site = defaultSiteConfig;

describe('listIdHeader (RFC 2919)', () => {
  it("names the list after the business and takes its namespace from APP_URL's host", () => {
    expect(listIdHeader({ appUrl: 'https://www.sterlingwatchbuyers.com.au', site })).toBe(
      '"Sterling Watch Buyers news" <news.sterlingwatchbuyers.com.au>',
    );
    expect(listIdHeader({ appUrl: 'https://Watches.Example.com:8443/', site })).toBe(
      '"Sterling Watch Buyers news" <news.watches.example.com>',
    );
  });

  it('falls back to "localhost" for a host that is no domain name', () => {
    for (const appUrl of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
      expect(listIdHeader({ appUrl, site })).toBe('"Sterling Watch Buyers news" <news.localhost>');
    }
  });

  it('quotes or encodes the name so it cannot break the header', () => {
    expect(
      listIdHeader({ appUrl: 'https://x.example', site: { ...site, name: 'A "B" \\ C\r\nBcc: x' } }),
    ).toBe('"A \\"B\\" \\\\ C Bcc: x news" <news.x.example>');
    const encoded = listIdHeader({ appUrl: 'https://x.example', site: { ...site, name: 'Montres Zoë' } });
    expect(encoded).toBe(
      `=?UTF-8?B?${Buffer.from('Montres Zoë news').toString('base64')}?= <news.x.example>`,
    );
  });
});
