import { type Browser, chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountExistsEmail,
  invitationEmail,
  passwordResetEmail,
  verificationEmail,
} from '#server/auth/auth-emails.ts';
import { campaignMessage } from '#server/campaigns/engine/messages.ts';
import { renderTestEmail } from '#server/campaigns/test-email.ts';
import {
  businessNotification,
  type EnquiryNotice,
  sellerAcknowledgement,
} from '#server/enquiries/notifications.ts';
import { preferencesLinkEmail } from '#server/preferences/lookup.ts';
import { CHROMIUM_ARGS, chromiumPath } from '#test/support/chromium.ts';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { testConfig } from '#test/support/services.ts';
import { spamAssassinMissing, spamAssassinScores, type SpamScore } from '#test/support/spamassassin.ts';
import {
  acceptanceReceiptEmail,
  offerAnsweredEmail,
  offerEmail,
  sellerLinkEmail,
} from '#server/seller-link/seller-emails.ts';
import {
  appointmentEmail,
  kitPostedEmail,
  shippingKitEmail,
  teamNoticeEmail,
} from '#server/appointments/appointment-emails.ts';
import { incomingNoticeEmail } from '#server/conversation/incoming-notify.ts';
import { APPOINTMENT_LOCATIONS } from '#shared/appointments/schemas.ts';
import { deadlineReminderEmail } from '#server/register/deadline-reminders.ts';
import { weeklySummaryEmail } from '#server/insight/weekly-summary-email.ts';
import { layoutMessage, writtenMessage } from './message.ts';
import { LOGO_PATH } from './layout.ts';

// Decision 051: every message type is a whole document in the one layout, under Gmail's 102 KB
// clipping limit, with no tag left, alt text on every image, absolute links, and a text part
// whose lines fit 78 characters (a line longer than that is one unbreakable URL, nothing else).

const config = testConfig();
const SYDNEY = APPOINTMENT_LOCATIONS.find((l) => l.slug === 'sydney') ?? APPOINTMENT_LOCATIONS.at(-1);
if (!SYDNEY) throw new Error('no appointment location');
const SELLER_URL = 'http://localhost:3999/enquiry/AQIDBAUGBwgJCgsMDQ4PEAAAAAFzZWxsZXItbGluay10ZXN0';
const site = config.site;
const USER_ID = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';

const notice: EnquiryNotice = {
  enquiryId: '0c5e7a1b-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
  contactId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  submittedAt: new Date('2026-11-21T01:30:00Z'),
  timeZone: 'Australia/Sydney',
  fullName: "Mary-Jane O'Brien",
  email: 'mj@example.com',
  phone: '0400 000 000',
  watchBrand: 'Rolex',
  watchModel: 'Datejust 41',
  watchYear: 2019,
  watchCondition: 'Excellent',
  hasBox: true,
  hasPapers: true,
  additionalDetails:
    'Serviced in 2023 and kept in a safe ever since, with the original bracelet links and the receipt.',
  emailConsentRequested: true,
  smsConsentRequested: true,
  awaitingConfirmation: ['email', 'sms'],
  utm: { source: 'google', medium: 'cpc', campaign: 'rolex-sydney', content: null, term: 'sell rolex' },
  photoIds: ['a1b2c3d4-0000-4000-8000-000000000001'],
};

const campaignHtml = `<!doctype html><html><head><style>.lead { font-size: 18px; }</style></head><body>
<h1>Market update for {{first_name}}</h1>
<p class="lead">Prices of steel sports watches held steady this quarter, and demand for vintage pieces with original papers keeps rising across Sydney and Melbourne.</p>
<p><img src="https://cdn.example.com/watch.jpg" alt="A steel Rolex"></p>
<p><a href="https://watches.example/sell">Get a valuation</a></p>
</body></html>`;

interface RenderedMessage {
  subject: string;
  html?: string | undefined;
  text?: string | undefined;
  from?: string;
  headers?: Record<string, string> | undefined;
}

