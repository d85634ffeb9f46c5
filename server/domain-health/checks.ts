import { Resolver } from 'node:dns/promises';
import { dmarc } from 'mailauth/lib/dmarc/index.js';
import {
  type DomainCheck,
  type DomainHealthReport,
  DOMAIN_CHECK_LABELS,
} from '#shared/settings/domain-health.ts';

// The sending domain checked from inside the app (decision 073). The provider is Resend: it sends
// with the Return-Path send.<From domain> (SPF is judged there), signs with the selector `resend`,
// and receives on Amazon SES's inbound hosts. Each check answers pass, missing, misaligned or
// "not checkable here" (the DNS did not answer), never a guess.

/** Resend's documented SPF include (amazonses.com) and its own (_spf.resend.com): either passes. */
const PROVIDER_SPF_INCLUDES = ['include:amazonses.com', 'include:_spf.resend.com'];
const DKIM_SELECTOR = 'resend';
const RETURN_PATH_LABEL = 'send';
/** Resend's receiving MX: Amazon SES's inbound endpoint of the account's region. */
const PROVIDER_INBOUND_MX = /^inbound-smtp\.[a-z0-9-]+\.amazonaws\.com\.?$/i;
const LOOKUP_TIMEOUT_MS = 3000;

/** The four lookups the checks make; tests and DNS_RESOLVER point them at another server. */
export interface DnsLookups {
  txt(name: string): Promise<string[] | null>;
  mx(name: string): Promise<Array<{ exchange: string; priority: number }> | null>;
  /** mailauth's resolver signature, for its DMARC evaluation (tree walk, alignment). */
  raw(name: string, type: string): Promise<string[][] | string[]>;
}

/** Raised for an answer that is neither records nor "none": a timeout, SERVFAIL, a refused query. */
class DnsUnavailableError extends Error {
  override name = 'DnsUnavailableError';
}

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'EBADNAME']);

function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** Lookups through the system's resolver, or `server` ("127.0.0.1:5353") when DNS_RESOLVER sets one. */
export function dnsLookups(server: string | null | undefined): DnsLookups {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (server) resolver.setServers([server]);
  async function orNone<T>(lookup: Promise<T>): Promise<T | null> {
    try {
      return await lookup;
    } catch (error) {
      if (NO_RECORD.has(errorCode(error) ?? '')) return null;
      throw new DnsUnavailableError(errorCode(error) ?? 'lookup failed');
    }
  }
  return {
    txt: async (name) => (await orNone(resolver.resolveTxt(name)))?.map((parts) => parts.join('')) ?? null,
    mx: (name) => orNone(resolver.resolveMx(name)),
    raw: async (name, type) => {
      switch (type) {
        case 'TXT':
          return resolver.resolveTxt(name);
        case 'A':
          return resolver.resolve4(name);
        case 'AAAA':
          return resolver.resolve6(name);
        case 'CNAME':
          return resolver.resolveCname(name);
        default:
          throw Object.assign(new Error(`unsupported ${type}`), { code: 'ENOTIMP' });
      }
    },
  };
}

/** The domain of an address (the From mailbox), lower case. */
export function domainOf(address: string): string {
  return (address.split('@').pop() ?? '').trim().toLowerCase();
}

function unavailable(check: Omit<DomainCheck, 'state' | 'found' | 'detail'>): DomainCheck {
  return {
    ...check,
    state: 'unchecked',
    found: null,
    detail: `The DNS did not answer for ${check.name ?? 'this name'}: checked again tomorrow, or press Check now.`,
  };
}

interface SpfOutcome {
  check: DomainCheck;
  /** Whether mail from the provider would pass SPF at the Return-Path domain. */
  passes: boolean;
}

export async function checkSpf(dns: DnsLookups, fromDomain: string): Promise<SpfOutcome> {
  const name = `${RETURN_PATH_LABEL}.${fromDomain}`;
  const record = { type: 'TXT' as const, name, value: 'v=spf1 include:amazonses.com ~all' };
  const base = { key: 'spf' as const, name, record };
  let txt: string[] | null;
  try {
    txt = await dns.txt(name);
  } catch (error) {
    if (error instanceof DnsUnavailableError) return { check: unavailable(base), passes: false };
    throw error;
  }
  const spf = (txt ?? []).filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
  if (spf.length === 0)
    return {
      check: {
        ...base,
        state: 'missing',
        found: null,
        detail: `No SPF record at ${name}, the Return-Path the provider sends with.`,
      },
      passes: false,
    };
  if (spf.length > 1)
    return {
      check: {
        ...base,
        state: 'misaligned',
        found: spf.join(' | '),
        detail: `${name} has ${spf.length} SPF records; receivers treat that as a permanent error (RFC 7208 §4.5). Keep one.`,
      },
      passes: false,
    };
  const value = (spf[0] ?? '').trim();
  const terms = value.toLowerCase().split(/\s+/);
  const includesProvider = PROVIDER_SPF_INCLUDES.some((include) => terms.includes(include));
  const ending = terms.at(-1) ?? '';
  const strictEnding = ending === '~all' || ending === '-all';
  if (!includesProvider)
    return {
      check: {
        ...base,
        state: 'misaligned',
        found: value,
        detail: `The SPF record at ${name} does not include the provider (include:amazonses.com or include:_spf.resend.com), so its mail fails SPF.`,
      },
      passes: false,
    };
  if (!strictEnding)
    return {
      check: {
        ...base,
        state: 'misaligned',
        found: value,
        detail: `The SPF record at ${name} ends in “${ending}”, not ~all or -all: it would let anyone send as this domain.`,
      },
      passes: false,
    };
  return {
    check: {
      ...base,
      record: null,
      state: 'pass',
      found: value,
      detail: `${name} authorises the provider and ends in ${ending}.`,
    },
    passes: true,
  };
}

