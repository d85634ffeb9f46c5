import { describe, expect, it } from 'vitest';
import { testConfig } from '#test/support/services.ts';
import { listIdHeader } from '../../email/list-id.ts';
import { PREFERENCES_PATH, unsubscribeLinks } from '../../unsubscribe/links.ts';
import { contactMergeValues, renderCampaignEmail } from '../render.ts';
import { type CampaignContent, campaignMessage, campaignMessages } from './messages.ts';

const config = testConfig();
const campaignId = '6f1c1f9e-2f7a-4a51-9f39-2f0c6f3b8a10';
const sender = { from: 'Sterling <valuations@example.com>', replyTo: 'owner@example.com' };

/** What one message must be, composed from the public building blocks the engine prepares once. */
function reference(
  content: CampaignContent,
  recipient: { sendId: string; contactId: string | null; email: string; name: string | null },
) {
  const page = `${config.appUrl}${PREFERENCES_PATH}`;
  const links = recipient.contactId
    ? unsubscribeLinks(config, { contactId: recipient.contactId, campaignId: content.id })
    : { preferencesUrl: page, headers: { 'List-Unsubscribe': `<${page}>` } };
  const values = contactMergeValues(
    { email: recipient.email, fullName: recipient.name },
    { unsubscribeUrl: links.preferencesUrl, preferencesUrl: links.preferencesUrl },
  );
  const rendered = renderCampaignEmail(content, values, config.site);
  const leftover = /\{\{\s*[\w.]+\s*\}\}/g;
  return {
    from: sender.from,
    to: [recipient.email],
    replyTo: sender.replyTo,
    subject: rendered.subject.replace(leftover, '').trim() || rendered.subject,
    html: rendered.html.replace(leftover, ''),
    text: rendered.text.replace(leftover, ''),
    // Every campaign message names its list (RFC 2919, decision 004).
    headers: { 'List-Id': listIdHeader(config), ...links.headers },
    tags: [
      { name: 'campaign_id', value: content.id },
      { name: 'send_id', value: recipient.sendId },
    ],
  };
}

describe('campaignMessages', () => {
  const contents: CampaignContent[] = [
    {
      id: campaignId,
      subject: 'Update for {{first_name}}',
      html: '<html><body><p>Hi {{ first_name }}</p></body></html>',
      variables: {},
    },
    {
      id: campaignId,
      subject: '{{unknown}}',
      html: '<p>{{full_name}} {{watch_brand}} {{a.b}} {{email}}</p>',
      variables: {},
    },
    {
      id: campaignId,
      subject: 'Your {{watch_brand}}',
      html: '<p>{{full_name}}, your {{watch_brand}}</p><a href="{{valuation_url}}">Value it</a>',
      // A campaign value under a recipient field's name never replaces the recipient's own.
      variables: { watch_brand: 'Rolex & Co', valuation_url: 'https://example.com/sell?a=1&b=2', email: 'x' },
    },
    {
      id: campaignId,
      subject: 'Plain',
      html: '<a href="{{unsubscribe_url}}">Leave</a> {{preferences_url}}',
      variables: {},
    },
  ];
  const recipients = [
    {
      sendId: 'c7d9f0a4-3b61-4f6e-8f0e-0c2f6b1d9e21',
      contactId: 'a3e5b2c1-7d4f-4e8a-9b6c-1f2e3d4c5b6a',
      email: 'jane@example.com',
      name: ' Jane  Citizen ',
    },
    {
      sendId: 'd8e0a1b5-4c72-4a7f-9a1f-1d3a7c2e0f32',
      contactId: null,
      email: 'owner@example.com',
      name: null,
    },
    {
      sendId: 'e9f1b2c6-5d83-4b80-8b20-2e4b8d3f1a43',
      contactId: 'b4f6c3d2-8e5a-4f9b-8c7d-2a3b4c5d6e7f',
      email: 'x@example.com',
      name: '{{email}} <b>&"\n',
    },
  ];

  it('builds for every recipient exactly the message the per-call composition gives', () => {
    for (const content of contents) {
      const build = campaignMessages(config, content);
      for (const recipient of recipients) {
        const expected = reference(content, recipient);
        expect(build(sender, recipient)).toEqual(expected);
        expect(campaignMessage(config, content, sender, recipient)).toEqual(expected);
        // Deterministic: the same batch renders the same bytes, which its idempotency key requires.
        expect(JSON.stringify(build(sender, recipient))).toBe(JSON.stringify(expected));
      }
    }
  });

  it("fills custom tags from the campaign's values and recipient fields from the recipient", () => {
    const content = contents[2];
    const [jane] = recipients;
    if (!content || !jane) throw new Error('no fixtures');
    const message = campaignMessages(config, content)(sender, jane);
    expect(message.subject).toBe('Your Rolex & Co');
    expect(message.html).toContain('<p>Jane  Citizen, your Rolex &amp; Co</p>');
    expect(message.html).toContain('<a href="https://example.com/sell?a=1&amp;b=2">Value it</a>');
    expect(message.html).not.toContain('{{');
  });

  it('signs one token for both links of a contact and leaves out reply-to when there is none', () => {
    const [content] = contents;
    const [first] = recipients;
    if (!content || !first) throw new Error('no fixtures');
    const message = campaignMessages(config, content)({ ...sender, replyTo: null }, first);
    expect(message).not.toHaveProperty('replyTo');
    const token = /token=([\w-]+)/.exec(message.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(message.html).toContain(`${PREFERENCES_PATH}?token=${token}`);
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
