import { isIP } from 'node:net';
import type { AppConfig } from '../config/app-config.ts';

/*
 * The `List-Id` of marketing mail (RFC 2919; decision 004): `"<name> news" <news.<host>>`, the
 * namespace being APP_URL's host, a domain the business owns (a leading "www." dropped). Mail
 * filters and readers' rules group the campaigns by it, and spam filters expect it on bulk mail
 * beside List-Unsubscribe. The same value for every campaign: one list, the marketing audience.
 */

const LIST_LABEL = 'news';

/** RFC 2919, section 2: "The list-id MUST NOT be longer than 255 octets". */
const LIST_ID_MAX_OCTETS = 255;

/**
 * RFC 2919's namespace: a domain name, or "localhost" for a host that is none (an IP address).
 * The list-id (`news.` and the namespace) must fit 255 octets, and APP_URL's host has no bound
 * of its own (the URL parser takes any length), so a longer host loses its leftmost DNS labels
 * until it fits: a parent of the business's domain is the business's too, and what stays is
 * still a domain name. A single label too long by itself keeps its rightmost octets.
 */
function listNamespace(appUrl: string): string {
  const host = new URL(appUrl).hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || host.startsWith('[') || isIP(host) !== 0) return 'localhost';
  const room = LIST_ID_MAX_OCTETS - `${LIST_LABEL}.`.length;
  const labels = host.replace(/^www\./, '').split('.');
  while (labels.length > 1 && labels.join('.').length > room) labels.shift();
  const namespace = labels.join('.');
  // A hostname is ASCII (the URL parser turns IDNs into punycode), so characters are octets.
  return namespace.length > room ? namespace.slice(-room).replace(/^[-.]+/, '') : namespace;
}

/** A header phrase: a quoted string in ASCII, an RFC 2047 encoded word otherwise. */
function phrase(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ').trim();
  // Printable ASCII is exactly what a quoted string may hold.
  if (/^[\x20-\x7e]*$/.test(flat)) return `"${flat.replace(/(["\\])/g, '\\$1')}"`;
  return `=?UTF-8?B?${Buffer.from(flat, 'utf8').toString('base64')}?=`;
}

/** The List-Id header value for the business's marketing mail. */
export function listIdHeader(config: Pick<AppConfig, 'appUrl' | 'site'>): string {
  return `${phrase(`${config.site.name} ${LIST_LABEL}`)} <${LIST_LABEL}.${listNamespace(config.appUrl)}>`;
}
