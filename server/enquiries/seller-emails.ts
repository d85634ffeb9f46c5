import { enquiryReference } from '#shared/enquiries/reference.ts';
import { escapeHtml } from '#shared/templates/variables.ts';
import type { AppConfig } from '../config/app-config.ts';
import { emailButton } from '../email/layout/layout.ts';
import { layoutMessage } from '../email/layout/message.ts';
import type { EmailMessage } from '../email/types.ts';
import { enquiryReplyTo } from './reply-address.ts';

// The e-mails of the seller's page (decision 059), each through the one layout (decision 051) with
// the seller's link as its button: an offer, a new link asked for on the expired-link form, and the
// assignee's notice that the seller answered an offer.

type TeamMailConfig = Pick<AppConfig, 'appUrl' | 'site' | 'emailFrom'>;
/** A seller's e-mail also names the enquiry's reply address (decision 060). */
type MailConfig = TeamMailConfig & Pick<AppConfig, 'appSecret' | 'inboundDomain'>;

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const longDay = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' });

export function formatAud(cents: number): string {
  return aud.format(cents / 100);
}

/** A calendar day (YYYY-MM-DD) as "27 November 2026". */
export function formatDay(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}

function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || 'there';
}

/** The button and the copyable link every seller e-mail ends with. */
export function sellerPageBlock(url: string, label = 'Open your enquiry page'): string {
  return [
    emailButton(url, label),
    `<p data-skip-in-text="true" style="color:#5c544b;font-size:13px">Or copy this link into your browser:<br>${escapeHtml(url)}</p>`,
    '<p style="color:#5c544b;font-size:13px">This link is private to you: please do not forward it.</p>',
  ].join('\n');
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
  const body = [
    `<p>Hi ${escapeHtml(firstNameOf(offer.fullName))},</p>`,
    `<p>Thank you for your patience. We would like to offer <strong>${escapeHtml(amount)}</strong> for your ${escapeHtml(offer.watch)} (reference ${escapeHtml(reference)}).</p>`,
    offer.validUntil
      ? `<p>The offer stands until <strong>${escapeHtml(formatDay(offer.validUntil))}</strong>.</p>`
      : '',
    offer.conditions ? `<p>Conditions: ${escapeHtml(offer.conditions).replace(/\r?\n/g, '<br>')}</p>` : '',
    '<p>You can accept or decline it on your enquiry page, and send us a message there if you have a question:</p>',
    sellerPageBlock(offer.url, 'See and answer the offer'),
    `<p>Kind regards,<br>${escapeHtml(site.name)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: `${amount} for your ${offer.watch}${offer.validUntil ? `, valid until ${formatDay(offer.validUntil)}` : ''}`,
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
  const body = [
    `<p>Hi ${escapeHtml(firstNameOf(link.fullName))},</p>`,
    `<p>Here is a new link to the page of your ${escapeHtml(link.watch)} enquiry (reference ${escapeHtml(enquiryReference(link.enquiryId))}):</p>`,
    sellerPageBlock(link.url),
    '<p>If you did not ask for a new link, you can ignore this e-mail.</p>',
    `<p>Kind regards,<br>${escapeHtml(site.name)}</p>`,
  ].join('\n');
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
  const body = [
    `<p>${escapeHtml(answer.sellerName)} ${verb} the offer of <strong>${escapeHtml(amount)}</strong> for the ${escapeHtml(answer.watch)} (reference ${escapeHtml(enquiryReference(answer.enquiryId))}) on their enquiry page.</p>`,
    answer.typedName ? `<p>Signed as: ${escapeHtml(answer.typedName)}</p>` : '',
    answer.reason ? `<p>Their reason: ${escapeHtml(answer.reason)}</p>` : '',
    emailButton(adminUrl, 'Open the enquiry'),
  ]
    .filter(Boolean)
    .join('\n');
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
  const body = [
    `<p>Hi ${escapeHtml(firstNameOf(receipt.fullName))},</p>`,
    `<p>Thank you. You accepted our offer of <strong>${escapeHtml(amount)}</strong> for your ${escapeHtml(receipt.watch)} (reference ${escapeHtml(reference)}).</p>`,
    receipt.validUntil ? `<p>The offer stood until ${escapeHtml(formatDay(receipt.validUntil))}.</p>` : '',
    receipt.conditions
      ? `<p>Conditions: ${escapeHtml(receipt.conditions).replace(/\r?\n/g, '<br>')}</p>`
      : '',
    `<p>You signed as <strong>${escapeHtml(receipt.typedName)}</strong> the declaration (version ${escapeHtml(receipt.declaration.version)}):</p>`,
    `<p style="border-left:3px solid #c8b89a;padding-left:12px;color:#3d372f">${escapeHtml(receipt.declaration.text)}</p>`,
    '<p><strong>Next step:</strong> book a visit to one of our locations or ask for an insured shipping kit on your enquiry page.</p>',
    sellerPageBlock(receipt.url, 'Book a visit or a shipping kit'),
    `<p style="color:#5c544b;font-size:13px">Your certificate of acceptance (${escapeHtml(receipt.certificate.id)}) is attached. Its SHA-256 is ${escapeHtml(receipt.certificate.sha256)}; you can check a copy at ${escapeHtml(receipt.verifyUrl)}.</p>`,
    `<p>Kind regards,<br>${escapeHtml(site.name)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
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
