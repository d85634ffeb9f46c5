import { Resolver } from 'node:dns/promises';
import { sql } from 'kysely';
import { classifyProvider, isKnownDomain } from '#shared/deliverability/providers.ts';
import type { DbExecutor } from '../db/database.ts';

// The MX lookup behind the provider figures (decision 074): recipient domains outside the known
// table are resolved once and cached in email_domain_providers, so the reports read a table and
// never wait on DNS. DNS_RESOLVER points the lookups at one server (tests run a local one).

/** Recipient domains looked up per run: a campaign's new domains are covered within a few runs. */
const LOOKUPS_PER_RUN = 200;
const RETRY_FAILED_AFTER_DAYS = 1;
const REFRESH_AFTER_DAYS = 30;

export type MxResolver = (domain: string) => Promise<string[]>;

/** MX hosts by preference, lowest first, from the system's resolver or `server` (host or host:port). */
export function dnsMxResolver(server?: string, timeoutMs = 3000): MxResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (server) resolver.setServers([server]);
  return async (domain) => {
    const records = await resolver.resolveMx(domain);
    return records.sort((a, b) => a.priority - b.priority).map((r) => r.exchange);
  };
}

/** Domains sent to in the last 30 days with no fresh lookup, most recipients first. */
async function domainsToLookUp(db: DbExecutor, now: Date, limit: number): Promise<string[]> {
  const { rows } = await sql<{ domain: string }>`
    SELECT d.domain FROM (
      SELECT lower(substring(recipient_email from '@([^@]+)$')) AS domain, count(*) AS n
      FROM email_sends
      WHERE created_at > ${now}::timestamptz - interval '30 days'
      GROUP BY 1
    ) d
    LEFT JOIN email_domain_providers p ON p.domain = d.domain
    WHERE d.domain IS NOT NULL AND d.domain <> ''
      AND (p.domain IS NULL
        OR (p.error IS NOT NULL AND p.looked_up_at < ${now}::timestamptz - make_interval(days => ${RETRY_FAILED_AFTER_DAYS}))
        OR p.looked_up_at < ${now}::timestamptz - make_interval(days => ${REFRESH_AFTER_DAYS}))
    ORDER BY d.n DESC, d.domain
    LIMIT ${limit * 4}`.execute(db);
  return rows
    .map((r) => r.domain)
    .filter((d) => !isKnownDomain(d))
    .slice(0, limit);
}

/** A domain without MX records (ENODATA, ENOTFOUND) is an answer, not a failure. */
function noMailHosts(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENODATA' || code === 'ENOTFOUND';
}

/** Looks up the recipient domains that need it and caches each one's provider. */
export async function lookUpRecipientDomains(
  db: DbExecutor,
  resolve: MxResolver,
  now = new Date(),
  limit = LOOKUPS_PER_RUN,
): Promise<{ lookedUp: number; failed: number }> {
  const domains = await domainsToLookUp(db, now, limit);
  let failed = 0;
  for (const domain of domains) {
    let hosts: string[] = [];
    let error: string | null = null;
    try {
      hosts = await resolve(domain);
    } catch (caught) {
      if (!noMailHosts(caught)) {
        error = caught instanceof Error ? caught.message.slice(0, 200) : 'lookup failed';
        failed += 1;
      }
    }
    const row = {
      domain,
      provider: classifyProvider(domain, hosts),
      mx_hosts: hosts.slice(0, 10),
      error,
      looked_up_at: now,
    };
    await db
      .insertInto('email_domain_providers')
      .values(row)
      .onConflict((oc) => oc.column('domain').doUpdateSet(row))
      .execute();
  }
  return { lookedUp: domains.length, failed };
}