const messages: Array<[string, RenderedMessage]> = [
  ['sign-up verification', verificationEmail(config, { userId: USER_ID, email: 'new@example.com' })],
  [
    'sign-up attempt',
    accountExistsEmail(config, { userId: USER_ID, email: 'old@example.com', verified: false }),
  ],
  ['password reset', passwordResetEmail(config, { email: 'old@example.com', token: 'x'.repeat(43) })],
  [
    'invitation',
    invitationEmail(config, {
      email: 'new@example.com',
      role: 'marketer',
      token: 't'.repeat(43),
      inviter: 'Sam Admin',
    }),
  ],
  ['preferences link', preferencesLinkEmail(config, { id: notice.contactId, email: notice.email })],
  ['seller acknowledgement and confirmation', sellerAcknowledgement(config, notice, SELLER_URL)],
  ['business new-lead alert', businessNotification(config, notice)],
  [
    'offer to the seller',
    offerEmail(config, {
      to: notice.email,
      fullName: 'Mary-Jane',
      enquiryId: notice.enquiryId,
      watch: 'Rolex Submariner',
      amountCents: 1_250_000,
      validUntil: '2026-12-11',
      conditions: 'Subject to inspection',
      url: SELLER_URL,
    }),
  ],
  [
    'new seller link',
    sellerLinkEmail(config, {
      to: notice.email,
      fullName: 'Mary-Jane',
      enquiryId: notice.enquiryId,
      watch: 'Rolex Submariner',
      url: SELLER_URL,
    }),
  ],
  [
    'offer answered',
    offerAnsweredEmail(config, {
      to: 'sam@example.com',
      enquiryId: notice.enquiryId,
      sellerName: 'Mary-Jane',
      watch: 'Rolex Submariner',
      amountCents: 1_250_000,
      response: 'accepted',
      typedName: "Mary-Jane O'Brien",
      reason: null,
    }),
  ],
  [
    'acceptance receipt with its certificate',
    acceptanceReceiptEmail(config, {
      to: notice.email,
      fullName: "Mary-Jane O'Brien",
      enquiryId: notice.enquiryId,
      watch: 'Rolex Submariner',
      amountCents: 1_250_000,
      validUntil: '2026-12-11',
      conditions: 'Subject to inspection',
      typedName: "Mary-Jane O'Brien",
      declaration: { text: 'I declare that I own this watch.', version: '2026-11-27' },
      certificate: {
        id: '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f',
        filename: 'acceptance-EQ-1.pdf',
        pdfBase64: Buffer.from('%PDF-1.7 test').toString('base64'),
        sha256: 'a'.repeat(64),
      },
      verifyUrl: 'https://example.com/certificates/verify',
      url: SELLER_URL,
    }),
  ],
  ...(['booked', 'rescheduled', 'cancelled', 'closed', 'reminder'] as const).map(
    (kind): [string, RenderedMessage] => [
      `appointment ${kind}`,
      appointmentEmail(config, kind, {
        uid: '7b1e4c2a-0d3f-4a5b-8c6d-9e0f1a2b3c4d',
        sequence: 1,
        enquiryId: notice.enquiryId,
        location: SYDNEY,
        startsAt: new Date('2026-12-07T23:00:00Z'),
        endsAt: new Date('2026-12-08T00:00:00Z'),
        seller: { name: "Mary-Jane O'Brien", email: 'mj@example.com' },
        timezone: 'Australia/Sydney',
        url: SELLER_URL,
      }),
    ],
  ),
  [
    'shipping kit requested',
    shippingKitEmail(config, {
      to: 'mj@example.com',
      fullName: "Mary-Jane O'Brien",
      enquiryId: notice.enquiryId,
      addressLines: ["Mary-Jane O'Brien", '12 George Street', 'Paddington NSW 2021'],
      url: SELLER_URL,
    }),
  ],
  [
    'shipping kit posted',
    kitPostedEmail(config, {
      to: 'mj@example.com',
      fullName: "Mary-Jane O'Brien",
      enquiryId: notice.enquiryId,
      addressLines: ["Mary-Jane O'Brien", '12 George Street', 'Paddington NSW 2021'],
      url: SELLER_URL,
    }),
  ],
  [
    'team notice: a seller wrote',
    incomingNoticeEmail(config, {
      enquiryId: notice.enquiryId,
      source: 'email',
      fromEmail: 'mj@example.com',
      fromName: "Mary-Jane O'Brien",
      subject: 'Re: Your Rolex',
      bodyText: `Thank you. Is the offer firm if the bracelet needs a new link?\n\n${'I can bring the receipt from the 2023 service as well. '.repeat(40)}`,
      to: 'sam@example.com',
    }),
  ],
  ...(['booked', 'rescheduled', 'cancelled', 'kit'] as const).map((kind): [string, RenderedMessage] => [
    `team notice: ${kind}`,
    teamNoticeEmail(config, {
      to: 'sam@example.com',
      kind,
      enquiryId: notice.enquiryId,
      sellerName: "Mary-Jane O'Brien",
      timezone: 'Australia/Sydney',
      visit: kind === 'kit' ? null : { location: SYDNEY, startsAt: new Date('2026-12-07T23:00:00Z') },
      previous:
        kind === 'rescheduled' ? { location: SYDNEY, startsAt: new Date('2026-12-06T23:00:00Z') } : null,
      kitTo: kind === 'kit' ? 'Paddington NSW 2021' : null,
    }),
  ]),
  [
    'awaiting-reply digest',
    {
      subject: '2 enquiries still awaiting a first reply',
      ...layoutMessage(site, {
        title: '2 enquiries still awaiting a first reply',
        body: '<ul><li><a href="https://watches.example/admin/enquiries/1">0C5E7A1B · Rolex Datejust · Mary-Jane · received 21 Nov 2026</a></li></ul>',
      }),
    },
  ],
  [
    'register deadlines due tomorrow',
    deadlineReminderEmail(config, {
      to: ['owner@example.com'],
      dueOn: '2026-12-09',
      lines: [
        { kind: 'nsw_police_transfer', watch: 'Rolex Daytona 2019', dueOn: '2026-12-09' },
        { kind: 'austrac_ttr', watch: 'Omega Speedmaster', dueOn: '2026-12-09' },
      ],
    }),
  ],
  [
    'weekly summary',
    weeklySummaryEmail(config, {
      to: ['owner@example.com'],
      summary: {
        week: { from: '2026-11-30', to: '2026-12-06' },
        previous: { from: '2026-11-23', to: '2026-11-29' },
        current: { enquiries: 48, purchases: 6, valueCents: 12_345_600 },
        prior: { enquiries: 52, purchases: 6, valueCents: 9_870_000 },
        // A long campaign name must wrap at 375 px like any other text.
        bestSource: {
          label: 'Campaign: Spring buying, Rolex and Omega owners in Sydney',
          purchases: 3,
          enquiries: 11,
        },
        slowestStep: { label: 'Offer to purchase', hours: 50.5 },
      },
    }),
  ],
  [
    'enquiry reply',
    {
      subject: 'Your Rolex',
      ...writtenMessage(site, {
        title: 'Your Rolex',
        // A pasted tracking link, one word of 150 characters, must break rather than widen it.
        html: `<p>Dear Mary-Jane,</p><p>Our offer stands: <a href="https://watches.example/sell">see it</a>.</p><p>https://tracking.example/parcel/${'A1b2C3d4E5'.repeat(12)}</p>`,
      }),
    },
  ],
  [
    'campaign',
    campaignMessage(
      config,
      {
        id: '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
        subject: 'Market update',
        preheader: 'What steel sports watches fetched this quarter, {{first_name}}',
        html: campaignHtml,
        variables: {},
      },
      { from: config.emailFrom, replyTo: null },
      { sendId: 's1', contactId: notice.contactId, email: notice.email, name: 'Mary-Jane', variant: 'A' },
    ),
  ],
  [
    'reply test e-mail',
    renderTestEmail(config, {
      to: 'me@example.com',
      subject: 'Hi {{first_name}}',
      html: '<p>Dear {{first_name}}, <a href="https://watches.example/sell">see our offer</a>.</p>',
      renderAs: 'reply',
    }),
  ],
];

