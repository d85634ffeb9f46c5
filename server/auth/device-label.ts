import { UAParser } from 'ua-parser-js';

// ua-parser-js 1.x names Apple's desktop system by its old name; the label uses Apple's own.
const SYSTEM_NAMES: Readonly<Record<string, string>> = { 'Mac OS': 'macOS' };

/**
 * "Chrome on macOS" for Account → Sessions (decision 008). Parsed here rather than in the browser:
 * the parser and its pattern tables stay out of the admin bundle, and the raw User-Agent string,
 * which the page does not need, is not sent to it. ua-parser-js stays on 1.x, MIT-licensed; 2.x is
 * AGPL-3.0, whose network clause would bind every self-hosted copy of this server.
 */
export function deviceLabel(userAgent: string | null): string {
  const { browser, os } = UAParser(userAgent ?? '');
  const name = browser.name ?? 'Unknown browser';
  if (!os.name) return name;
  return `${name} on ${SYSTEM_NAMES[os.name] ?? os.name}`;
}