/** Parent domains of `domain`, nearest first, down to two labels (example.com.au → com.au stops). */
function parents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(1, -1).map((_, i) => labels.slice(i + 1).join('.'));
}

interface DkimOutcome {
  check: DomainCheck;
  /** The domain whose key was found (the signature's d=), or null. */
  signingDomain: string | null;
}

function dkimKey(txt: string[] | null): string | null {
  const value = (txt ?? []).find((v) => /(^|;)\s*p\s*=/i.test(v));
  if (!value) return null;
  const key = /(?:^|;)\s*p\s*=\s*([^;]*)/i.exec(value)?.[1]?.replace(/\s+/g, '') ?? '';
  // An empty p= is a revoked key (RFC 6376 §3.6.1): nothing verifies against it.
  return key === '' ? null : value;
}

export async function checkDkim(dns: DnsLookups, fromDomain: string): Promise<DkimOutcome> {
  const name = `${DKIM_SELECTOR}._domainkey.${fromDomain}`;
  const record = {
    type: 'TXT' as const,
    name,
    value: 'p=<the public key shown on the provider’s Domains page>',
  };
  const base = { key: 'dkim' as const, name, record };
  try {
    const own = dkimKey(await dns.txt(name));
    if (own)
      return {
        check: {
          ...base,
          record: null,
          state: 'pass',
          found: own,
          detail: `${name} publishes the signing key.`,
        },
        signingDomain: fromDomain,
      };
    // A From subdomain may be signed by its parent's key (relaxed alignment): the DMARC check
    // decides whether that aligns, and the caller settles this check's state with it.
    for (const parent of parents(fromDomain)) {
      const found = dkimKey(await dns.txt(`${DKIM_SELECTOR}._domainkey.${parent}`));
      if (found)
        return {
          check: {
            ...base,
            state: 'pass',
            found,
            detail: `The key is published for ${parent}, not ${fromDomain}: messages are signed as ${parent}.`,
          },
          signingDomain: parent,
        };
    }
  } catch (error) {
    if (error instanceof DnsUnavailableError) return { check: unavailable(base), signingDomain: null };
    throw error;
  }
  return {
    check: {
      ...base,
      state: 'missing',
      found: null,
      detail: `No DKIM key (a TXT record with p=) at ${name}.`,
    },
    signingDomain: null,
  };
}

interface DmarcOutcome {
  check: DomainCheck;
  dkimAligned: boolean;
}

/**
 * DMARC as a receiver would judge the provider's mail: mailauth finds the record (with the RFC 9989
 * tree walk) and tests alignment of the SPF domain (send.<From>, when SPF passes) and the DKIM
 * signing domain against the From domain, in the record's adkim/aspf modes.
 */
