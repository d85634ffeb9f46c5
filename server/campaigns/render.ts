import { compileMergeTags, escapeHtml, mergeTags } from '#shared/templates/variables.ts';
import type { SiteConfig } from '#shared/site/config.ts';
import type { AppConfig } from '../config/app-config.ts';
import { htmlToPlainText } from '../email/plain-text.ts';
import { PREFERENCES_PATH } from '../unsubscribe/links.ts';

/*
 * Turns stored campaign content into what one recipient receives: merge tags filled, and the
 * compliance footer (unsubscribe link plus the business's identity, decision 004) added when
 * the HTML has no unsubscribe link of its own. Send Test uses it with sample values; the sending
 * engine uses it with each recipient's values and signed links.
 */

/**
 * The recipient fields and system links every campaign e-mail can use (RECIPIENT_FIELDS and
 * SYSTEM_LINKS in shared/templates/variables.ts); custom tags take the campaign's values.
 */
export interface CampaignMergeValues {
  first_name: string;
  full_name: string;
  email: string;
  unsubscribe_url: string;
  preferences_url: string;
}

/** What a test e-mail shows in place of a contact's data. */
export function sampleMergeValues(config: Pick<AppConfig, 'appUrl'>, to: string): CampaignMergeValues {
  const preferencesPage = `${config.appUrl}${PREFERENCES_PATH}`;
  return {
    first_name: 'Alex',
    full_name: 'Alex Sample',
    email: to,
    unsubscribe_url: preferencesPage,
    preferences_url: preferencesPage,
  };
}

/** Merge values for a contact: names fall back to a neutral greeting rather than an empty gap. */
export function contactMergeValues(
  contact: { email: string; fullName: string | null },
  links: { unsubscribeUrl: string; preferencesUrl: string },
): CampaignMergeValues {
  const fullName = contact.fullName?.trim() ?? '';
  return {
    first_name: fullName.split(/\s+/)[0] || 'there',
    full_name: fullName || 'there',
    email: contact.email,
    unsubscribe_url: links.unsubscribeUrl,
    preferences_url: links.preferencesUrl,
  };
}

