import type { SiteConfig } from '../site/config.ts';
import { escapeHtml } from './variables.ts';

/*
 * The footer of every marketing e-mail (decision 004): why the reader gets it, the sender's
 * identity (legal name, ABN, address, phone, e-mail, licence; Spam Act 2003 s 17), and the
 * unsubscribe line when the HTML has no unsubscribe link of its own. The identity is added
 * whatever the template holds: a template's own "unsubscribe" link says nothing about who sent it.
 * In shared/ so the admin's previews show the same footer the sending engine adds.
 */

const unsubscribeHref =
  /<a\b[^>]*\bhref\s*=\s*["']?[^"'>]*(?:\{\{\s*(?:unsubscribe_url|preferences_url)\s*\}\}|unsubscribe)/i;
const unsubscribeAnchorText = /<a\b[^>]*>(?:(?!<\/a>)[\s\S])*unsubscribe/i;

/** Whether the HTML already gives the reader a way out: a link to, or labelled, unsubscribe. */
export function hasUnsubscribeLink(html: string): boolean {
  return unsubscribeHref.test(html) || unsubscribeAnchorText.test(html);
}

export type FooterSite = Pick<
  SiteConfig,
  'name' | 'legalName' | 'abn' | 'address' | 'phone' | 'email' | 'licence'
>;

export interface FooterLinks {
  unsubscribeUrl: string;
  preferencesUrl: string;
}

/** The sender's identity lines, escaped: the end of every footer, marketing or not (decision 051). */
function identityLines(site: FooterSite): string {
  const { streetAddress, addressLocality, addressRegion, postalCode } = site.address;
  const address = `${streetAddress}, ${addressLocality} ${addressRegion} ${postalCode}`;
  // One line each, so the text part (wrapped at 78 characters, decision 024) breaks none of them.
  return `<p style="margin: 0;">${escapeHtml(site.legalName)} &middot; ABN ${escapeHtml(site.abn)}<br>${escapeHtml(address)}<br>${escapeHtml(site.phone)} &middot; ${escapeHtml(site.email)}</p>
<p style="margin: 0;">${escapeHtml(site.licence)}</p>`;
}

/**
 * The footer of a message that is no marketing (decision 051): the identity alone, in the same
 * small type as the marketing footer.
 */
export function identityFooter(site: FooterSite): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top: 24px; border-top: 1px solid #e5e7eb;">
<tr><td align="center" style="padding: 16px; font-family: Arial, sans-serif; font-size: 12px; line-height: 1.5; color: #6b7280;">
${identityLines(site)}
</td></tr></table>`;
}

/**
 * The footer with the business's identity escaped once: only the two links differ from one
 * recipient to the next, and a campaign renders thousands of footers with the same identity.
 * Called with null links, it has no unsubscribe line (the HTML has its own).
 */
export function footerTemplate(site: FooterSite): (links: FooterLinks | null) => string {
  const small = 'font-family: Arial, sans-serif; font-size: 12px; line-height: 1.5; color: #6b7280;';
  const head = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top: 24px; border-top: 1px solid #e5e7eb;">
<tr><td align="center" style="padding: 16px; ${small}">
<p style="margin: 0 0 8px;">You are receiving this email because you asked ${escapeHtml(site.name)} for market updates and offers.</p>
`;
  const linksHead = `<p style="margin: 0 0 8px;"><a href="`;
  const linksMiddle = `" style="color: #6b7280;">Unsubscribe</a> &middot; <a href="`;
  const linksTail = `" style="color: #6b7280;">Manage email preferences</a></p>
`;
  const tail = `${identityLines(site)}
</td></tr></table>`;
  return (links) =>
    links
      ? `${head}${linksHead}${escapeHtml(links.unsubscribeUrl)}${linksMiddle}${escapeHtml(links.preferencesUrl)}${linksTail}${tail}`
      : `${head}${tail}`;
}

/** The footer before `</body>`, or at the end of HTML without one. */
export function withFooter(html: string, footer: string): string {
  const bodyEnd = html.search(/<\/body\s*>/i);
  if (bodyEnd === -1) return `${html}\n${footer}`;
  return `${html.slice(0, bodyEnd)}${footer}\n${html.slice(bodyEnd)}`;
}

/**
 * A marketing e-mail's HTML as the reader gets it: the footer always, its unsubscribe line only
 * when the stored HTML (`source`, tags unfilled, as the engine decides) has no unsubscribe link.
 * For one-off renders (the admin's previews); the engine keeps the prepared `footerTemplate`.
 */
export function withIdentityFooter(
  rendered: string,
  source: string,
  site: FooterSite,
  links: FooterLinks,
): string {
  return withFooter(rendered, footerTemplate(site)(hasUnsubscribeLink(source) ? null : links));
}

/**
 * An admin preview of marketing HTML with the footer the reader will get; its links go to the
 * public preferences page, as a test e-mail's do (no contact, so no signed token).
 */
export function previewWithIdentityFooter(
  rendered: string,
  source: string,
  site: FooterSite & Pick<SiteConfig, 'url'>,
): string {
  const page = `${site.url}/unsubscribe`;
  return withIdentityFooter(rendered, source, site, { unsubscribeUrl: page, preferencesUrl: page });
}
