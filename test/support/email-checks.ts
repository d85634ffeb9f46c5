import { doIUseEmail } from 'doiuse-email';
import { HtmlValidate } from 'html-validate';

/*
 * The outside checks every rendered e-mail passes (decision 051, "Checks"): html-validate's
 * recommended rules less the e-mail exceptions below, Can I email's support data (doiuse-email)
 * for the clients our readers use, Gmail's clipping size, no merge tag left, alt text on every
 * image, only absolute links, and a text part wrapped at 78. One function, so the layout's unit
 * test and the e2e specs that render a message through the admin check the same things.
 */

export interface RenderedEmail {
  html: string;
  text?: string | null | undefined;
}

/** Gmail clips a message whose HTML is over 102 KB, hiding the rest (and the footer). */
export const GMAIL_CLIP_BYTES = 102 * 1024;

// html-validate's recommended rules, less what e-mail needs and the web does not (decision 051).
// Each exception says why; anything else in any message is an error.
const validator = new HtmlValidate({
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

/**
 * The clients checked against Can I email (doiuse-email's ids): Gmail (desktop webmail, iOS,
 * Android), Outlook for Windows, Apple Mail (macOS, iOS) and Yahoo (webmail, iOS, Android).
 */
export const CHECKED_CLIENTS = [
  'gmail.desktop-webmail',
  'gmail.ios',
  'gmail.android',
  'outlook.windows',
  'apple-mail.macos',
  'apple-mail.ios',
  'yahoo.desktop-webmail',
  'yahoo.ios',
  'yahoo.android',
] as const;

/**
 * What Can I email lists as unsupported in a checked client that the layout uses on purpose,
 * feature by client, each with the reason it is harmless there (decision 051, "Checks"). A
 * feature is named as doiuse-email names it ("`<body> element`" is "<body> element").
 */
export const ACCEPTED_FEATURES: Readonly<Record<string, { clients: readonly string[]; reason: string }>> = {
  '<body> element': {
    clients: ['yahoo.ios', 'yahoo.android'],
    reason:
      'every HTML document has one; Yahoo drops it with its style, so the background and width are on tables',
  },
  '@media': {
    clients: ['outlook.windows'],
    reason: 'the one rule narrows the padding on phones; Outlook for Windows is a desktop client',
  },
  'border-radius': {
    clients: ['outlook.windows'],
    reason: 'Outlook for Windows draws the button square; its colour and padding do not depend on it',
  },
  'word-break': {
    clients: ['yahoo.desktop-webmail', 'yahoo.ios', 'yahoo.android'],
    reason:
      'a long link breaks to fit a phone elsewhere (decision 094); Yahoo keeps it whole, and the button above it is the way in',
  },
  'white-space': {
    clients: ['outlook.windows'],
    reason: 'the new-lead alert keeps its row labels on one line; Outlook for Windows may wrap one',
  },
};

// doiuse-email's findings read "`feature` is not supported by `client`".
const finding = /^`([^`]+)` is not supported by `([^`]+)`/;

function unsupportedFeatures(html: string): string[] {
  const result = doIUseEmail(html, { emailClients: [...CHECKED_CLIENTS] });
  if (result.success) return [];
  const unexplained = result.errors.filter((error) => {
    const [, feature = '', client = ''] = finding.exec(error) ?? [];
    return !ACCEPTED_FEATURES[feature]?.clients.includes(client);
  });
  // doiuse-email reports a feature once per use: once per message is enough to act on.
  return [...new Set(unexplained)];
}

async function validationErrors(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `html-validate ${m.ruleId}: ${m.message} (line ${m.line})`),
  );
}

const TEXT_WIDTH = 78;
const lonePlainUrl = /^\[?https?:\/\/\S+\]?$/;

/**
 * Every finding on one rendered message, as sentences a person can act on; empty when it is clean.
 * `text` is the text/plain part, checked when given.
 */
export async function checkRenderedEmail({ html, text }: RenderedEmail): Promise<string[]> {
  const findings = await validationErrors(html);
  for (const error of unsupportedFeatures(html)) findings.push(`doiuse-email: ${error}`);
  const bytes = Buffer.byteLength(html);
  if (bytes >= GMAIL_CLIP_BYTES)
    findings.push(`size: the HTML is ${bytes} bytes; Gmail clips it at ${GMAIL_CLIP_BYTES}`);
  if (html.includes('{{')) findings.push('merge tag: the HTML has "{{" left');
  for (const image of html.matchAll(/<img\b[^>]*>/gi)) {
    if (!/\balt="[^"]+"/i.test(image[0])) findings.push(`image without alt text: ${image[0]}`);
  }
  for (const link of html.matchAll(/\b(href|src)="([^"]*)"/gi)) {
    const url = link[2] ?? '';
    if (!/^(?:https?:\/\/|mailto:|tel:)/i.test(url)) findings.push(`relative link: ${link[1]}="${url}"`);
  }
  if (text !== undefined && text !== null) {
    if (text.trim() === '') findings.push('text part: empty');
    if (text.includes('{{')) findings.push('merge tag: the text part has "{{" left');
    for (const line of text.split('\n')) {
      if (line.length > TEXT_WIDTH && !lonePlainUrl.test(line))
        findings.push(`text part: a line of ${line.length} characters (over ${TEXT_WIDTH}): ${line}`);
    }
  }
  return findings;
}
