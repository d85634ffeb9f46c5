import { sql } from 'kysely';
import {
  classifyProvider,
  isKnownDomain,
  MAILBOX_PROVIDERS,
  type MailboxProvider,
  PROVIDER_LABELS,
  type ProviderBreakdown,
  type ProviderFigures,
} from '#shared/deliverability/providers.ts';
import type { DbExecutor } from '../db/database.ts';

// Delivered, bounced, complained, opened and clicked by mailbox provider (decision 074): the sends
// are counted per recipient domain in SQL, and each domain is classified by the one pure function
// with its cached MX hosts, so a block at one provider shows as its own row the day it starts.

type Scope = { campaignId: string } | { since: Date; until: Date };

interface DomainRow {
  domain: string;
  mx_hosts: string[] | null;
  looked_up: boolean;
  sent: number;
  delivered: number;
  bounced: number;
  complained: number;
  opened: number;
  clicked: number;
}

export async function providerBreakdown(db: DbExecutor, scope: Scope): Promise<ProviderBreakdown> {
  const where =
    'campaignId' in scope
      ? sql`s.campaign_id = ${scope.campaignId} AND s.sent_at IS NOT NULL`
      : sql`s.sent_at > ${scope.since} AND s.sent_at <= ${scope.until}`;
  const { rows } = await sql<DomainRow>`
    SELECT d.domain, p.mx_hosts, p.domain IS NOT NULL AS looked_up,
      d.sent, d.delivered, d.bounced, d.complained, d.opened, d.clicked
    FROM (
      SELECT coalesce(lower(substring(s.recipient_email from '@([^@]+)$')), '') AS domain,
        count(*)::int AS sent,
        count(*) FILTER (WHERE s.delivered_at IS NOT NULL)::int AS delivered,
        count(*) FILTER (WHERE s.bounced_at IS NOT NULL)::int AS bounced,
        count(*) FILTER (WHERE s.complained_at IS NOT NULL)::int AS complained,
        count(*) FILTER (WHERE s.opened_at IS NOT NULL)::int AS opened,
        count(*) FILTER (WHERE s.clicked_at IS NOT NULL)::int AS clicked
      FROM email_sends s
      WHERE ${where}
      GROUP BY 1
    ) d
    LEFT JOIN email_domain_providers p ON p.domain = d.domain`.execute(db);
  const totals = new Map<MailboxProvider, ProviderFigures>();
  let pendingDomains = 0;
  for (const row of rows) {
    if (!row.looked_up && !isKnownDomain(row.domain)) pendingDomains += 1;
    const provider = classifyProvider(row.domain, row.mx_hosts ?? []);
    const figures = totals.get(provider) ?? {
      provider,
      label: PROVIDER_LABELS[provider],
      sent: 0,
      delivered: 0,
      bounced: 0,
      complained: 0,
      opened: 0,
      clicked: 0,
    };
    figures.sent += row.sent;
    figures.delivered += row.delivered;
    figures.bounced += row.bounced;
    figures.complained += row.complained;
    figures.opened += row.opened;
    figures.clicked += row.clicked;
    totals.set(provider, figures);
  }
  return {
    providers: MAILBOX_PROVIDERS.flatMap((p) => {
      const figures = totals.get(p);
      return figures ? [figures] : [];
    }),
    pendingDomains,
  };
}
