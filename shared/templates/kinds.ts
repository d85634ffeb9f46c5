import { z } from 'zod';
import { BUILT_IN_TAGS, extractVariables, type TemplateData } from './variables.ts';

/**
 * Merge fields of reply templates (admin → Templates, kind "reply"): the seller, the watch and the
 * latest offer, merged through the one merge model of decision 011.
 */
export const REPLY_FIELDS = [
  'first_name',
  'full_name',
  'email',
  'reference',
  'watch_brand',
  'watch_model',
  'watch_year',
  'offer_amount',
  'offer_valid_until',
  'offer_conditions',
  'business_name',
  'business_phone',
] as const;
export type ReplyField = (typeof REPLY_FIELDS)[number];

export const templateKinds = ['marketing', 'reply'] as const;
export const templateKindSchema = z.enum(templateKinds);

/*
 * Which merge tags each template kind may hold (decision 011): exactly those its sending path
 * fills. A campaign fills the recipient fields, the signed links and every custom tag (from the
 * campaign's values); a reply to a seller fills only the reply fields (decision 026): it has no
 * unsubscribe link to sign and no custom values. A tag its path cannot fill would reach the reader
 * as literal braces, so saving or sending it is refused, naming it. The template editor, the reply
 * composer and the server all use this one rule.
 */

export type TemplateKind = (typeof templateKinds)[number];

/** The tags each kind's editor offers: the ones its sending path fills for every recipient. */
export const OFFERED_TAGS: Readonly<Record<TemplateKind, readonly string[]>> = {
  marketing: BUILT_IN_TAGS,
  reply: REPLY_FIELDS,
};

/** Whether a kind's sending path fills tags of the admin's own (a campaign's custom values). */
const TAKES_CUSTOM_TAGS: Readonly<Record<TemplateKind, boolean>> = { marketing: true, reply: false };

const KIND_NOUN: Readonly<Record<TemplateKind, string>> = { marketing: 'a campaign', reply: 'a reply' };

/** Tags, in order of appearance, that a message of this kind could not fill. */
export function unfillableTags(
  kind: TemplateKind,
  ...texts: ReadonlyArray<string | null | undefined>
): string[] {
  if (TAKES_CUSTOM_TAGS[kind]) return [];
  const offered = OFFERED_TAGS[kind];
  const found = texts.flatMap((text) => (text ? extractVariables(text) : []));
  return [...new Set(found)].filter((tag) => !offered.includes(tag));
}

/** The refusal, naming each tag and what the kind can fill instead. */
export function unfillableTagsMessage(kind: TemplateKind, tags: readonly string[]): string {
  const named = tags.map((tag) => `{{${tag}}}`).join(', ');
  const verb = tags.length === 1 ? 'is' : 'are';
  const offered = OFFERED_TAGS[kind].map((tag) => `{{${tag}}}`).join(', ');
  return `${named} ${verb} not filled in ${KIND_NOUN[kind]}: use only ${offered}`;
}

type TemplateTagFields = Pick<
  TemplateData,
  'subject' | 'preheader' | 'htmlContent' | 'textContent' | 'variables'
>;

/** Each field holding a tag its kind cannot fill, with the message that names them. */
export function templateTagIssues(
  kind: TemplateKind,
  data: TemplateTagFields,
): Array<{ path: keyof TemplateTagFields; message: string }> {
  const fields: Array<[keyof TemplateTagFields, string[]]> = [
    ['subject', unfillableTags(kind, data.subject)],
    ['preheader', unfillableTags(kind, data.preheader)],
    ['htmlContent', unfillableTags(kind, data.htmlContent)],
    ['textContent', unfillableTags(kind, data.textContent)],
    // The editor's variable list is what it offers to insert: a tag there must be fillable too.
    ['variables', unfillableTags(kind, ...data.variables.map((name) => `{{${name}}}`))],
  ];
  return fields
    .filter(([, tags]) => tags.length > 0)
    .map(([path, tags]) => ({ path, message: unfillableTagsMessage(kind, tags) }));
}

/** A zod refinement adding those issues to a template's fields. */
export function refineTemplateTags(kind: TemplateKind, data: TemplateTagFields, ctx: z.RefinementCtx): void {
  for (const issue of templateTagIssues(kind, data)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}

/** What a new template of each kind starts with: only tags its path fills. */
export const STARTER_TEMPLATE_HTML: Readonly<Record<TemplateKind, string>> = {
  marketing: `<!DOCTYPE html>
<html>
<body style="margin: 0; font-family: Arial, sans-serif; color: #1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
    <tr>
      <td style="padding: 24px;">
        <h1 style="font-size: 22px;">Hello {{first_name}},</h1>
        <p>Write your message here.</p>
        <p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>
      </td>
    </tr>
  </table>
</body>
</html>`,
  // A reply answers one seller's enquiry: no unsubscribe link (nothing to sign), the reference instead.
  reply: `<!DOCTYPE html>
<html>
<body style="margin: 0; font-family: Arial, sans-serif; color: #1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0">
    <tr>
      <td style="padding: 24px;">
        <p>Hello {{first_name}},</p>
        <p>Write your message here.</p>
        <p>{{business_name}} &middot; {{business_phone}} &middot; Reference {{reference}}</p>
      </td>
    </tr>
  </table>
</body>
</html>`,
};
