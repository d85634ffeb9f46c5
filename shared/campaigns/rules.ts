import {
  MAX_PREHEADER,
  PREHEADER_LINE_BREAK_MESSAGE,
  PREHEADER_TOO_LONG_MESSAGE,
  tagsLackingValue,
  tagsWithoutValue,
  type VariableValues,
} from '../templates/variables.ts';

/** Campaign limits from the docs/spec/admin.md §9; the client form and the server send path share them. */
export const MAX_RECIPIENTS = 50_000;
export const MAX_SUBJECT = 150;
export const MAX_NAME = 200;
export const MIN_HTML = 50;
export const MAX_HTML_BYTES = 5 * 1024 * 1024;
export const LARGE_CAMPAIGN = 10_000;
export const SAFE_RECIPIENTS = 1_000;

export const CAMPAIGN_READY = 'Campaign Ready';

export const SPAM_WORDS = ['free', 'winner', 'click here', '!!!', 'act now', 'urgent'] as const;

export type CampaignErrorCode =
  | 'name_required'
  | 'name_too_long'
  | 'name_line_break'
  | 'subject_required'
  | 'subject_too_long'
  | 'subject_line_break'
  | 'preheader_too_long'
  | 'preheader_line_break'
  | 'html_too_short'
  | 'html_too_large'
  | 'html_script'
  | 'merge_tag_without_value'
  | 'no_recipients'
  | 'too_many_recipients';

export type CampaignWarningCode =
  | 'missing_html_structure'
  | 'missing_unsubscribe'
  | 'merge_tags'
  | 'large_campaign'
  | 'spam_words'
  | 'excessive_capitals'
  | 'excessive_punctuation';

export interface Issue<Code extends string = string> {
  /** Stable machine code: tests, the server and the UI key on this, never on the message text. */
  code: Code;
  message: string;
}

export interface CampaignValidation {
  errors: Issue<CampaignErrorCode>[];
  warnings: Issue<CampaignWarningCode>[];
  ready: boolean;
}

export interface CampaignDraft {
  name: string;
  subject: string;
  /** The inbox preview text (decision 011): optional, its custom tags need values too. */
  preheader?: string;
  html: string;
  /** The hand-written text/plain part (decision 024): its custom tags need values too. */
  text?: string | null;
  recipientCount: number;
  /** The campaign's custom variable values; every custom tag needs one. */
  variables?: Readonly<VariableValues>;
  /**
   * Made from blocks (decision 092): `html` is the blocks' text or their rendered body, never a
   * whole document, and the layout adds the footer with its unsubscribe link (decisions 004, 051),
   * so the two warnings about the document's own structure and link do not apply.
   */
  fromBlocks?: boolean;
}

const enAU = new Intl.NumberFormat('en-AU');
const lineBreak = /[\r\n]/;

export function utf8ByteLength(value: string): number {
  return new TextEncoder().encode(value).byteLength;
}

function spamWordsIn(subject: string): string[] {
  const lower = subject.toLowerCase();
  return SPAM_WORDS.filter((word) =>
    // Whole words only for alphabetic entries, so "Freestyle" or "Urgently" in a model name is not flagged.
    /^[a-z ]+$/.test(word) ? new RegExp(`\\b${word}\\b`).test(lower) : lower.includes(word),
  );
}

/** True when a subject over 10 characters has more than half of its letters in capitals. */
export function hasExcessiveCapitals(subject: string): boolean {
  if (subject.length <= 10) return false;
  const letters = subject.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  const capitals = letters.filter((ch) => /\p{Lu}/u.test(ch)).length;
  return capitals / letters.length > 0.5;
}

export function punctuationMarkCount(subject: string): number {
  return (subject.match(/[!?]/g) ?? []).length;
}

/**
 * Checks a campaign before it is sent. Errors block sending and are reported in the spec's order;
 * warnings only inform. `ready` is the all-clear that the form shows as CAMPAIGN_READY.
 */
