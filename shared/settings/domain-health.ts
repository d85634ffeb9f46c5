import { z } from 'zod';

// The sending domain's health (decision 073): what the DNS says about the From domain and the
// inbound domain, checked from inside the app, and the bulk-sender checklist beside it. The server
// stores the report as JSON and reads it back through these schemas.

/**
 * pass: the record is there and would pass. missing: no record. misaligned: a record is there but
 * would not pass for this domain and this provider. unchecked: this app cannot see it from here
 * (the DNS did not answer, the domain is not configured, or it happens outside the app).
 */
export const DOMAIN_CHECK_STATES = ['pass', 'missing', 'misaligned', 'unchecked'] as const;
export type DomainCheckState = (typeof DOMAIN_CHECK_STATES)[number];

export const DOMAIN_CHECK_STATE_LABELS: Record<DomainCheckState, string> = {
  pass: 'Pass',
  missing: 'Missing',
  misaligned: 'Misaligned',
  unchecked: 'Not checkable here',
};

export const DOMAIN_CHECK_KEYS = ['spf', 'dkim', 'dmarc', 'mx'] as const;
export type DomainCheckKey = (typeof DOMAIN_CHECK_KEYS)[number];

export const DOMAIN_CHECK_LABELS: Record<DomainCheckKey, string> = {
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
  mx: 'MX (replies)',
};

const recordSchema = z.object({
  type: z.enum(['TXT', 'MX']),
  name: z.string(),
  value: z.string(),
});

export const domainCheckSchema = z.object({
  key: z.enum(DOMAIN_CHECK_KEYS),
  /** The name looked up (send.example.com, resend._domainkey.example.com…), null when none. */
  name: z.string().nullable(),
  state: z.enum(DOMAIN_CHECK_STATES),
  /** What the DNS answered, as found (the TXT string, the MX hosts), or null. */
  found: z.string().nullable(),
  /** One sentence: why this state. */
  detail: z.string(),
  /** The record to publish, when the state is not a pass. */
  record: recordSchema.nullable(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const domainHealthReportSchema = z.object({
  checkedAt: z.iso.datetime(),
  fromDomain: z.string(),
  inboundDomain: z.string().nullable(),
  checks: z.array(domainCheckSchema),
});
export type DomainHealthReport = z.infer<typeof domainHealthReportSchema>;

export const CHECKLIST_KEYS = ['oneClick', 'dkimCoversListUnsubscribe', 'tls', 'reverseDns'] as const;
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];

export interface ChecklistItem {
  key: ChecklistKey;
  label: string;
  state: DomainCheckState;
  /** What proves the state, or how to check it outside the app. */
  detail: string;
}

export interface DomainHealthView {
  /** The last stored check, or null before the first one. */
  report: DomainHealthReport | null;
  /** The From domain campaigns send with now: when the report names another, it is out of date. */
  fromDomain: string;
  checklist: ChecklistItem[];
  /** The DNS checks that would fail (missing or misaligned): Send Now and a flow's switch warn. */
  failing: Array<{ key: DomainCheckKey; label: string; state: DomainCheckState }>;
}

/** Why each DNS check matters, shown beside it. */
export const DOMAIN_CHECK_WHY: Record<DomainCheckKey, string> = {
  spf: 'Gmail, Yahoo and Outlook reject bulk mail (5.7.26) unless SPF or DKIM passes; SPF says the provider may send for the bounce domain.',
  dkim: 'The provider signs every message with this key; without it DKIM fails and DMARC can only align through SPF.',
  dmarc:
    'Bulk senders must publish DMARC (any policy, p=none included), and SPF or DKIM must align with the From domain for it to pass.',
  mx: 'Sellers’ replies to enquiry e-mails reach the app through the provider’s inbound mail, which needs this MX as the domain’s first choice.',
};

/** What the warning in Send Now and a flow's switch says (decision 073): it warns, never blocks. */
export function domainWarning(failing: DomainHealthView['failing']): string | null {
  if (failing.length === 0) return null;
  const list = failing.map((f) => `${f.label} ${DOMAIN_CHECK_STATE_LABELS[f.state].toLowerCase()}`);
  return `The sending domain fails its last check (${list.join(', ')}): Gmail, Yahoo and Outlook may reject or junk this mail. See Settings → Sending domain.`;
}