export async function checkDmarc(
  dns: DnsLookups,
  fromDomain: string,
  spf: SpfOutcome,
  dkim: DkimOutcome,
): Promise<DmarcOutcome> {
  const name = `_dmarc.${fromDomain}`;
  const record = { type: 'TXT' as const, name, value: `v=DMARC1; p=none; rua=mailto:dmarc@${fromDomain}` };
  const base = { key: 'dmarc' as const, name, record };
  let result: Awaited<ReturnType<typeof dmarc>>;
  try {
    result = await dmarc({
      headerFrom: fromDomain,
      spfDomains: spf.passes ? [`${RETURN_PATH_LABEL}.${fromDomain}`] : [],
      dkimDomains: dkim.signingDomain ? [{ domain: dkim.signingDomain }] : [],
      resolver: (name, type) => dns.raw(name, type),
    });
  } catch {
    return { check: unavailable(base), dkimAligned: false };
  }
  if (!result || result.status.result === 'temperror')
    return { check: unavailable(base), dkimAligned: false };
  // mailauth leaves alignment out when no DMARC record applies.
  const alignment = result.alignment as typeof result.alignment | undefined;
  const dkimAligned = Boolean(alignment?.dkim.result);
  if (result.status.result === 'none' || !result.rr)
    return {
      check: { ...base, state: 'missing', found: null, detail: `No DMARC record for ${fromDomain}.` },
      dkimAligned,
    };
  const found = result.rr;
  const where =
    result.policyDomain && result.policyDomain !== fromDomain ? ` (from ${result.policyDomain})` : '';
  if (result.status.result !== 'pass') {
    const modes = `aspf=${result.alignment.spf.strict ? 's' : 'r'}, adkim=${result.alignment.dkim.strict ? 's' : 'r'}`;
    return {
      check: {
        ...base,
        state: 'misaligned',
        found,
        detail: `DMARC${where} would fail: neither SPF (send.${fromDomain}) nor DKIM (${dkim.signingDomain ?? 'no key'}) aligns with ${fromDomain} under ${modes}.`,
      },
      dkimAligned,
    };
  }
  return {
    check: {
      ...base,
      record: null,
      state: 'pass',
      found,
      detail: `DMARC${where} passes with policy ${result.policy}${result.policy === 'none' ? ' (monitoring only)' : ''}.`,
    },
    dkimAligned,
  };
}

export async function checkMx(dns: DnsLookups, inboundDomain: string | null): Promise<DomainCheck> {
  const record = {
    type: 'MX' as const,
    name: inboundDomain ?? '',
    value: '10 inbound-smtp.us-east-1.amazonaws.com',
  };
  if (!inboundDomain)
    return {
      key: 'mx',
      name: null,
      state: 'unchecked',
      found: null,
      detail:
        'INBOUND_DOMAIN is not set: replies go to the business address, and there is no inbound domain to check.',
      record: null,
    };
  const base = { key: 'mx' as const, name: inboundDomain, record };
  let hosts: Array<{ exchange: string; priority: number }> | null;
  try {
    hosts = await dns.mx(inboundDomain);
  } catch (error) {
    if (error instanceof DnsUnavailableError) return unavailable(base);
    throw error;
  }
  if (!hosts || hosts.length === 0)
    return { ...base, state: 'missing', found: null, detail: `No MX record for ${inboundDomain}.` };
  const sorted = [...hosts].sort((a, b) => a.priority - b.priority);
  const found = sorted.map((h) => `${h.priority} ${h.exchange}`).join(', ');
  const first = sorted[0];
  const best = sorted.filter((h) => h.priority === first?.priority);
  if (!best.every((h) => PROVIDER_INBOUND_MX.test(h.exchange)))
    return {
      ...base,
      state: 'misaligned',
      found,
      detail: `${inboundDomain}’s first-choice MX is not the provider’s inbound host, so replies never reach the app.`,
    };
  return {
    ...base,
    record: null,
    state: 'pass',
    found,
    detail: `${inboundDomain} receives through the provider.`,
  };
}

/** Every DNS check for the From domain and the inbound domain. */
export async function checkDomainHealth(
  dns: DnsLookups,
  domains: { fromDomain: string; inboundDomain: string | null },
  now: Date,
): Promise<DomainHealthReport> {
  const { fromDomain, inboundDomain } = domains;
  const [spf, dkim, mx] = await Promise.all([
    checkSpf(dns, fromDomain),
    checkDkim(dns, fromDomain),
    checkMx(dns, inboundDomain),
  ]);
  const dmarcOutcome = await checkDmarc(dns, fromDomain, spf, dkim);
  let dkimCheck = dkim.check;
  // A parent's key signs as the parent: it passes only where a DMARC record says that aligns.
  if (
    dkim.signingDomain &&
    dkim.signingDomain !== fromDomain &&
    dmarcOutcome.check.state !== 'missing' &&
    dmarcOutcome.check.state !== 'unchecked' &&
    !dmarcOutcome.dkimAligned
  )
    dkimCheck = {
      ...dkimCheck,
      state: 'misaligned',
      detail: `${dkimCheck.detail} DMARC’s strict DKIM alignment (adkim=s) needs the key at ${fromDomain} itself.`,
    };
  return {
    checkedAt: now.toISOString(),
    fromDomain,
    inboundDomain,
    checks: [spf.check, dkimCheck, dmarcOutcome.check, mx],
  };
}

/** The failing DNS checks (missing or misaligned) of a report, for the send warnings. */
export function failingChecks(report: DomainHealthReport | null) {
  return (report?.checks ?? [])
    .filter((check) => check.state === 'missing' || check.state === 'misaligned')
    .map((check) => ({ key: check.key, label: DOMAIN_CHECK_LABELS[check.key], state: check.state }));
}
