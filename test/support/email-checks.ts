import { HtmlValidate } from 'html-validate';

// html-validate's recommended rules, less what e-mail needs and the web does not (decision 051).
// Each exception says why; anything else in any message is an error. One configuration for every
// test that checks a message (the layout's message types, blocks templates, decision 054).
export const emailValidator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Many clients drop <style> (Gmail on other accounts' mail, Outlook for some rules): the
    // styles that matter are inline.
    'no-inline-style': 'off',
    // width, align, bgcolor, cellpadding, cellspacing and border are what Outlook's Word engine
    // lays a table out by; CSS alone is not enough there.
    'no-deprecated-attr': 'off',
    // Outlook-only markup (the fixed 600 px table, the button's padding) lives in [if mso].
    'no-conditional-comment': 'off',
    // role="presentation" is what screen readers in mail clients know; "none" is newer.
    'presentation-role-style': 'off',
    // React writes cellPadding, charSet and self-closing void elements; HTML reads both alike.
    'attr-case': 'off',
    'void-style': 'off',
    // The lower-case doctype is the HTML standard's own spelling.
    'doctype-style': 'off',
    // Hand-written tables (the footer, an admin's HTML) need no <tbody>: the parser adds it.
    'prefer-tbody': 'off',
  },
});

/** html-validate's errors for a whole message, as "rule: message (line n)". */
export async function emailHtmlErrors(html: string): Promise<string[]> {
  const report = await emailValidator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`),
  );
}

/**
 * What a sent message must not have (decision 051): over Gmail's 102 KB clipping limit, a `{{`
 * left unfilled, an image without alt text, a link that is not absolute. Empty when it passes.
 */
export function emailDeliveryProblems(html: string): string[] {
  const problems: string[] = [];
  const bytes = Buffer.byteLength(html);
  if (bytes >= 102 * 1024) problems.push(`${bytes} bytes, over 102 KB`);
  if (html.includes('{{')) problems.push('a merge tag left unfilled');
  for (const [image] of html.matchAll(/<img\b[^>]*>/g)) {
    if (!/\balt="[^"]+"/.test(image)) problems.push(`image without alt text: ${image}`);
  }
  for (const [, href = ''] of html.matchAll(/\bhref="([^"]*)"/g)) {
    if (!/^(?:https?:\/\/|mailto:|tel:)/.test(href)) problems.push(`link not absolute: ${href}`);
  }
  return problems;
}
