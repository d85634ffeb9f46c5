import { describe, expect, it } from 'vitest';
import { emailMessageSchema } from '#shared/email/message.ts';
import { testConfig } from '#test/support/services.ts';
import { businessNotification, type EnquiryNotice, sellerAcknowledgement } from './notifications.ts';
import { enquiryReplyTo } from '../conversation/reply-address.ts';

const config = testConfig();
const SELLER_URL = 'http://localhost:3999/enquiry/AQIDBAUGBwgJCgsMDQ4PEAAAAAFzZWxsZXItbGluay10ZXN0';
// The text part wraps at 78 characters (decision 051): a phrase may span a line break.
const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');

const notice: EnquiryNotice = {
  enquiryId: '3f0f5a47-9a43-4d1a-9c39-5b2a0a4f0e11',
  contactId: '7d1c0b7e-3c55-4a57-8d3f-0d9e3f7b2a22',
  submittedAt: new Date('2026-11-21T01:30:00Z'),
  timeZone: 'Australia/Sydney',
  fullName: "Mary-Jane O'Brien",
  email: 'mj@example.com',
  phone: '+61 412 345 678',
  watchBrand: 'Rolex',
  watchModel: 'Submariner <Date>\n126610LN',
  watchYear: 2019,
  watchCondition: 'Very Good - Minor wear',
  hasBox: true,
  hasPapers: false,
  additionalDetails: 'Serviced in 2023 & kept in a safe.',
  emailConsentRequested: true,
  smsConsentRequested: false,
  awaitingConfirmation: [],
  utm: { source: 'google', medium: 'cpc', campaign: 'rolex-sydney', content: null, term: 'sell rolex' },
  photoIds: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
};

describe('business notification', () => {
  const message = businessNotification(config, notice);

  it('goes to the business, answers to the seller and is a valid message', () => {
    expect(emailMessageSchema.parse(message)).toBeTruthy();
    expect(message.to).toEqual([config.site.email]);
    expect(message.from).toBe(config.emailFrom);
    expect(message.replyTo).toBe('mj@example.com');
    // Line breaks a seller typed never reach a header.
    expect(message.subject).toBe(
      "New watch enquiry: Rolex Submariner <Date> 126610LN from Mary-Jane O'Brien",
    );
  });

  it('lists every field, the UTM source and the consent given', () => {
    for (const part of [
      "Name: Mary-Jane O'Brien",
      'E-mail: mj@example.com',
      'Phone: +61 412 345 678',
      'Brand: Rolex',
      'Model: Submariner <Date>\n126610LN',
      'Year: 2019',
      'Condition: Very Good - Minor wear',
      'Original box: Yes',
      'Original papers: No',
      'Additional details: Serviced in 2023 & kept in a safe.',
      'E-mail marketing consent: Yes',
      'SMS marketing consent: No',
      'Source: website',
      'UTM source: google',
      'UTM medium: cpc',
      'UTM campaign: rolex-sydney',
      'UTM content: (none)',
      'UTM term: sell rolex',
      `Enquiry id: ${notice.enquiryId}`,
    ]) {
      expect(message.text).toContain(part);
    }
    // Sydney time (UTC+11 in November), whatever punctuation this ICU version uses.
    expect(message.text).toMatch(/Submitted: Saturday,? 21 November 2026 at 12:30/);
  });

  it('gives the submission time in the business timezone from Settings', () => {
    // The same instant read in Perth (UTC+8, no daylight saving): 09:30, not Sydney's 12:30.
    const perth = businessNotification(config, { ...notice, timeZone: 'Australia/Perth' });
    expect(perth.text).toMatch(/Submitted: Saturday,? 21 November 2026 at 9:30/);
    expect(perth.text).not.toMatch(/at 12:30/);
  });

  it('links to the contact in the admin and to each photo, never to a file path', () => {
    const contact = `http://localhost:3999/admin/contacts/${notice.contactId}`;
    const photos = notice.photoIds.map((id) => `http://localhost:3999/api/uploads/${id}`);
    for (const url of [contact, ...photos]) {
      expect(message.text).toContain(url);
      expect(message.html).toContain(`href="${url}"`);
    }
    expect(message.html).toContain('Photos (2)');
  });

  it('escapes what the seller typed', () => {
    expect(message.html).toContain('Submariner &lt;Date&gt;');
    expect(message.html).toContain('Serviced in 2023 &amp; kept in a safe.');
    expect(message.html).toContain('Mary-Jane O&#39;Brien');
    expect(message.html).not.toContain('<Date>');
  });

  it('says when there are no photos', () => {
    const none = businessNotification(config, { ...notice, photoIds: [] });
    expect(none.html).toContain('No photos were attached.');
    expect(none.text).toContain('Photos (0)');
  });
});

