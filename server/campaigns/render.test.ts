import { describe, expect, it } from 'vitest';
import { defaultSiteConfig } from '#shared/site/config.ts';
import { hasUnsubscribeLink } from '#shared/templates/identity-footer.ts';
import { contactMergeValues, renderCampaignEmail, sampleMergeValues } from './render.ts';

const site = defaultSiteConfig;
const samples = sampleMergeValues({ appUrl: 'https://watches.example' }, 'tester@example.com');

describe('sampleMergeValues', () => {
  it('uses the sample contact and the public preferences page', () => {
    expect(samples).toEqual({
      first_name: 'Alex',
      full_name: 'Alex Sample',
      email: 'tester@example.com',
      unsubscribe_url: 'https://watches.example/unsubscribe',
      preferences_url: 'https://watches.example/unsubscribe',
      still_subscribed_url: 'https://watches.example/unsubscribe?keep=1',
    });
  });
});

describe('contactMergeValues', () => {
  const links = { unsubscribeUrl: 'https://u.example/x', preferencesUrl: 'https://p.example/y' };
  it('splits the first name and falls back when there is no name', () => {
    expect(contactMergeValues({ email: 'a@b.co', fullName: ' Jane  Citizen ' }, links)).toMatchObject({
      first_name: 'Jane',
      full_name: 'Jane  Citizen',
    });
    expect(contactMergeValues({ email: 'a@b.co', fullName: null }, links)).toMatchObject({
      first_name: 'there',
      full_name: 'there',
      unsubscribe_url: 'https://u.example/x',
      preferences_url: 'https://p.example/y',
    });
    // The re-permission answer (decision 089): the signed preferences link, asking "keep me?".
    expect(
      contactMergeValues(
        { email: 'a@b.co', fullName: null },
        { ...links, preferencesUrl: 'https://p.example/y?token=T' },
      ).still_subscribed_url,
    ).toBe('https://p.example/y?token=T&keep=1');
  });
});

describe('hasUnsubscribeLink', () => {
  it('recognises links to or labelled unsubscribe, and the merge tags', () => {
    expect(hasUnsubscribeLink('<a href="{{unsubscribe_url}}">Leave</a>')).toBe(true);
    expect(hasUnsubscribeLink('<a href="{{ preferences_url }}">Preferences</a>')).toBe(true);
    expect(hasUnsubscribeLink('<a href="https://x.example/unsubscribe?t=1">here</a>')).toBe(true);
    expect(hasUnsubscribeLink('<a href="https://x.example/"><b>Unsubscribe</b></a>')).toBe(true);
  });

  it('does not count the word outside a link', () => {
    expect(hasUnsubscribeLink('<p>To unsubscribe, reply STOP.</p>')).toBe(false);
    expect(hasUnsubscribeLink('<a href="https://x.example/">Home</a> unsubscribe')).toBe(false);
  });
});

