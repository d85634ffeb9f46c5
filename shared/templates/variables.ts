import { z } from 'zod';

/**
 * Template variables are `{{name}}` merge tags. Names are ASCII word characters only so that a tag can
 * never smuggle markup or spaces into a name; `{{ name }}` (spaces inside the braces) is accepted because
 * editors and people type it that way and both forms must render identically.
 */

// A fresh RegExp per call: a shared global regex keeps `lastIndex` state between calls.
const tagPattern = (): RegExp => /\{\{\s*(\w+)\s*\}\}/g;

export const VARIABLE_NAME_PATTERN = /^\w+$/;
export const MAX_VARIABLES = 100;
export const MAX_TEMPLATE_NAME = 200;
export const MAX_TEMPLATE_SUBJECT = 150;
/** Inbox lists show 40 to 140 characters after the subject; more is never seen. */
export const MAX_PREHEADER = 150;
export const PREHEADER_LINE_BREAK_MESSAGE = 'Preheader cannot contain line breaks';
export const PREHEADER_TOO_LONG_MESSAGE = `Preheader must be less than ${MAX_PREHEADER} characters`;
export const MAX_TEMPLATE_DESCRIPTION = 500;
export const MAX_TEMPLATE_HTML_BYTES = 5 * 1024 * 1024;
/** A hand-written plain-text part longer than this is no e-mail anybody reads as text. */
export const MAX_TEXT_CONTENT_BYTES = 1024 * 1024;
export const TEXT_CONTENT_TOO_LARGE_MESSAGE = 'Plain-text version must be less than 1MB';

export const VARIABLE_REQUIRED_MESSAGE = 'Variable name is required';
export const VARIABLE_INVALID_NAME_MESSAGE =
  'Variable names can only contain letters, numbers and underscores';
export const VARIABLE_EXISTS_MESSAGE = 'Variable already exists';

/** Unique variable names in the order they first appear in the HTML. */
export function extractVariables(html: string): string[] {
  const seen = new Set<string>();
  for (const match of html.matchAll(tagPattern())) {
    const name = match[1];
    if (name !== undefined) seen.add(name);
  }
  return [...seen];
}

/**
 * The one merge model (docs/decisions/011-merge-variables.md): every `{{tag}}` in a subject or HTML is
 * a recipient field (filled per contact), a system link (signed per contact), or a custom variable
 * whose value the campaign carries, copied from the template's defaults and editable on the form.
 */
export const RECIPIENT_FIELDS = ['first_name', 'full_name', 'email'] as const;
/** `still_subscribed_url`: the preferences page asking "keep me subscribed?" (decision 089). */
export const SYSTEM_LINKS = ['unsubscribe_url', 'preferences_url', 'still_subscribed_url'] as const;
export const BUILT_IN_TAGS: readonly string[] = [...RECIPIENT_FIELDS, ...SYSTEM_LINKS];
export const MAX_VARIABLE_VALUE = 2000;

/** Custom variable values: one per name, plain text (escaped when merged into HTML). */
export const variableValuesSchema = z
  .record(
    z.string().regex(VARIABLE_NAME_PATTERN, VARIABLE_INVALID_NAME_MESSAGE),
    z.string().max(MAX_VARIABLE_VALUE, `A variable value must be less than ${MAX_VARIABLE_VALUE} characters`),
  )
  .refine((values) => Object.keys(values).length <= MAX_VARIABLES, `At most ${MAX_VARIABLES} variables`)
  .default({});
export type VariableValues = Record<string, string>;

/** Every tag of a subject and its HTML, subject first, each once. */
export function contentTags(subject: string, html: string): string[] {
  return [...new Set([...extractVariables(subject), ...extractVariables(html)])];
}

/**
 * The preheader (decision 011): the hidden preview text a mail client shows after the subject in
 * the inbox list. Optional ('' is none); merge tags as in the subject. One line, like the subject:
 * a line break would show as a gap in the list and says the admin typed something else.
 */
export const preheaderSchema = z
  .string()
  .refine((p) => !/[\r\n]/.test(p), PREHEADER_LINE_BREAK_MESSAGE)
  .trim()
  .max(MAX_PREHEADER, PREHEADER_TOO_LONG_MESSAGE)
  .nullish()
  .transform((p) => p ?? '');

/** The tags a campaign must carry a value for: everything that is not built in. */
export function customTags(subject: string, html: string): string[] {
  return contentTags(subject, html).filter((tag) => !BUILT_IN_TAGS.includes(tag));
}

/** Custom tags with no value (missing or blank): each one blocks sending. */
export function tagsWithoutValue(subject: string, html: string, values: Readonly<VariableValues>): string[] {
  return customTags(subject, html).filter((tag) => (lookup(values, tag) ?? '').trim() === '');
}

/**
 * The tags some reader would get without a value, in the content's order: a recipient field has a
 * default for a contact without a name ("there", server/campaigns/render.ts), the address and the
 * signed links are always there, so only a custom tag the campaign gives no non-blank value
 * lacks one. The merge-tag warning lists these and nothing else (decision 011).
 */
export function tagsLackingValue(subject: string, html: string, values: Readonly<VariableValues>): string[] {
  return contentTags(subject, html).filter(
    (tag) => !BUILT_IN_TAGS.includes(tag) && (lookup(values, tag) ?? '').trim() === '',
  );
}

/** Only the values the content uses: a value for a tag since removed is not kept. */
export function usedValues(subject: string, html: string, values: Readonly<VariableValues>): VariableValues {
  const used: VariableValues = {};
  for (const tag of customTags(subject, html)) {
    const value = lookup(values, tag);
    if (value !== undefined) used[tag] = value;
  }
  return used;
}

