/**
 * Mailbox providers (decision 074): which provider holds a recipient's mailbox, from the address's
 * domain and, for a domain not in the known table, from its MX hosts (a business on Google
 * Workspace or Microsoft 365 is judged by Gmail's or Outlook's rules). One pure function, so the
 * campaign report, the dashboard and the MX job agree.
 */

export const MAILBOX_PROVIDERS = [
  'gmail',
  'outlook',
  'yahoo',
  'icloud',
  'bigpond',
  'optus',
  'other',
] as const;
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<MailboxProvider, string> = {
  gmail: 'Gmail / Google Workspace',
  outlook: 'Outlook / Hotmail / Microsoft 365',
  yahoo: 'Yahoo',
  icloud: 'Apple iCloud',
  bigpond: 'BigPond / Telstra',
  optus: 'Optus',
  other: 'Others',
};

/** Consumer domains whose provider is known without a lookup. */
const KNOWN_DOMAINS: Readonly<Record<string, MailboxProvider>> = {
  'gmail.com': 'gmail',
  'googlemail.com': 'gmail',
  'outlook.com': 'outlook',
  'outlook.com.au': 'outlook',
  'hotmail.com': 'outlook',
  'hotmail.com.au': 'outlook',
  'live.com': 'outlook',
  'live.com.au': 'outlook',
  'msn.com': 'outlook',
  'yahoo.com': 'yahoo',
  'yahoo.com.au': 'yahoo',
  'ymail.com': 'yahoo',
  'rocketmail.com': 'yahoo',
  'icloud.com': 'icloud',
  'me.com': 'icloud',
  'mac.com': 'icloud',
  'bigpond.com': 'bigpond',
  'bigpond.net.au': 'bigpond',
  'bigpond.com.au': 'bigpond',
  'telstra.com': 'bigpond',
  'telstra.com.au': 'bigpond',
  'optusnet.com.au': 'optus',
  'optus.com.au': 'optus',
};

/** MX host suffixes of the providers' hosted mail. */
const MX_SUFFIXES: ReadonlyArray<readonly [string, MailboxProvider]> = [
  ['google.com', 'gmail'],
  ['googlemail.com', 'gmail'],
  ['protection.outlook.com', 'outlook'],
  ['outlook.com', 'outlook'],
  ['hotmail.com', 'outlook'],
  ['yahoodns.net', 'yahoo'],
  ['icloud.com', 'icloud'],
  ['bigpond.com', 'bigpond'],
  ['telstra.com', 'bigpond'],
  ['optusnet.com.au', 'optus'],
];

/** The domain of an address, lower-cased, without a trailing dot; '' when it has none. */
export function addressDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, '');
}

/** Whether a domain is in the known table (no MX lookup is needed for it). */
export function isKnownDomain(domain: string): boolean {
  return Object.hasOwn(KNOWN_DOMAINS, domain.toLowerCase());
}

function endsWithDomain(host: string, suffix: string): boolean {
  return host === suffix || host.endsWith(`.${suffix}`);
}

/**
 * The provider of a mailbox domain: the known table first, then the MX hosts (lowest preference
 * first, as mail is delivered), else "other".
 */
export function classifyProvider(domain: string, mxHosts: readonly string[] = []): MailboxProvider {
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  const known = KNOWN_DOMAINS[name];
  if (known) return known;
  for (const raw of mxHosts) {
    const host = raw.trim().toLowerCase().replace(/\.$/, '');
    for (const [suffix, provider] of MX_SUFFIXES) if (endsWithDomain(host, suffix)) return provider;
  }
  return 'other';
}

/** Delivered, bounced, complained, opened and clicked for one provider. */
export interface ProviderFigures {
  provider: MailboxProvider;
  label: string;
  sent: number;
  delivered: number;
  bounced: number;
  complained: number;
  opened: number;
  clicked: number;
}

export interface ProviderBreakdown {
  /** Every provider, in MAILBOX_PROVIDERS order; those with nothing sent are left out. */
  providers: ProviderFigures[];
  /** Recipient domains whose MX is not looked up yet (counted under "Others" until it is). */
  pendingDomains: number;
}