describe('renderCampaignEmail', () => {
  const html =
    '<html><body><p>Hi {{first_name}} ({{ email }}), your {{watch_brand}} valuation awaits.</p></body></html>';

  it('fills the known merge tags and keeps unknown ones', () => {
    const { subject, html: out } = renderCampaignEmail(
      { subject: 'For {{first_name}}', html },
      samples,
      site,
    );
    expect(subject).toBe('For Alex');
    expect(out).toContain('Hi Alex (tester@example.com), your {{watch_brand}} valuation awaits.');
  });

  it('adds the footer with the business identity before </body> when there is no unsubscribe link', () => {
    const { html: out } = renderCampaignEmail({ subject: 's', html }, samples, site);
    const footerAt = out.indexOf('href="https://watches.example/unsubscribe"');
    expect(footerAt).toBeGreaterThan(0);
    expect(footerAt).toBeLessThan(out.indexOf('</body>'));
    expect(out).toContain('>Unsubscribe</a>');
    expect(out).toContain(site.legalName);
    expect(out).toContain(`ABN ${site.abn}`);
    expect(out).toContain(site.address.streetAddress);
    expect(out).toContain(site.licence);
  });

  it('appends the footer to HTML without a body tag', () => {
    const { html: out } = renderCampaignEmail({ subject: 's', html: '<p>Hello</p>' }, samples, site);
    // The body in the layout (decision 051), the footer after it.
    expect(out.startsWith('<!doctype html>')).toBe(true);
    expect(out.indexOf('<p>Hello</p>')).toBeGreaterThan(0);
    expect(out.indexOf('<p>Hello</p>')).toBeLessThan(out.indexOf(`ABN ${site.abn}`));
  });

  it('keeps the HTML own unsubscribe link and still adds the identity, without a second link', () => {
    const own = '<html><body><p>x</p><a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>';
    const { html: out, text } = renderCampaignEmail({ subject: 's', html: own }, samples, site);
    // Its own document wrapper gives way to the layout's (decision 051); its content is kept.
    expect(out).toContain('<p>x</p><a href="https://watches.example/unsubscribe">Unsubscribe</a>');
    expect(out.match(/<html\b/g)).toHaveLength(1);
    expect(out.match(/<body\b/g)).toHaveLength(1);
    expect(out.match(/>Unsubscribe<\/a>/g)).toHaveLength(1);
    expect(out.indexOf(`ABN ${site.abn}`)).toBeLessThan(out.indexOf('</body>'));
    for (const part of [site.legalName, site.address.streetAddress, site.phone, site.email, site.licence]) {
      expect(out).toContain(part);
      expect(text).toContain(part);
    }
    expect(text).toContain('You are receiving this email because you asked Sterling Watch Buyers');
    expect(text.match(/Unsubscribe\n\[/g)).toHaveLength(1);
  });

  it('escapes values in the HTML and flattens line breaks in the subject', () => {
    const values = { ...samples, first_name: '<b>Bob</b>\r\nBcc: x@evil.example' };
    const { subject, html: out } = renderCampaignEmail(
      { subject: 'Hi {{first_name}}', html: '<p>{{first_name}}</p>' },
      values,
      site,
    );
    expect(subject).toBe('Hi <b>Bob</b> Bcc: x@evil.example');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(out).toContain('<p>&lt;b&gt;Bob&lt;/b&gt;');
  });

  it('renders a text part with the same values, unescaped, and the footer with its links', () => {
    const values = { ...samples, first_name: 'Zoë & Co' };
    const { text } = renderCampaignEmail({ subject: 's', html }, values, site);
    expect(text).toMatch(/^Hi Zoë & Co \(tester@example\.com\), your \{\{watch_brand\}\} valuation awaits\./);
    expect(text).toContain(
      'Unsubscribe:\nhttps://watches.example/unsubscribe\n\nManage email preferences:\nhttps://watches.example/unsubscribe\n',
    );
    expect(text).toContain(`ABN ${site.abn}`);
    expect(text).not.toContain('&amp;');
  });

  it('gives the footer links clean lines: a label, then its URL alone, however long', () => {
    const token = 'a'.repeat(120);
    const values = contactMergeValues(
      { email: 'mj@example.com', fullName: 'Mary-Jane' },
      {
        unsubscribeUrl: `https://watches.example/unsubscribe/one-click?token=${token}`,
        preferencesUrl: `https://watches.example/unsubscribe?token=${token}`,
      },
    );
    const { text } = renderCampaignEmail({ subject: 's', html: '<p>Market update</p>' }, values, site);
    const footer = text.slice(text.indexOf('Unsubscribe'));
    expect(footer).toMatch(
      /^Unsubscribe:\nhttps:\/\/\S+one-click\?token=a+\n\nManage email preferences:\nhttps:\/\/\S+\?token=a+\n/,
    );
    // No middle dot stranded at the start or end of a line.
    expect(text).not.toMatch(/^·|·$/m);
    for (const line of text.split('\n')) {
      if (line.length > 78) expect(line).toMatch(/^https:\/\/\S+$/);
    }
  });

  it('uses a hand-written text part instead of the generated one, values unescaped', () => {
    const values = { ...samples, first_name: 'Zoë & Co' };
    const own = '<html><body><p>x</p><a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>';
    const { text, html: out } = renderCampaignEmail(
      { subject: 's', html: own, text: '  Hi {{first_name}}.\n\nLeave: {{ unsubscribe_url }}\n' },
      values,
      site,
    );
    expect(
      text.startsWith('Hi Zoë & Co.\n\nLeave: https://watches.example/unsubscribe\n\nYou are receiving'),
    ).toBe(true);
    // The identity follows a hand-written text too; its own unsubscribe line is not repeated.
    expect(text).toContain(`ABN ${site.abn}`);
    expect(text).not.toContain('Unsubscribe:\n');
    // The HTML is rendered as before.
    expect(out).toContain('<a href="https://watches.example/unsubscribe">Unsubscribe</a>');
  });

  it("appends the footer's text to a hand-written text without {{unsubscribe_url}}, whatever the HTML has", () => {
    const own = '<html><body><p>x</p><a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>';
    const generated = renderCampaignEmail({ subject: 's', html: '<p>x</p>' }, samples, site).text;
    const footerText = generated.slice(generated.indexOf('You are receiving'));
    for (const body of [own, html]) {
      const { text } = renderCampaignEmail(
        { subject: 's', html: body, text: 'Hi {{first_name}}, see {{preferences_url}}' },
        samples,
        site,
      );
      expect(text).toBe(`Hi Alex, see https://watches.example/unsubscribe\n\n${footerText}`);
      expect(text).toContain('Unsubscribe:\nhttps://watches.example/unsubscribe\n');
    }
  });
});
