import { sql } from 'kysely';
import { validateCampaign } from '#shared/campaigns/rules.ts';
import type { AbVariant } from '#shared/campaigns/ab-test.ts';
import type { TestSendVariant } from '#shared/campaigns/schemas.ts';
import type { TemplateKind } from '#shared/templates/kinds.ts';
import { mergeTags, renderPreview } from '#shared/templates/variables.ts';
import { writtenMessage } from '../email/layout/message.ts';
import { listIdHeader } from '../email/list-id.ts';
import { sanitizeMarketingHtml } from '../email/marketing-html.ts';
import { sampleReplyValues } from '../enquiries/entry.ts';
import type { EmailFailure } from '../email/types.ts';
import { consumeRateLimit } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { CampaignError } from './errors.ts';
import { type RenderedCampaignEmail, renderCampaignEmail, sampleMergeValues } from './render.ts';
import { campaignSender } from '../email/from-address.ts';

/** Test sends go straight to the provider; this keeps a stuck button or a script from spamming. */
export const TEST_SEND_LIMIT = { limit: 30, windowSeconds: 10 * 60 };

export class TestSendFailedError extends Error {
  override name = 'TestSendFailedError';
  readonly failure: EmailFailure;

  constructor(failure: EmailFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

export class TestSendRateLimitedError extends Error {
  override name = 'TestSendRateLimitedError';
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(`Too many test emails. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Send Test's refusal for an address on the suppression list (its reason is not shown). */
function suppressedTestMessage(address: string): string {
  return `${address.trim()} is on the suppression list, so no e-mail is sent to it, not even a test.`;
}

/**
 * The tag naming the subject an A/B campaign's test carries ('A' or 'B'). The subject line stays
 * the real one, as the readers get it; the outbox shows the tag (decision 037).
 */
export const TEST_VARIANT_TAG = 'ab_variant';

/** The tag naming the member who sent a test e-mail (their user id). */
export const TEST_SENDER_TAG = 'sent_by';

export interface TestEmailInput {
  to: string;
  subject: string;
  /** The inbox preview text (decision 011), of a campaign or of a reply template. */
  preheader?: string;
  html: string;
  /** The hand-written text/plain part; null or absent: generated from the HTML (decision 024). */
  text?: string | null;
  /**
   * Values for the custom tags (the campaign's values, or the template preview's samples); the
   * standard sample contact fills the recipient fields.
   */
  samples?: Readonly<Record<string, string>>;
  /** An A/B campaign's test (decision 037): which subject this e-mail carries, shown as a tag. */
  variant?: AbVariant;
  /** Whose allowance the send counts against. */
  userId: string;
  kind: 'campaign-test' | 'template-test';
  /**
   * How the content is sent for real: as marketing (footer, List-Id; the default) or as a reply to
   * a seller (decision 026: reply fields only, no marketing footer).
   */
  renderAs?: TemplateKind;
}

/**
 * What a test e-mail (and the preview's plain-text part) shows: the content with the sample
 * contact's fields and the given custom values; a variable without a value shows as [name], never
 * as literal braces (docs/decisions/011-merge-variables.md).
 */
export function renderTestEmail(
  config: Pick<AppServices['config'], 'appUrl' | 'site'>,
  input: Pick<TestEmailInput, 'to' | 'subject' | 'preheader' | 'html' | 'text' | 'samples' | 'renderAs'>,
): RenderedCampaignEmail {
  if (input.renderAs === 'reply') {
    // As enquiries.reply sends it: the sample enquiry's fields (the admin's samples win, except
    // the address), the HTML sanitised, its text generated when queued (decision 024).
    const values = { ...sampleReplyValues(config, input.to), ...input.samples, email: input.to };
    const subject = mergeTags(input.subject, values, false).replace(/\s+/g, ' ').trim();
    const html = sanitizeMarketingHtml(mergeTags(input.html, values, true));
    // The reply template's preheader, filled like the subject, as enquiries.reply sends it.
    const preheader = mergeTags(input.preheader ?? '', values, false)
      .replace(/\s+/g, ' ')
      .trim();
    const message = writtenMessage(config.site, { title: subject, html, preheader });
    return {
      subject: renderPreview(subject, {}),
      html: renderPreview(message.html, {}),
      text: renderPreview(message.text, {}),
    };
  }
  const standard = sampleMergeValues(config, input.to);
  // The admin's samples win, except the address and the links, which must really work.
  const values = {
    ...standard,
    ...input.samples,
    email: standard.email,
    unsubscribe_url: standard.unsubscribe_url,
    preferences_url: standard.preferences_url,
    still_subscribed_url: standard.still_subscribed_url,
  };
  const rendered = renderCampaignEmail(
    {
      subject: input.subject,
      preheader: input.preheader ?? '',
      html: sanitizeMarketingHtml(input.html),
      text: input.text ?? null,
    },
    values,
    config.site,
  );
  return {
    subject: renderPreview(rendered.subject, {}),
    html: renderPreview(rendered.html, {}),
    text: renderPreview(rendered.text, {}),
  };
}

/**
 * Sends one test e-mail now, through the configured transport: the content as a recipient would
 * get it (merge tags filled with sample values, the compliance footer, the List-Id header).
 */
export async function sendTestEmail(
  services: Pick<AppServices, 'db' | 'config' | 'email'>,
  input: TestEmailInput,
): Promise<{ id: string }> {
  // The spec's blocking error, reported as such rather than sanitised away unnoticed.
  const script = validateCampaign({
    name: 'x',
    subject: 'x',
    html: input.html,
    recipientCount: 1,
  }).errors.find((e) => e.code === 'html_script' || e.code === 'html_too_large');
  if (script) throw new CampaignError('BAD_REQUEST', script.message);

  // Every campaign send path honours the suppression list (decision 034), a test too: an erased
  // person's address is only a hash there, which is why this asks the database.
  const listed = await sql<{ reason: string }>`
    SELECT reason FROM email_suppressions WHERE email_hash = email_hash(${input.to})`.execute(services.db);
  if (listed.rows.length > 0) throw new CampaignError('BAD_REQUEST', suppressedTestMessage(input.to));

  const allowance = await consumeRateLimit(services.db, `email-test:user:${input.userId}`, TEST_SEND_LIMIT);
  if (!allowance.allowed) throw new TestSendRateLimitedError(allowance.retryAfterSeconds);

  const sender = await campaignSender(services.db, services.config);
  const rendered = renderTestEmail(services.config, input);
  const result = await services.email.send({
    from: sender.from,
    to: [input.to],
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    // A test shows the message as the list gets it: the same List-Id (decision 004). A reply
    // goes to one seller, on no list.
    ...(input.renderAs === 'reply' ? {} : { headers: { 'List-Id': listIdHeader(services.config) } }),
    // `sent_by`: a Marketer's outbox shows their own test e-mails and nothing else (decision 027).
    tags: [
      { name: 'kind', value: input.kind },
      { name: TEST_SENDER_TAG, value: input.userId },
      ...(input.variant ? [{ name: TEST_VARIANT_TAG, value: input.variant }] : []),
    ],
  });
  if (!result.ok) throw new TestSendFailedError(result.error);
  return { id: result.id };
}

/**
 * A campaign's Send Test: one e-mail with the chosen subject, or for an A/B campaign one per subject
 * ('both'), each tagged with its variant and counted against the member's allowance.
 */
export async function sendCampaignTests(
  services: Pick<AppServices, 'db' | 'config' | 'email'>,
  input: Omit<TestEmailInput, 'subject' | 'variant' | 'kind'> & {
    subject: string;
    subjectB?: string | undefined;
    variant: TestSendVariant;
  },
): Promise<{ sent: AbVariant[] }> {
  const { subjectB, variant, ...content } = input;
  const variants: AbVariant[] = variant === 'both' ? ['A', 'B'] : [variant];
  for (const v of variants) {
    const subject = v === 'B' ? subjectB : content.subject;
    if (subject === undefined) throw new CampaignError('BAD_REQUEST', 'Subject line B is required');
    await sendTestEmail(services, {
      ...content,
      subject,
      kind: 'campaign-test',
      // Only an A/B campaign's tests say which subject they carry.
      ...(subjectB === undefined ? {} : { variant: v }),
    });
  }
  return { sent: variants };
}
