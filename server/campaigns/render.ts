import { footerTemplate, hasUnsubscribeLink, withFooter } from '#shared/templates/identity-footer.ts';
import { compileMergeTags, mergeTags } from '#shared/templates/variables.ts';
import { STILL_SUBSCRIBED_PARAM } from '#shared/preferences/schemas.ts';
import type { AppConfig } from '../config/app-config.ts';
import { unwrapDocument } from '#shared/templates/layout-shell.ts';
import { marketingLayout } from '../email/layout/marketing.ts';
import type { MessageSite } from '../email/layout/message.ts';
import { htmlToPlainText } from '../email/plain-text.ts';
import { withPreheader } from '../email/preheader.ts';
import { PREFERENCES_PATH } from '../unsubscribe/entry.ts';

/*
 * Turns stored campaign content into what one recipient receives: merge tags filled, and the
 * compliance footer added to every message: the business's identity always (Spam Act s 17), the
 * unsubscribe line when the HTML has no unsubscribe link of its own (decision 004). Send Test
 * uses it with sample values; the sending engine uses it with each recipient's values and links.
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
  /** The preferences page with its "yes, keep me subscribed" answer (decision 089). */
  still_subscribed_url: string;
}

/** The re-permission answer is the preferences page asked to show it (decision 089). */
function stillSubscribedUrl(preferencesUrl: string): string {
  return `${preferencesUrl}${preferencesUrl.includes('?') ? '&' : '?'}${STILL_SUBSCRIBED_PARAM}=1`;
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
    still_subscribed_url: stillSubscribedUrl(preferencesPage),
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
    still_subscribed_url: stillSubscribedUrl(links.preferencesUrl),
  };
}

/** What a campaign renders: its content and the values of its custom merge tags. */
export interface CampaignRenderContent {
  subject: string;
  /** The inbox preview text (decision 011); '' or absent: none. */
  preheader?: string;
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
  site: MessageSite,
): (values: CampaignMergeValues) => RenderedCampaignEmail {
  // Decided on the stored HTML, so a link written as {{unsubscribe_url}} counts.
  const ownLink = hasUnsubscribeLink(content.html);
  const footer = footerTemplate(site);
  // The campaign's HTML is the body of the layout (decision 051), rendered once per campaign.
  const { body, css } = unwrapDocument(content.html);
  const inLayout = marketingLayout(site, { css });
  // Without links the footer is the same for every recipient: built once.
  const sameFooter = ownLink ? footer(null) : null;
  const campaignValues = content.variables ?? {};
  const fillText = compileMergeTags(textTemplate(content, footer, ownLink));
  return (values) => {
    // The campaign's values fill its custom tags; a recipient field or system link always comes
    // from the recipient, whatever the campaign carries under that name.
    const record: Record<string, string> = { ...campaignValues, ...values };
    const subjectValues = Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, value.replace(/[\r\n]+/g, ' ')]),
    );
    const subject = mergeTags(content.subject, subjectValues, false).replace(/[\r\n]+/g, ' ');
    // Filled like the subject (one line, unescaped); preheaderHtml escapes the result once. Not in
    // the text part: a text reader sees the whole message, and the text was made from the bare HTML.
    const preheader = content.preheader ? mergeTags(content.preheader, subjectValues, false) : '';
    const html = withPreheader(
      inLayout({
        title: subject,
        body: mergeTags(body, record, true),
        footer:
          sameFooter ??
          footer({ unsubscribeUrl: values.unsubscribe_url, preferencesUrl: values.preferences_url }),
      }),
      preheader,
    );
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
 * Generated: the HTML with its footer converted once, tags and all. Hand-written: the admin's
 * text as typed, followed by the footer's text: the identity always, the unsubscribe line when
 * the text has no `{{unsubscribe_url}}` tag, so no text part goes out without the sender's
 * identity or a way to unsubscribe (decisions 004 and 024).
 */
function textTemplate(
  content: CampaignRenderContent,
  footer: ReturnType<typeof footerTemplate>,
  htmlHasOwnLink: boolean,
): string {
  if (content.text) {
    const text = content.text.trim();
    return `${text}\n\n${linksOnTheirOwnLines(htmlToPlainText(footer(unsubscribeTag.test(text) ? null : TAGGED_LINKS)))}`;
  }
  return linksOnTheirOwnLines(
    htmlToPlainText(withFooter(content.html, footer(htmlHasOwnLink ? null : TAGGED_LINKS))),
  );
}

// The text is wrapped while its links are still short tags; a signed link is far longer once
// filled, so each goes on a line of its own, where it breaks no other line past 78 (decision 051).
const taggedLink = / ?(\[\{\{\s*(?:unsubscribe_url|preferences_url)\s*\}\}\]) ?/g;
// The footer's link line ("Unsubscribe · Manage email preferences") as html-to-text wraps it; in
// the text part it becomes two labelled links, each label on its line and its URL on the next,
// rather than a middle dot stranded between them.
const footerLinks =
  /Unsubscribe\s+\[\{\{unsubscribe_url\}\}\]\s+·\s+Manage\s+email\s+preferences\s+\[\{\{preferences_url\}\}\]/;
const FOOTER_LINKS_TEXT =
  'Unsubscribe:\n{{unsubscribe_url}}\n\nManage email preferences:\n{{preferences_url}}';
function linksOnTheirOwnLines(text: string): string {
  return text.replace(footerLinks, FOOTER_LINKS_TEXT).replace(taggedLink, '\n$1\n');
}

/**
 * Per-recipient subject and HTML. Values are HTML-escaped in the body; in the subject (a header)
 * line breaks are flattened so a name typed with a newline cannot inject a header.
 */
export function renderCampaignEmail(
  content: CampaignRenderContent,
  values: CampaignMergeValues,
  site: MessageSite,
): RenderedCampaignEmail {
  return campaignRenderer(content, site)(values);
}
