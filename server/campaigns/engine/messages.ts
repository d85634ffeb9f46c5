import type { AppConfig } from '../../config/app-config.ts';
import type { EmailMessage } from '../../email/types.ts';
import { PREFERENCES_PATH, unsubscribeLinks } from '../../unsubscribe/links.ts';
import { contactMergeValues, renderCampaignEmail } from '../render.ts';
import type { BatchRecipient, ClaimedBatch } from './batches.ts';

export interface CampaignContent {
  id: string;
  subject: string;
  html: string;
}

// A tag the merge values do not fill (a template variable meant for a preview sample) would reach
// the reader as literal braces: it is left out instead.
const leftoverTag = /\{\{\s*[\w.]+\s*\}\}/g;

/**
 * One recipient's e-mail: their merge values and signed links, the compliance footer when the
 * HTML has no unsubscribe link, RFC 8058 one-click headers, and tags that let provider events be
 * traced back to the campaign and the send. Deterministic: the same batch renders the same bytes,
 * which its idempotency key requires.
 */
export function campaignMessage(
  config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'site'>,
  content: CampaignContent,
  batch: Pick<ClaimedBatch, 'from' | 'replyTo'>,
  recipient: BatchRecipient,
): EmailMessage {
  let links: { preferencesUrl: string; unsubscribeUrl: string; headers: Record<string, string> };
  if (recipient.leadId) {
    const signed = unsubscribeLinks(config, { leadId: recipient.leadId, campaignId: content.id });
    links = {
      preferencesUrl: signed.preferencesUrl,
      unsubscribeUrl: signed.preferencesUrl,
      headers: signed.headers,
    };
  } else {
    // A test-mode address that is no contact has nothing to unsubscribe: the page still explains.
    const page = `${config.appUrl}${PREFERENCES_PATH}`;
    links = { preferencesUrl: page, unsubscribeUrl: page, headers: { 'List-Unsubscribe': `<${page}>` } };
  }
  const values = contactMergeValues(
    { email: recipient.email, fullName: recipient.name },
    { unsubscribeUrl: links.unsubscribeUrl, preferencesUrl: links.preferencesUrl },
  );
  const rendered = renderCampaignEmail({ subject: content.subject, html: content.html }, values, config.site);
  return {
    from: batch.from,
    to: [recipient.email],
    ...(batch.replyTo ? { replyTo: batch.replyTo } : {}),
    subject: rendered.subject.replace(leftoverTag, '').trim() || rendered.subject,
    html: rendered.html.replace(leftoverTag, ''),
    headers: links.headers,
    tags: [
      { name: 'campaign_id', value: content.id },
      { name: 'send_id', value: recipient.sendId },
    ],
  };
}
