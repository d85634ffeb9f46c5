import { formatAud } from '#shared/money/aud.ts';
import { formatLongDay } from '#shared/time/zones.ts';
import { createElement } from 'react';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { AppConfig } from '../config/app-config.ts';
import { buttonElement } from '../email/layout/layout.ts';
import {
  type BodyPart,
  copyLinkParagraph,
  lines,
  p,
  renderBody,
  strong,
  styledP,
} from '../email/layout/body.ts';
import { layoutMessage } from '../email/layout/message.ts';
import type { EmailMessage } from '../email/types.ts';
import { enquiryReplyTo } from '../conversation/entry.ts';

// The e-mails of the seller's page (decision 059), each through the one layout (decision 051) with
// the seller's link as its button, their bodies react elements so every value is escaped: an offer, a new link asked for on the expired-link form, and the
// assignee's notice that the seller answered an offer.

type TeamMailConfig = Pick<AppConfig, 'appUrl' | 'site' | 'emailFrom'>;
/** A seller's e-mail also names the enquiry's reply address (decision 060). */
type MailConfig = TeamMailConfig & Pick<AppConfig, 'appSecret' | 'inboundDomain'>;

function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || 'there';
}

function kindRegards(name: string): BodyPart {
  return p('Kind regards,', createElement('br'), name);
}

const NOTE = { color: '#5c544b', fontSize: '13px' };

/** The button and the copyable link every seller e-mail ends with. */
export function sellerPageParts(url: string, label = 'Open your enquiry page'): BodyPart[] {
  return [
    buttonElement(url, label),
    copyLinkParagraph(url, NOTE),
    styledP(NOTE, 'This link is private to you: please do not forward it.'),
  ];
}

/** The same block as HTML, below what a member wrote in a reply (decision 059). */
export function sellerPageBlock(url: string, label = 'Open your enquiry page'): string {
  return renderBody(sellerPageParts(url, label));
}

export interface OfferEmailInput {
  to: string;
  fullName: string;
  enquiryId: string;
  watch: string;
  amountCents: number;
  validUntil: string | null;
  conditions: string | null;
  url: string;
}

export function offerEmail(config: MailConfig, offer: OfferEmailInput): EmailMessage {
  const { site } = config;
  const amount = formatAud(offer.amountCents);
  const reference = enquiryReference(offer.enquiryId);
  const subject = `Our offer for your ${offer.watch} – ${site.name}`;
  const body = renderBody([
    p(`Hi ${firstNameOf(offer.fullName)},`),
    p(
      'Thank you for your patience. We would like to offer ',
      strong(amount),
      ` for your ${offer.watch} (reference ${reference}).`,
    ),
    offer.validUntil ? p('The offer stands until ', strong(formatLongDay(offer.validUntil)), '.') : null,
    offer.conditions ? p('Conditions: ', ...lines(offer.conditions)) : null,
    p(
      'You can accept or decline it on your enquiry page, and send us a message there if you have a question:',
    ),
    ...sellerPageParts(offer.url, 'See and answer the offer'),
    kindRegards(site.name),
  ]);
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: `${amount} for your ${offer.watch}${offer.validUntil ? `, valid until ${formatLongDay(offer.validUntil)}` : ''}`,
    body,
  });
  return {
    from: config.emailFrom,
    to: [offer.to],
    // The seller's answer by e-mail comes back onto the enquiry (decision 060).
    replyTo: enquiryReplyTo(config, offer.enquiryId) ?? site.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'enquiry_offer' }],
  };
}

export function sellerLinkEmail(
  config: MailConfig,
  link: { to: string; fullName: string; enquiryId: string; watch: string; url: string },
): EmailMessage {
  const { site } = config;
  const subject = `Your enquiry page – ${site.name}`;
  const body = renderBody([
    p(`Hi ${firstNameOf(link.fullName)},`),
    p(
      `Here is a new link to the page of your ${link.watch} enquiry (reference ${enquiryReference(link.enquiryId)}):`,
    ),
    ...sellerPageParts(link.url),
    p('If you did not ask for a new link, you can ignore this e-mail.'),
    kindRegards(site.name),
  ]);
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: 'A new link to your enquiry page.',
    body,
  });
  return {
    from: config.emailFrom,
    to: [link.to],
    replyTo: enquiryReplyTo(config, link.enquiryId) ?? site.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'enquiry_seller_link' }],
  };
}