describe('every message goes through the layout (decision 051)', () => {
  it.each(messages)('%s is a whole document', (_kind, message) => {
    const html = message.html ?? '';
    expect(html.startsWith('<!doctype html>\n<html')).toBe(true);
    expect(html).toMatch(/<html[^>]*\blang="en-AU"/);
    expect(html).toMatch(/<meta charSet="utf-8"\/>/i);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<meta name="color-scheme" content="light"/>');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    // The brand header: the logo from the site's own address, named for readers without images.
    expect(html).toContain(`<img alt="${site.name}" height="48" src="${site.url}${LOGO_PATH}"`);
    // The identity footer.
    expect(html).toContain(`ABN ${site.abn}`);
    expect(html).toContain(site.licence);
    // 600 px, fluid below: a max-width, and a fixed width for Outlook alone.
    expect(html).toContain('max-width:600px');
    expect(html).toContain('<!--[if mso]><table role="presentation" width="600"');
    // Gmail clips a message over 102 KB.
    expect(Buffer.byteLength(html)).toBeLessThan(102 * 1024);
  });

  it.each(messages)('%s leaves no tag, no image without alt text and no relative link', (_kind, message) => {
    const html = message.html ?? '';
    expect(html).not.toContain('{{');
    expect(message.text).not.toContain('{{');
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/\balt="[^"]+"/);
    const hrefs = [...html.matchAll(/\bhref="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^(?:https?:\/\/|mailto:|tel:)/);
  });

  it.each(messages)('%s has a text part wrapped at 78 characters, without markup', (_kind, message) => {
    const text = message.text ?? '';
    expect(text.length).toBeGreaterThan(0);
    for (const line of text.split('\n')) {
      if (line.length > 78) expect(line).toMatch(/^\[?https?:\/\/\S+$/);
    }
    expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(text).not.toContain('&amp;');
    // The preheader's padding and Outlook's conditional markup stay out of the text.
    expect(text).not.toContain('\u200c');
    expect(text).not.toContain('[if mso]');
  });
});

describe('the layout', () => {
  it('shows a preheader in the inbox, hidden in the message and absent from the text part', () => {
    const message = sellerAcknowledgement(config, notice, SELLER_URL);
    expect(message.html).toMatch(
      /<div style="display:none[^"]*"[^>]*>We received your Rolex watch – reference 0C5E7A1B/,
    );
    expect(message.text).not.toContain('We received your Rolex watch');
  });

  it('gives a button a coloured table cell Outlook paints and a link with its padding', () => {
    const html = verificationEmail(config, { userId: USER_ID, email: 'new@example.com' }).html ?? '';
    expect(html).toMatch(
      /<td align="center" bgcolor="#8c6516"[^>]*><a href="https?:\/\/[^"]+"[^>]*mso-padding-alt/,
    );
  });

  it('lists a link after its text in the text part', () => {
    const text = verificationEmail(config, { userId: USER_ID, email: 'new@example.com' }).text ?? '';
    expect(text).toMatch(/Verify my email address\n\[https?:\/\/\S+\/api\/auth\/verify\?token=\S+\]/);
  });
});

