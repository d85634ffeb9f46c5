import type { SiteConfig } from '../site/config.ts';

/** The Terms and Privacy pages (docs/spec/public-site.md §2), written from the site configuration so contact details match. */

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export interface LegalDocument {
  title: string;
  /** Shown as "Last updated January 2025". */
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const OAIC_URL = 'https://www.oaic.gov.au';

const stateNames: Record<string, string> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  WA: 'Western Australia',
  SA: 'South Australia',
  TAS: 'Tasmania',
  ACT: 'the Australian Capital Territory',
  NT: 'the Northern Territory',
};

function contactLines(site: SiteConfig): string[] {
  const a = site.address;
  return [
    `${site.legalName} (ABN ${site.abn}), trading as ${site.name}`,
    `${a.streetAddress}, ${a.addressLocality} ${a.addressRegion} ${a.postalCode}`,
    `E-mail: ${site.email}`,
    `Phone: ${site.phone}`,
  ];
}

export function termsOfService(site: SiteConfig): LegalDocument {
  return {
    title: 'Terms and Conditions',
    lastUpdated: 'January 2025',
    intro: `These terms apply when you ask ${site.name} to value, authenticate or buy a watch, through this website, by e-mail, by phone or in person.`,
    sections: [
      {
        id: 'agreement',
        heading: '1. Agreement to these terms',
        paragraphs: [
          `By submitting an enquiry or offering a watch for sale you agree to these terms. ${site.legalName} (“we”, “us”) is a ${site.licence.charAt(0).toLowerCase()}${site.licence.slice(1)}.`,
          'We may update these terms from time to time; the version published on this page when you accept an offer applies to that sale.',
        ],
      },
      {
        id: 'service',
        heading: '2. Our service',
        paragraphs: [
          'We value, authenticate and buy pre-owned luxury watches from private sellers in Australia.',
        ],
        items: [
          'There are no seller fees for the valuation, the authentication or standard payment by bank transfer.',
          `We respond to every enquiry within ${site.claims.responseHours} hours.`,
          'Any quote based on the details and photos you send is preliminary. The final price is confirmed only after our watchmakers have inspected the watch in person and may differ from the preliminary quote.',
          'If the inspection reveals a condition that was not disclosed, such as a replaced part, a refinished dial or a movement that needs servicing, you may accept a revised offer or have the watch returned to you at our expense.',
          'You are never obliged to accept an offer.',
        ],
      },
      {
        id: 'obligations',
        heading: '3. Your obligations',
        paragraphs: ['When you offer a watch to us you confirm that:'],
        items: [
          'you are at least 18 years old and the legal owner of the watch, or authorised in writing by the owner to sell it;',
          'the watch is not stolen, subject to a finance agreement, or otherwise encumbered;',
          'the details you give us about the watch, its history and its condition are true to the best of your knowledge;',
          'you will provide photo identification when you sell, as second-hand dealer laws require us to record it.',
        ],
      },
      {
        id: 'payment',
        heading: '4. Payment',
        paragraphs: [
          `${site.claims.paymentPromise}. Payment is made to an Australian bank account in your name.`,
          'Once payment has been made the sale is final: there is no cooling-off period, so please take whatever time you need before accepting an offer.',
          'Ownership of the watch passes to us when payment is made.',
        ],
      },
      {
        id: 'liability',
        heading: '5. Liability',
        paragraphs: [
          'While a watch is in our care for inspection it is insured and handled by qualified watchmakers. We are responsible for loss or damage caused by our negligence while the watch is in our possession.',
          'Valuations, articles and guides on this website are general information, not financial advice. To the extent the law allows, we are not liable for indirect or consequential loss.',
          'Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law that cannot lawfully be excluded.',
        ],
      },
      {
        id: 'disputes',
        heading: '6. Disputes',
        paragraphs: [
          'If you are unhappy with any part of our service, contact us first: we will acknowledge your complaint within two business days and try to resolve it quickly and fairly.',
          `If we cannot resolve it, you may contact your state or territory fair trading office. These terms are governed by the laws of ${stateNames[site.address.addressRegion] ?? site.address.addressRegion}, Australia.`,
        ],
      },
      {
        id: 'contact',
        heading: '7. Contact us',
        paragraphs: ['Questions about these terms can be sent to:'],
        items: contactLines(site),
      },
    ],
  };
}