describe('seller acknowledgement', () => {
  const message = sellerAcknowledgement(config, notice, SELLER_URL);

  it('goes to the seller and answers to the business', () => {
    expect(emailMessageSchema.parse(message)).toBeTruthy();
    expect(message.to).toEqual(['mj@example.com']);
    expect(message.replyTo).toBe(config.site.email);
    expect(message.subject).toBe(`We've received your watch details – ${config.site.name}`);
  });

  it("answers to the enquiry's own reply address when inbound mail is configured", () => {
    const inbound = sellerAcknowledgement(
      { ...config, inboundDomain: 'reply.example.com.au' },
      notice,
      SELLER_URL,
    );
    expect(inbound.replyTo).toMatch(/^enquiry\+[a-z2-7]{42}@reply\.example\.com\.au$/);
    expect(inbound.replyTo).toBe(
      enquiryReplyTo({ ...config, inboundDomain: 'reply.example.com.au' }, notice.enquiryId),
    );
  });

  it('restates the 24-hour promise and gives the phone, e-mail and address', () => {
    for (const body of [message.text ?? '', message.html ?? '']) {
      expect(body).toContain('get back to you within 24 hours');
      expect(body).toContain(config.site.phone);
      expect(body).toContain(config.site.email);
      expect(body).toContain(config.site.address.streetAddress);
      expect(body).toContain('Sydney NSW 2000');
    }
    expect(message.text).toContain('Hi Mary-Jane,');
    // The reference the confirmation page shows, so a call or reply can be matched to the enquiry.
    const reference = notice.enquiryId.replace(/-/g, '').slice(0, 8).toUpperCase();
    expect(message.text).toContain(`Your reference: ${reference}`);
    expect(message.html).toContain(`Your reference: <strong>${reference}</strong>`);
    expect(message.html).toContain('href="tel:1300975707"');
  });

  it("carries the seller's private page link as a button and in the text (decision 059)", () => {
    expect(message.html).toContain(`href="${SELLER_URL}"`);
    expect(message.html).toContain('Open your enquiry page');
    expect(message.text).toContain(SELLER_URL);
  });
});

describe('seller acknowledgement: nothing the sender typed but their name', () => {
  it('names the brand only, never the model or details typed into the form', () => {
    // Anyone can type anyone's address: free text must not reach that mailbox (decision 016).
    const hostile = sellerAcknowledgement(
      config,
      {
        ...notice,
        watchModel: 'Visit https://evil.example to claim',
        additionalDetails: 'Call 1900 000 000 now',
      },
      SELLER_URL,
    );
    for (const body of [hostile.text ?? '', hostile.html ?? '', hostile.subject]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('1900 000 000');
    }
    expect(hostile.text).toContain(`the details of your ${notice.watchBrand} watch`);
    expect(sellerAcknowledgement(config, { ...notice, watchBrand: 'Other' }, SELLER_URL).text).toContain(
      'the details of your watch.',
    );
  });
});

describe('seller acknowledgement: double opt-in (decision 016)', () => {
  const waiting = sellerAcknowledgement(
    config,
    {
      ...notice,
      smsConsentRequested: true,
      awaitingConfirmation: ['email', 'sms'],
    },
    SELLER_URL,
  );

  it('carries the signed confirmation link and what it confirms, when a ticked box waits', () => {
    const link = /http:\/\/localhost:3999\/confirm-subscription\?token=([A-Za-z0-9_-]{71})/;
    expect(waiting.text).toMatch(link);
    expect(waiting.html).toMatch(link);
    expect(oneLine(waiting.text)).toContain('market updates and offers by e-mail and SMS');
    expect(oneLine(waiting.text)).toContain('Please confirm within 7 days');
    expect(oneLine(waiting.text)).toContain('you will not receive any marketing from us');
  });

  it('builds the same link on a retried job, so either e-mail confirms', () => {
    const again = sellerAcknowledgement(
      config,
      {
        ...notice,
        smsConsentRequested: true,
        awaitingConfirmation: ['email', 'sms'],
      },
      SELLER_URL,
    );
    expect(again.text).toBe(waiting.text);
  });

  it('has no confirmation part when nothing waits (confirmed already, or confirmation off)', () => {
    const plain = sellerAcknowledgement(config, notice, SELLER_URL);
    expect(plain.text).not.toContain('confirm-subscription');
    expect(plain.html).not.toContain('confirm-subscription');
  });

  it('tells the business the box was ticked but is not consent yet', () => {
    const business = businessNotification(config, { ...notice, awaitingConfirmation: ['email'] });
    expect(business.text).toContain(
      'E-mail marketing consent: Requested, awaiting confirmation from the address',
    );
    expect(business.text).toContain('SMS marketing consent: No');
  });
});
