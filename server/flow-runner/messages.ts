import type { AppConfig } from '../config/app-config.ts';
import { listIdHeader } from '../email/list-id.ts';
import type { EmailMessage } from '../email/types.ts';
import { campaignRenderer, contactMergeValues } from '../campaigns/entry.ts';
import { ONE_CLICK_PATH, PREFERENCES_PATH, signToken } from '../unsubscribe/entry.ts';

// A flow's marketing e-mail for one contact, rendered exactly as a campaign message is
// (server/campaigns/engine/messages.ts): merge tags, the layout (decision 051), the preheader, the
// text part (decision 024), the footer, List-Id and the RFC 8058 one-click headers. The unsubscribe
// token names the flow instead of a campaign (decision 065), so an unsubscribe records the flow.

/** A marketing template as a batch fixed it when claimed. */
export interface FlowTemplateContent {
  subject: string;
  preheader: string;
  html: string;
  text: string | null;
  variables: Record<string, string>;
}

export interface FlowRecipient {
  runId: string;
  stepId: string;
  flowId: string;
  contactId: string;
  templateId: string;
  email: string;
  name: string | null;
}

type MessageConfig = Pick<AppConfig, 'appUrl' | 'appSecret' | 'site'>;

const leftoverTag = /\{\{\s*[\w.]+\s*\}\}/g;

/** The builder for one batch: each template's renderer is made once, as a campaign's is. */
export function flowMessages(
  config: MessageConfig,
  content: Readonly<Record<string, FlowTemplateContent>>,
  sender: { from: string; replyTo: string | null },
): (recipient: FlowRecipient) => EmailMessage {
  const renderers = new Map(
    Object.entries(content).map(([id, template]) => [id, campaignRenderer(template, config.site)]),
  );
  const listId = listIdHeader(config);
  return (recipient) => {
    const render = renderers.get(recipient.templateId);
    if (!render) throw new Error(`The batch has no content for template ${recipient.templateId}`);
    const token = signToken(config.appSecret, { contactId: recipient.contactId, flowId: recipient.flowId });
    const preferencesUrl = `${config.appUrl}${PREFERENCES_PATH}?token=${token}`;
    const values = contactMergeValues(
      { email: recipient.email, fullName: recipient.name },
      { unsubscribeUrl: preferencesUrl, preferencesUrl },
    );
    const rendered = render(values);
    return {
      from: sender.from,
      to: [recipient.email],
      ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
      subject: rendered.subject.replace(leftoverTag, '').trim() || rendered.subject,
      html: rendered.html.replace(leftoverTag, ''),
      text: rendered.text.includes('{{') ? rendered.text.replace(leftoverTag, '') : rendered.text,
      headers: {
        'List-Id': listId,
        'List-Unsubscribe': `<${config.appUrl}${ONE_CLICK_PATH}?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      tags: [
        { name: 'flow_id', value: recipient.flowId },
        { name: 'run_id', value: recipient.runId },
        { name: 'step_id', value: recipient.stepId },
      ],
    };
  };
}