export function privacyPolicy(site: SiteConfig): LegalDocument {
  return {
    title: 'Privacy Policy',
    lastUpdated: 'January 2025',
    intro: `${site.legalName} (${site.name}) respects your privacy. This policy explains what personal information we collect, why, and how you can access or correct it.`,
    sections: [
      {
        id: 'principles',
        heading: '1. The Australian Privacy Principles',
        paragraphs: [
          'We handle personal information in accordance with the Privacy Act 1988 (Cth) and the 13 Australian Privacy Principles (APPs). We only collect information that we need to provide our service and to meet our legal obligations as a licensed second-hand dealer.',
        ],
      },
      {
        id: 'collection',
        heading: '2. Information we collect',
        paragraphs: ['Depending on how you deal with us, we may collect:'],
        items: [
          'your name, e-mail address and phone number;',
          'details and photos of the watch you want to sell, and the notes you add;',
          'photo identification and bank account details when you sell a watch;',
          'whether you agreed to receive marketing by e-mail or SMS, and when;',
          'technical information such as your IP address, browser type and the pages you visit.',
        ],
      },
      {
        id: 'use',
        heading: '3. How we use it',
        paragraphs: ['We use your information to:'],
        items: [
          'value, authenticate and buy your watch and pay you;',
          'reply to your enquiries and keep you informed about your sale;',
          'meet our record-keeping obligations under second-hand dealer and anti-money-laundering laws;',
          'send market updates and offers, only if you opted in; every message includes a way to unsubscribe;',
          'understand how our website is used so we can improve it.',
        ],
      },
      {
        id: 'sharing',
        heading: '4. Sharing',
        paragraphs: [
          'We do not sell your personal information. We share it only with service providers who help us run our business (such as e-mail delivery, secure file storage and payment processing), under contracts that require them to protect it, and with police or regulators where the law requires.',
          'Some providers store data outside Australia; we take reasonable steps to ensure they handle it consistently with the APPs.',
        ],
      },
      {
        id: 'security',
        heading: '5. Security',
        paragraphs: [
          'Information is sent to us over encrypted connections and stored on access-controlled systems. Photos you upload are stored privately with their location data removed. Only staff who need your information to do their job can see it.',
        ],
      },
      {
        id: 'retention',
        heading: '6. Retention',
        paragraphs: [
          'Records of watches we buy, including the seller’s identification, are kept for 7 years, as second-hand dealer and tax laws require. Enquiries that do not lead to a sale are deleted when we no longer need them, and you may ask us to delete them sooner.',
        ],
      },
      {
        id: 'cookies',
        heading: '7. Cookies and analytics',
        paragraphs: [
          'Our website uses a small number of cookies to keep it working and secure. Where enabled, analytics and advertising tools use cookies to measure visits and the effectiveness of our advertising. You can block or delete cookies in your browser settings; the site will still work.',
        ],
      },
      {
        id: 'rights',
        heading: '8. Your rights',
        paragraphs: [
          'You may ask to see the personal information we hold about you, ask us to correct it, or withdraw your consent to marketing at any time using the unsubscribe link in our messages.',
          `We aim to respond to every privacy request within 30 days. Send requests to ${site.email}.`,
        ],
      },
      {
        id: 'complaints',
        heading: '9. Complaints',
        paragraphs: [
          `If you believe we have mishandled your personal information, please contact us first at ${site.email} or on ${site.phone}. If you are not satisfied with our response, you can complain to the Office of the Australian Information Commissioner (OAIC) at ${OAIC_URL}.`,
        ],
      },
      {
        id: 'contact',
        heading: '10. Contact us',
        paragraphs: ['Our privacy contact:'],
        items: contactLines(site),
      },
    ],
  };
}
