import { describe, expect, it } from 'vitest';
import { oneClickUnsubscribeUrl, preferencesUrl, unsubscribeLinks } from './links.ts';
import { verifyToken } from './signed-token.ts';

const config = { appUrl: 'https://watches.example.com.au', appSecret: 'links-test-secret-0123456789abcdef' };
const contactId = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
const campaignId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

function tokenOf(url: string): string | null {
  return new URL(url).searchParams.get('token');
}

describe('unsubscribe links', () => {
  it('builds the preferences page URL with a token naming the contact', () => {
    const url = preferencesUrl(config, { contactId: contactId });
    expect(url).toMatch(/^https:\/\/watches\.example\.com\.au\/unsubscribe\?token=[A-Za-z0-9_-]{44}$/);
    expect(verifyToken(config.appSecret, tokenOf(url))).toEqual({ contactId: contactId });
  });

  it('builds the one-click URL with a token naming the contact and the campaign', () => {
    const url = oneClickUnsubscribeUrl(config, { contactId: contactId, campaignId });
    expect(url).toMatch(
      /^https:\/\/watches\.example\.com\.au\/api\/unsubscribe\/one-click\?token=[A-Za-z0-9_-]{66}$/,
    );
    expect(verifyToken(config.appSecret, tokenOf(url))).toEqual({ contactId: contactId, campaignId });
  });

  it('gives the RFC 8058 headers pointing at the one-click URL', () => {
    const links = unsubscribeLinks(config, { contactId: contactId, campaignId });
    expect(links.headers).toEqual({
      'List-Unsubscribe': `<${links.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(tokenOf(links.preferencesUrl)).toBe(tokenOf(links.oneClickUrl));
  });

  it('tokens from another secret do not verify', () => {
    const url = preferencesUrl(
      { ...config, appSecret: 'another-secret-0123456789abcdefghij' },
      { contactId: contactId },
    );
    expect(verifyToken(config.appSecret, tokenOf(url))).toBeNull();
  });
});
