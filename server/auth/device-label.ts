import { UAParser } from 'ua-parser-js';

/**
 * "Chrome on macOS" for Account → Sessions (decision 008). Parsed here rather than in the browser:
 * the parser and its pattern tables stay out of the admin bundle, and the raw User-Agent string,
 * which the page does not need, is not sent to it.
 */
export function deviceLabel(userAgent: string | null): string {
  const { browser, os } = UAParser(userAgent ?? '');
  const name = browser.name ?? 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}
