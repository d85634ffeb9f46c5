import { type FooterSite, identityFooter } from '#shared/templates/identity-footer.ts';
import { htmlToPlainText } from '../plain-text.ts';
import { emailDocument, type LayoutSite } from './layout.ts';
import { unwrapDocument } from '#shared/templates/layout-shell.ts';
import { marketingLayout } from './marketing.ts';

export type MessageSite = FooterSite & LayoutSite;

/**
 * A message that is no marketing (sign-up, reset, invitation, enquiry notices, the digest): its
 * body in the layout with the identity footer, and its text part converted from that HTML by the
 * one converter every message uses (decisions 024 and 051), so the two parts never drift apart.
 */
export function layoutMessage(
  site: MessageSite,
  content: { title: string; preheader?: string | null; body: string },
): { html: string; text: string } {
  const html = emailDocument({ site, ...content, footer: identityFooter(site) });
  return { html, text: htmlToPlainText(html) };
}

/**
 * An admin-written message that is no marketing (an enquiry reply, decision 026): the sanitised
 * HTML as the layout's body, with the identity footer and no unsubscribe line, and the reply
 * template's preheader (plain text, merged) when it has one.
 */
export function writtenMessage(
  site: MessageSite,
  // `after`: fixed HTML of ours below what the admin wrote (the seller's page button, decision 059).
  content: { title: string; html: string; preheader?: string | null; after?: string },
): {
  html: string;
  text: string;
} {
  const { body, css } = unwrapDocument(content.html);
  const html = marketingLayout(site, { css, preheader: content.preheader })({
    title: content.title,
    body: content.after ? `${body}\n${content.after}` : body,
    footer: identityFooter(site),
  });
  return { html, text: htmlToPlainText(html) };
}
