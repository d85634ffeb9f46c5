import { describe, expect, it } from 'vitest';
import { defaultSiteConfig } from '../site/config.ts';
import { previewWithIdentityFooter } from './identity-footer.ts';

const site = { ...defaultSiteConfig, url: 'https://watches.example' };

describe('previewWithIdentityFooter (the admin previews)', () => {
  it('shows the identity whatever the template holds, and the unsubscribe line only when it has no link', () => {
    const own = '<html><body><p>Hi</p><a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>';
    const bare = '<html><body><p>Hi</p></body></html>';
    for (const html of [own, bare]) {
      const preview = previewWithIdentityFooter(html, html, site);
      for (const part of [
        site.legalName,
        `ABN ${site.abn}`,
        site.address.streetAddress,
        site.phone,
        site.email,
      ]) {
        expect(preview).toContain(part);
      }
      expect(preview.indexOf(site.legalName)).toBeLessThan(preview.indexOf('</body>'));
      expect(preview.match(/>Unsubscribe<\/a>/g)).toHaveLength(1);
    }
    expect(previewWithIdentityFooter(bare, bare, site)).toContain(
      'href="https://watches.example/unsubscribe"',
    );
  });

  it('decides on the stored HTML, not on the preview with its tags already shown as samples', () => {
    const source = '<p><a href="{{unsubscribe_url}}">Leave</a></p>';
    const rendered = '<p><a href="[unsubscribe_url]">Leave</a></p>';
    expect(previewWithIdentityFooter(rendered, source, site)).not.toContain('Manage email preferences');
  });
});
