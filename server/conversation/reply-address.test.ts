import { describe, expect, it } from 'vitest';
import { enquiryIdOfToken, enquiryReplyTo, replyToken, replyTokenIn } from './reply-address.ts';

const SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const config = { appSecret: SECRET, inboundDomain: 'reply.example.com.au' };
const ENQUIRY = '3f2b8c1e-7a4d-4e3b-9c2a-1d5e6f7a8b9c';

describe('the enquiry reply address (decision 060)', () => {
  it('names the enquiry and reads back whatever the case', () => {
    const token = replyToken(SECRET, ENQUIRY);
    expect(token).toMatch(/^[a-z2-7]{42}$/);
    expect(enquiryIdOfToken(SECRET, token)).toBe(ENQUIRY);
    expect(enquiryIdOfToken(SECRET, token.toUpperCase())).toBe(ENQUIRY);
    expect(enquiryReplyTo(config, ENQUIRY)).toBe(`enquiry+${token}@reply.example.com.au`);
  });

  it('is null without an inbound domain, so callers keep the business address', () => {
    expect(enquiryReplyTo({ appSecret: SECRET, inboundDomain: null }, ENQUIRY)).toBeNull();
  });

  it('refuses a forged, altered, truncated or foreign token', () => {
    const token = replyToken(SECRET, ENQUIRY);
    const flipped = `${token.slice(0, 41)}${token.endsWith('a') ? 'b' : 'a'}`;
    expect(enquiryIdOfToken(SECRET, flipped)).toBeNull();
    expect(enquiryIdOfToken(SECRET, token.slice(0, 40))).toBeNull();
    expect(enquiryIdOfToken(SECRET, `${token}a`)).toBeNull();
    expect(enquiryIdOfToken(SECRET, 'not a token')).toBeNull();
    expect(enquiryIdOfToken('another-secret-0123456789abcdefghijklmnop', token)).toBeNull();
    // Another enquiry's id with this enquiry's tag.
    const other = replyToken(SECRET, '00000000-0000-4000-8000-000000000000');
    expect(enquiryIdOfToken(SECRET, `${other.slice(0, 26)}${token.slice(26)}`)).toBeNull();
  });

  it('finds the token among To and Cc, ignoring other recipients and display names', () => {
    const token = replyToken(SECRET, ENQUIRY);
    expect(
      replyTokenIn(config, [
        'desk@sterlingwatchbuyers.com.au',
        `"Sterling" <ENQUIRY+${token.toUpperCase()}@Reply.Example.com.au>`,
      ]),
    ).toBe(token);
    expect(replyTokenIn(config, [`enquiry+${token}@elsewhere.example.com`])).toBeNull();
    expect(replyTokenIn(config, ['someone@reply.example.com.au'])).toBeNull();
    expect(replyTokenIn({ appSecret: SECRET, inboundDomain: null }, [`enquiry+${token}@x.com`])).toBeNull();
  });
});