const unsubscribeHref =
  /<a\b[^>]*\bhref\s*=\s*["']?[^"'>]*(?:\{\{\s*(?:unsubscribe_url|preferences_url)\s*\}\}|unsubscribe)/i;
const unsubscribeAnchorText = /<a\b[^>]*>(?:(?!<\/a>)[\s\S])*unsubscribe/i;

/** Whether the HTML already gives the reader a way out: a link to, or labelled, unsubscribe. */
export function hasUnsubscribeLink(html: string): boolean {
  return unsubscribeHref.test(html) || unsubscribeAnchorText.test(html);
}

type FooterSite = Pick<SiteConfig, 'name' | 'legalName' | 'abn' | 'address' | 'phone' | 'licence'>;

/**
 * The footer with the business's identity escaped once: only the two links differ from one
 * recipient to the next, and a campaign renders thousands of footers with the same identity.
 */
function footerTemplate(
  site: FooterSite,
): (links: { unsubscribeUrl: string; preferencesUrl: string }) => string {
  const { streetAddress, addressLocality, addressRegion, postalCode } = site.address;
  const address = `${streetAddress}, ${addressLocality} ${addressRegion} ${postalCode}`;
  const small = 'font-family: Arial, sans-serif; font-size: 12px; line-height: 1.5; color: #6b7280;';
  const head = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top: 24px; border-top: 1px solid #e5e7eb;">
<tr><td align="center" style="padding: 16px; ${small}">
<p style="margin: 0 0 8px;">You are receiving this email because you asked ${escapeHtml(site.name)} for market updates and offers.</p>
<p style="margin: 0 0 8px;"><a href="`;
  const middle = `" style="color: #6b7280;">Unsubscribe</a> &middot; <a href="`;
  const tail = `" style="color: #6b7280;">Manage email preferences</a></p>
<p style="margin: 0;">${escapeHtml(site.legalName)} &middot; ABN ${escapeHtml(site.abn)} &middot; ${escapeHtml(address)} &middot; ${escapeHtml(site.phone)}</p>
<p style="margin: 0;">${escapeHtml(site.licence)}</p>
</td></tr></table>`;
  return (links) =>
    `${head}${escapeHtml(links.unsubscribeUrl)}${middle}${escapeHtml(links.preferencesUrl)}${tail}`;
}

function withFooter(html: string, footer: string): string {
  const bodyEnd = html.search(/<\/body\s*>/i);
  if (bodyEnd === -1) return `${html}\n${footer}`;
  return `${html.slice(0, bodyEnd)}${footer}\n${html.slice(bodyEnd)}`;
}

/** What a campaign renders: its content and the values of its custom merge tags. */
export interface CampaignRenderContent {
  subject: string;
  html: string;
  /** The hand-written text/plain part; null or absent: generated from the HTML (decision 024). */
  text?: string | null;
  variables?: Readonly<Record<string, string>>;
}

export interface RenderedCampaignEmail {
  subject: string;
  html: string;
  /** The text/plain alternative (decision 024). */
  text: string;
}

/**
 * A campaign's renderer: what depends only on the content and the site (whether the footer is
 * needed, the escaped business identity) is worked out once; each call renders one recipient,
 * exactly as `renderCampaignEmail` does. The sending engine renders a whole campaign with one.
 */
export function campaignRenderer(
  content: CampaignRenderContent,
  site: FooterSite,
): (values: CampaignMergeValues) => RenderedCampaignEmail {
  // The footer is decided on the stored HTML, so a link written as {{unsubscribe_url}} counts.
  const footer = hasUnsubscribeLink(content.html) ? null : footerTemplate(site);
  const campaignValues = content.variables ?? {};
  const fillText = compileMergeTags(textTemplate(content, footer ?? footerTemplate(site), footer !== null));
  return (values) => {
    // The campaign's values fill its custom tags; a recipient field or system link always comes
    // from the recipient, whatever the campaign carries under that name.
    const record: Record<string, string> = { ...campaignValues, ...values };
    const subjectValues = Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, value.replace(/[\r\n]+/g, ' ')]),
    );
    const subject = mergeTags(content.subject, subjectValues, false).replace(/[\r\n]+/g, ' ');
    let html = mergeTags(content.html, record, true);
    if (footer) {
      html = withFooter(
        html,
        footer({ unsubscribeUrl: values.unsubscribe_url, preferencesUrl: values.preferences_url }),
      );
    }
    // Unescaped: the text part shows a name as typed, not as HTML entities.
    const text = fillText(record);
    return { subject, html, text };
  };
}

// The footer with its links left as tags: the text part is a template filled per recipient.
const TAGGED_LINKS = { unsubscribeUrl: '{{unsubscribe_url}}', preferencesUrl: '{{preferences_url}}' };
const unsubscribeTag = /\{\{\s*unsubscribe_url\s*\}\}/;

/**
 * The campaign's text part before its merge tags are filled, worked out once per campaign.
 * Generated: the HTML (with the footer when the HTML gets one) converted once, tags and all.
 * Hand-written: the admin's text as typed; when it has no `{{unsubscribe_url}}` tag, the footer's
 * text (the same unsubscribe line and identity the generated part ends with) is appended, so no
 * text part ever goes out without a way to unsubscribe (decision 024).
 */
function textTemplate(
  content: CampaignRenderContent,
  footer: ReturnType<typeof footerTemplate>,
  htmlGetsFooter: boolean,
): string {
  if (content.text) {
    const text = content.text.trim();
    if (unsubscribeTag.test(text)) return text;
    return `${text}\n\n${htmlToPlainText(footer(TAGGED_LINKS))}`;
  }
  return htmlToPlainText(htmlGetsFooter ? withFooter(content.html, footer(TAGGED_LINKS)) : content.html);
}

/**
 * Per-recipient subject and HTML. Values are HTML-escaped in the body; in the subject (a header)
 * line breaks are flattened so a name typed with a newline cannot inject a header.
 */
export function renderCampaignEmail(
  content: CampaignRenderContent,
  values: CampaignMergeValues,
  site: FooterSite,
): RenderedCampaignEmail {
  return campaignRenderer(content, site)(values);
}