export function offerAnsweredEmail(
  config: TeamMailConfig,
  answer: {
    to: string;
    enquiryId: string;
    sellerName: string;
    watch: string;
    amountCents: number;
    response: 'accepted' | 'declined';
    typedName: string | null;
    reason: string | null;
  },
): EmailMessage {
  const { site } = config;
  const verb = answer.response === 'accepted' ? 'accepted' : 'declined';
  const amount = formatAud(answer.amountCents);
  const subject = `${answer.sellerName} ${verb} the offer of ${amount} for the ${answer.watch}`.replace(
    /\s+/g,
    ' ',
  );
  const adminUrl = `${config.appUrl}/admin/enquiries/${answer.enquiryId}`;
  const body = renderBody([
    p(
      `${answer.sellerName} ${verb} the offer of `,
      strong(amount),
      ` for the ${answer.watch} (reference ${enquiryReference(answer.enquiryId)}) on their enquiry page.`,
    ),
    answer.typedName ? p(`Signed as: ${answer.typedName}`) : null,
    answer.reason ? p(`Their reason: ${answer.reason}`) : null,
    buttonElement(adminUrl, 'Open the enquiry'),
  ]);
  const { html, text } = layoutMessage(site, { title: subject, preheader: subject, body });
  return {
    from: config.emailFrom,
    to: [answer.to],
    subject: subject.slice(0, 998),
    html,
    text,
    tags: [{ name: 'category', value: 'enquiry_offer_answered' }],
  };
}

export interface AcceptanceReceiptInput {
  to: string;
  fullName: string;
  enquiryId: string;
  watch: string;
  amountCents: number;
  validUntil: string | null;
  conditions: string | null;
  typedName: string;
  declaration: { text: string; version: string };
  certificate: { id: string; filename: string; pdfBase64: string; sha256: string };
  verifyUrl: string;
  url: string;
}

/**
 * The seller's receipt right after accepting online (decision 072): what they accepted and signed,
 * the next step, and the certificate of acceptance attached as a PDF.
 */
export function acceptanceReceiptEmail(config: MailConfig, receipt: AcceptanceReceiptInput): EmailMessage {
  const { site } = config;
  const amount = formatAud(receipt.amountCents);
  const reference = enquiryReference(receipt.enquiryId);
  const subject = `Receipt: you accepted our offer – ${site.name}`;
  const body = renderBody([
    p(`Hi ${firstNameOf(receipt.fullName)},`),
    p(
      'Thank you. You accepted our offer of ',
      strong(amount),
      ` for your ${receipt.watch} (reference ${reference}).`,
    ),
    receipt.validUntil ? p(`The offer stood until ${formatLongDay(receipt.validUntil)}.`) : null,
    receipt.conditions ? p('Conditions: ', ...lines(receipt.conditions)) : null,
    p(
      'You signed as ',
      strong(receipt.typedName),
      ` the declaration (version ${receipt.declaration.version}):`,
    ),
    styledP(
      { borderLeft: '3px solid #c8b89a', paddingLeft: '12px', color: '#3d372f' },
      receipt.declaration.text,
    ),
    p(
      strong('Next step:'),
      ' book a visit to one of our locations or ask for an insured shipping kit on your enquiry page.',
    ),
    ...sellerPageParts(receipt.url, 'Book a visit or a shipping kit'),
    styledP(
      NOTE,
      `Your certificate of acceptance (${receipt.certificate.id}) is attached. Its SHA-256 is ${receipt.certificate.sha256}; you can check a copy at ${receipt.verifyUrl}.`,
    ),
    kindRegards(site.name),
  ]);
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: `${amount} for your ${receipt.watch}: your receipt and certificate of acceptance`,
    body,
  });
  return {
    from: config.emailFrom,
    to: [receipt.to],
    replyTo: enquiryReplyTo(config, receipt.enquiryId) ?? site.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'enquiry_acceptance_receipt' }],
    attachments: [
      {
        filename: receipt.certificate.filename,
        content: receipt.certificate.pdfBase64,
        contentType: 'application/pdf',
      },
    ],
  };
}