export type AddVariableResult = { ok: true; list: string[] } | { ok: false; list: string[]; error: string };

/** Adds a variable typed by the user; on failure the list comes back unchanged with the reason. */
export function addVariable(list: readonly string[], name: string): AddVariableResult {
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false, list: [...list], error: VARIABLE_REQUIRED_MESSAGE };
  if (!VARIABLE_NAME_PATTERN.test(trimmed)) {
    return { ok: false, list: [...list], error: VARIABLE_INVALID_NAME_MESSAGE };
  }
  // Exact comparison: tags are case-sensitive when merged, so `Name` and `name` are different variables.
  if (list.includes(trimmed)) return { ok: false, list: [...list], error: VARIABLE_EXISTS_MESSAGE };
  return { ok: true, list: [...list, trimmed] };
}

// Object.hasOwn, not `in` or indexing: a tag such as {{constructor}} must not pick up Object.prototype.
function lookup(values: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

/**
 * mergeTags() without escaping, prepared once for a template filled many times (a campaign's text
 * part): the template is split at its tags up front, so each fill is a join, not a regex pass.
 */
export function compileMergeTags(template: string): (values: Readonly<Record<string, string>>) => string {
  const literals: string[] = [];
  const tags: Array<{ name: string; text: string }> = [];
  let last = 0;
  for (const match of template.matchAll(tagPattern())) {
    literals.push(template.slice(last, match.index));
    tags.push({ name: match[1] ?? '', text: match[0] });
    last = match.index + match[0].length;
  }
  literals.push(template.slice(last));
  return (values) => {
    let out = literals[0] ?? '';
    for (let i = 0; i < tags.length; i += 1) {
      const tag = tags[i];
      if (tag) out += (lookup(values, tag.name) ?? tag.text) + (literals[i + 1] ?? '');
    }
    return out;
  };
}

/** Admin preview: every tag becomes its sample value, or `[name]` so missing samples stay visible. */
export function renderPreview(html: string, samples: Readonly<Record<string, string>>): string {
  // A replacer function rather than a replacement string, so `$&` or `$1` in a value is not expanded.
  return html.replace(tagPattern(), (_tag, name: string) => lookup(samples, name) ?? `[${name}]`);
}

const htmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => htmlEscapes[ch] ?? ch);
}

/**
 * Per-recipient rendering. Values come from contact data (names typed by the public), so they are escaped
 * when merged into HTML; `escape` is false for plain-text parts such as the subject. Unknown tags are kept
 * verbatim so a later pass (or a human reading the sent copy) can still see them.
 */
export function mergeTags(html: string, values: Readonly<Record<string, string>>, escape: boolean): string {
  return html.replace(tagPattern(), (tag, name: string) => {
    const value = lookup(values, name);
    if (value === undefined) return tag;
    return escape ? escapeHtml(value) : value;
  });
}

function utf8ByteLength(value: string): number {
  return new TextEncoder().encode(value).byteLength;
}

/**
 * The optional hand-written text/plain part of a template or campaign (decision 024). Blank means
 * none: the text is generated from the HTML. Not trimmed otherwise, so the line layout the admin
 * typed is what the reader gets.
 */
export const textContentSchema = z
  .string()
  .refine((t) => utf8ByteLength(t) < MAX_TEXT_CONTENT_BYTES, TEXT_CONTENT_TOO_LARGE_MESSAGE)
  .nullish()
  .transform((t) => (t && t.trim() !== '' ? t : null));

export const templateInputSchema = z.object({
  templateName: z
    .string({ error: 'Template name is required' })
    // Checked before trimming, so a trailing line break is refused rather than silently dropped.
    .refine((s) => !/[\r\n]/.test(s), 'Template name cannot contain line breaks')
    .trim()
    .min(1, 'Template name is required')
    .max(MAX_TEMPLATE_NAME, `Template name must be less than ${MAX_TEMPLATE_NAME} characters`),
  subject: z
    .string({ error: 'Subject is required' })
    // The subject becomes a mail header; a line break there is header injection.
    .refine((s) => !/[\r\n]/.test(s), 'Subject cannot contain line breaks')
    .trim()
    .min(1, 'Subject is required')
    .max(MAX_TEMPLATE_SUBJECT, `Subject must be less than ${MAX_TEMPLATE_SUBJECT} characters`),
  /** Inbox preview text; '' or absent: none. */
  preheader: preheaderSchema,
  description: z
    .string()
    .trim()
    .max(MAX_TEMPLATE_DESCRIPTION, `Description must be less than ${MAX_TEMPLATE_DESCRIPTION} characters`)
    .nullish()
    .transform((d) => (d ? d : null)),
  // Not trimmed: leading/trailing whitespace is harmless in HTML and the editor should get back what it saved.
  htmlContent: z
    .string({ error: 'HTML content is required' })
    .refine((h) => h.trim() !== '', 'HTML content is required')
    .refine((h) => utf8ByteLength(h) < MAX_TEMPLATE_HTML_BYTES, 'HTML content must be less than 5MB'),
  /** Plain-text version; null or absent: generated from the HTML. */
  textContent: textContentSchema,
  variables: z
    .array(z.string().regex(VARIABLE_NAME_PATTERN, VARIABLE_INVALID_NAME_MESSAGE))
    .max(MAX_VARIABLES, `A template can have at most ${MAX_VARIABLES} variables`)
    .refine((list) => new Set(list).size === list.length, 'Variables must be unique')
    .default([]),
  /** Sample and default values: the preview shows them, a campaign made from the template copies them. */
  variableDefaults: variableValuesSchema,
});

export type TemplateData = z.output<typeof templateInputSchema>;
