import type { AppConfig } from '../../config/app-config.ts';
import { listIdHeader } from '../../email/list-id.ts';
import type { EmailMessage } from '../../email/types.ts';
import { ONE_CLICK_PATH, PREFERENCES_PATH, signToken } from '../../unsubscribe/entry.ts';
import { campaignRenderer, contactMergeValues } from '../render.ts';
import type { BatchRecipient, ClaimedBatch } from './batches.ts';

export interface CampaignContent {
  id: string;
  subject: string;
  /** The A/B test's second subject (decision 037), for the recipients whose variant is B. */
  subjectB?: string | null;
  /** The inbox preview text (decision 011); '' or absent: none. */
  preheader?: string;
  html: string;
  /** The hand-written text/plain part; null: generated from the HTML (decision 024). */
  text?: string | null;
  /** Values of the custom merge tags, frozen with the content once sending starts. */
  variables: Readonly<Record<string, string>>;
}

// Sending is refused while a custom tag has no value (docs/decisions/011-merge-variables.md); a tag
// that still reaches here unfilled (a campaign started before that rule) would show the reader
// literal braces, so it is left out instead.
const leftoverTag = /\{\{\s*[\w.]+\s*\}\}/g;

type MessageConfig = Pick<AppConfig, 'appUrl' | 'appSecret' | 'site'>;
type MessageSender = Pick<ClaimedBatch, 'from' | 'replyTo'>;

/**
 * A campaign's message builder: what is the same for every recipient (the footer, the escaped
 * business identity, the List-Id, the page for addresses that are no contact) is prepared
 * once, so a batch of 100 costs 100 signatures and 100 renders, nothing more.
 */
export function campaignMessages(
  config: MessageConfig,
  content: CampaignContent,
): (batch: MessageSender, recipient: BatchRecipient) => EmailMessage {
  const render = campaignRenderer(content, config.site);
  const renderB = content.subjectB
    ? campaignRenderer({ ...content, subject: content.subjectB }, config.site)
    : render;
  // A test-mode address that is no contact has nothing to unsubscribe: the page still explains.
  const page = `${config.appUrl}${PREFERENCES_PATH}`;
  const pageHeader = `<${page}>`;
  const listId = listIdHeader(config);
  return (batch, recipient) => {
    let preferencesUrl = page;
    let headers: Record<string, string> = { 'List-Id': listId, 'List-Unsubscribe': pageHeader };
    if (recipient.contactId) {
      // The links of unsubscribeLinks(), signed once: the token depends only on lead and campaign,
      // so the preferences link and the one-click header share it.
      const token = signToken(config.appSecret, { contactId: recipient.contactId, campaignId: content.id });
      preferencesUrl = `${config.appUrl}${PREFERENCES_PATH}?token=${token}`;
      headers = {
        'List-Id': listId,
        'List-Unsubscribe': `<${config.appUrl}${ONE_CLICK_PATH}?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
    }
    const values = contactMergeValues(
      { email: recipient.email, fullName: recipient.name },
      { unsubscribeUrl: preferencesUrl, preferencesUrl },
    );
    const rendered = (recipient.variant === 'B' ? renderB : render)(values);
    return {
      from: batch.from,
      to: [recipient.email],
      ...(batch.replyTo ? { replyTo: batch.replyTo } : {}),
      subject: rendered.subject.replace(leftoverTag, '').trim() || rendered.subject,
      html: rendered.html.replace(leftoverTag, ''),
      // Most texts have no tag left: skip the regex pass then (the engine renders every message).
      text: rendered.text.includes('{{') ? rendered.text.replace(leftoverTag, '') : rendered.text,
      headers,
      tags: [
        { name: 'campaign_id', value: content.id },
        { name: 'send_id', value: recipient.sendId },
      ],
    };
  };
}

/**
 * One recipient's e-mail: their merge values and signed links, the compliance footer (decision
 * 004), the List-Id (RFC 2919) and RFC 8058 one-click headers, and tags that let provider events be
 * traced back to the campaign and the send. Deterministic: the same batch renders the same bytes,
 * which its idempotency key requires.
 */
export function campaignMessage(
  config: MessageConfig,
  content: CampaignContent,
  batch: MessageSender,
  recipient: BatchRecipient,
): EmailMessage {
  return campaignMessages(config, content)(batch, recipient);
}