// A phone's screen (375 px) and the layout's own width (600 px): Chromium lays each message out
// and nothing may stick out sideways (a long link once made 13 of them 469-582 px wide at 375).
// One browser for the file; the network is cut, so an image is its width and height attributes.
describe('every message fits a phone without scrolling sideways', () => {
  const widths = [375, 600] as const;
  let browser: Browser;
  const pages = new Map<number, Page>();
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.route('**/*', (route) => route.abort());
      pages.set(width, page);
    }
  }, 60_000);
  afterAll(async () => {
    await browser.close();
  });

  it.each(messages.flatMap(([kind, message]) => widths.map((width) => [kind, width, message] as const)))(
    '%s at %i px',
    async (_kind, width, message) => {
      const page = pages.get(width);
      if (!page) throw new Error(`no page at ${width} px`);
      await page.setContent(message.html ?? '', { waitUntil: 'domcontentloaded' });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, 'the document is as wide as the screen').toBeLessThanOrEqual(width);
    },
    30_000,
  );
});

describe('outside checks (decision 051, "Checks")', () => {
  // html-validate, Can I email for Gmail, Outlook for Windows, Apple Mail and Yahoo, the size,
  // tags, alt text, absolute links and the text's width: test/support/email-checks.ts.
  it.each(messages)('%s has no finding', async (_kind, message) => {
    expect(await checkRenderedEmail({ html: message.html ?? '', text: message.text })).toEqual([]);
  });
});

// SpamAssassin's local tests on the whole message as the provider sends it (multipart text and
// HTML, Date, Message-ID; List-Unsubscribe on a campaign): each scores at most 0.5.
const spamAssassinAbsent = spamAssassinMissing();
describe.skipIf(spamAssassinAbsent !== null)(
  `SpamAssassin (decision 051, "Checks")${spamAssassinAbsent ? `: skipped, ${spamAssassinAbsent}` : ''}`,
  () => {
    let scores: SpamScore[] = [];
    beforeAll(async () => {
      scores = await spamAssassinScores(
        messages.map(([, message]) => ({
          from: message.from ?? config.emailFrom,
          to: "Mary-Jane O'Brien <mj@example.com>",
          subject: message.subject,
          html: message.html ?? '',
          text: message.text ?? '',
          headers: message.headers,
        })),
      );
    }, 120_000);

    it.each(messages.map(([kind], i) => [kind, i] as const))('%s scores at most 0.5', (_kind, i) => {
      const result = scores[i];
      expect(result, 'scored').toBeDefined();
      expect(result?.score, `rules: ${result?.tests.join(', ')}`).toBeLessThanOrEqual(0.5);
    });
  },
);