export function validateCampaign(draft: CampaignDraft): CampaignValidation {
  const {
    name,
    subject,
    preheader = '',
    html,
    text,
    recipientCount,
    variables = {},
    fromBlocks = false,
  } = draft;
  const errors: Issue<CampaignErrorCode>[] = [];
  const warnings: Issue<CampaignWarningCode>[] = [];

  const trimmedName = name.trim();
  if (trimmedName === '') {
    errors.push({ code: 'name_required', message: 'Campaign name is required' });
  } else {
    if (trimmedName.length > MAX_NAME) {
      errors.push({ code: 'name_too_long', message: `Name must be less than ${MAX_NAME} characters` });
    }
    // Checked on the raw value: a trailing newline that the UI would trim could still reach storage.
    if (lineBreak.test(name)) {
      errors.push({ code: 'name_line_break', message: 'Name cannot contain line breaks' });
    }
  }

  const trimmedSubject = subject.trim();
  if (trimmedSubject === '') {
    errors.push({ code: 'subject_required', message: 'Subject line is required' });
  } else {
    if (trimmedSubject.length > MAX_SUBJECT) {
      errors.push({
        code: 'subject_too_long',
        message: `Subject must be less than ${MAX_SUBJECT} characters`,
      });
    }
    // The subject becomes a mail header; a line break there is header injection.
    if (lineBreak.test(subject)) {
      errors.push({ code: 'subject_line_break', message: 'Subject cannot contain line breaks' });
    }
  }

  if (preheader.trim().length > MAX_PREHEADER) {
    errors.push({ code: 'preheader_too_long', message: PREHEADER_TOO_LONG_MESSAGE });
  }
  if (lineBreak.test(preheader)) {
    errors.push({ code: 'preheader_line_break', message: PREHEADER_LINE_BREAK_MESSAGE });
  }

  // Blocks are checked block by block (blockDocumentSchema); their text may well be short.
  if (!fromBlocks && html.trim().length < MIN_HTML) {
    errors.push({ code: 'html_too_short', message: `Email content must be at least ${MIN_HTML} characters` });
  }
  const htmlBytes = utf8ByteLength(html);
  if (htmlBytes >= MAX_HTML_BYTES) {
    const mb = (htmlBytes / (1024 * 1024)).toFixed(2);
    errors.push({
      code: 'html_too_large',
      message: `Email content is too large (${mb} MB). Must be less than 5MB`,
    });
  }
  if (/<script/i.test(html)) {
    errors.push({ code: 'html_script', message: 'Email content cannot contain <script> tags' });
  }

  // A tag nobody fills would reach every reader as a gap or an empty link (docs/decisions/011-merge-variables.md).
  // The preheader is read right after the subject, so its tags are listed after the subject's.
  const body = [preheader, html, text].filter(Boolean).join('\n');
  for (const tag of tagsWithoutValue(subject, body, variables)) {
    errors.push({
      code: 'merge_tag_without_value',
      message: `Merge tag {{${tag}}} has no value: enter one under Merge values`,
    });
  }

  if (!(recipientCount > 0)) {
    errors.push({ code: 'no_recipients', message: 'No recipients selected for this campaign' });
  } else if (recipientCount > MAX_RECIPIENTS) {
    errors.push({
      code: 'too_many_recipients',
      message: `Campaign exceeds maximum recipient limit of ${enAU.format(MAX_RECIPIENTS)}`,
    });
  }

  if (!fromBlocks && (!/<html[\s>]/i.test(html) || !/<body[\s>]/i.test(html))) {
    warnings.push({
      code: 'missing_html_structure',
      message: 'Email content is missing <html> or <body> tags',
    });
  }
  if (!fromBlocks && !/unsubscribe/i.test(html)) {
    warnings.push({
      code: 'missing_unsubscribe',
      message: 'No unsubscribe link found. One will be added automatically.',
    });
  }
  // Only a tag that lacks a value for some reader is worth a warning (decision 011): recipient
  // fields fall back to a default ("there"), the address and the links always have one, so a
  // content whose every tag is filled says nothing here.
  const lacking = tagsLackingValue(subject, body, variables);
  if (lacking.length > 0) {
    const listed = lacking.map((t) => `{{${t}}}`).join(', ');
    warnings.push({
      code: 'merge_tags',
      message: `Found ${lacking.length} merge tag(s) without a value: ${listed}`,
    });
  }
  if (recipientCount > LARGE_CAMPAIGN) {
    warnings.push({
      code: 'large_campaign',
      message: `Large campaign: ${enAU.format(recipientCount)} recipients. Consider sending in smaller segments.`,
    });
  }
  const spam = spamWordsIn(subject);
  if (spam.length > 0) {
    warnings.push({ code: 'spam_words', message: `Subject contains spam trigger words: ${spam.join(', ')}` });
  }
  if (hasExcessiveCapitals(trimmedSubject)) {
    warnings.push({
      code: 'excessive_capitals',
      message: 'Subject has too many capital letters, which can trigger spam filters',
    });
  }
  if (punctuationMarkCount(subject) > 2) {
    warnings.push({
      code: 'excessive_punctuation',
      message: 'Subject has too many exclamation or question marks, which can trigger spam filters',
    });
  }

  return { errors, warnings, ready: errors.length === 0 && warnings.length === 0 };
}

/** Save Draft and Send Test need the three content fields, nothing more. */
export function canSaveDraft(draft: Pick<CampaignDraft, 'name' | 'subject' | 'html'>): boolean {
  return draft.name.trim() !== '' && draft.subject.trim() !== '' && draft.html.trim() !== '';
}

const basicEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Comma-separated test addresses: trimmed, invalid ones dropped, duplicates (any case) kept once. */
export function parseTestEmails(input: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const part of input.split(',')) {
    const email = part.trim();
    if (!basicEmail.test(email)) continue;
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(email);
  }
  return result;
}

export type RiskLevel = 'safe' | 'medium' | 'danger';

/** Risk shown in the Send Now confirmation dialog. */
export function riskLevel(recipients: number): { level: RiskLevel; message: string } {
  const count = enAU.format(recipients);
  if (recipients <= SAFE_RECIPIENTS) {
    return { level: 'safe', message: `Sending to ${count} recipients. This is a safe volume.` };
  }
  if (recipients <= LARGE_CAMPAIGN) {
    return {
      level: 'medium',
      message: `Sending to ${count} recipients. Tip: monitor the bounce rate closely while the campaign sends.`,
    };
  }
  return {
    level: 'danger',
    message: `Warning: sending to ${count} recipients. Large sends can harm sender reputation; make sure the list is clean or send in smaller segments.`,
  };
}

export interface SendNowInput {
  validation: Pick<CampaignValidation, 'errors'>;
  testMode: boolean;
  /** Raw comma-separated field text, or an already parsed list. */
  testEmails: string | readonly string[];
  subscriberCount: number;
}

/**
 * Send Now is allowed when the campaign has no errors (warnings do not block) and it has someone to
 * send to: a valid test address in test mode, otherwise at least one subscriber.
 */
export function canSendNow({ validation, testMode, testEmails, subscriberCount }: SendNowInput): boolean {
  if (validation.errors.length > 0) return false;
  if (testMode) {
    const valid =
      typeof testEmails === 'string' ? parseTestEmails(testEmails) : parseTestEmails(testEmails.join(','));
    return valid.length > 0;
  }
  return subscriberCount > 0;
}
