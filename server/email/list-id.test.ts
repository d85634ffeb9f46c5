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

  it('keeps the list-id within 255 octets for a very long host, still a domain under it', () => {
    const label = (c: string) => c.repeat(60);
    // 4 × 61 + 14 = 258 octets of host: with "news." it would make 263.
    const host = `${label('a')}.${label('b')}.${label('c')}.${label('d')}.example.com.au`;
    expect(host.length).toBe(258);
    const header = listIdHeader({ appUrl: `https://${host}/`, site });
    const listId = /<([^>]+)>$/.exec(header)?.[1] ?? '';
    expect(Buffer.byteLength(listId)).toBeLessThanOrEqual(255);
    // The leftmost label goes, whole; the rest of the domain stays as it was.
    expect(listId).toBe(`news.${label('b')}.${label('c')}.${label('d')}.example.com.au`);
    expect(listId.split('.').every((part) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(part))).toBe(true);
  });

  it('keeps the rightmost octets of a lone label longer than the list-id may be', () => {
    const host = `${'-x'.repeat(200)}y`;
    const listId = /<([^>]+)>$/.exec(listIdHeader({ appUrl: `https://${host}`, site }))?.[1] ?? '';
    expect(listId.length).toBe(255);
    // Cut from the left, and a leading hyphen (no label starts with one) dropped.
    expect(listId).toBe(`news.${'x-'.repeat(124)}xy`);
  });
});
