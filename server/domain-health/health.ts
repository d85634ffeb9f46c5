import {
  type ChecklistItem,
  type DomainHealthReport,
  type DomainHealthView,
  domainHealthReportSchema,
} from '#shared/settings/domain-health.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor } from '../db/database.ts';
import type { Logger } from '../services.ts';
import { getSendingSettings, settingsDefaults } from '../settings/entry.ts';
import { checkDomainHealth, dnsLookups, domainOf, failingChecks } from './checks.ts';

// The stored check and the page's view of it (decision 073). One row, replaced by each check: the
// daily job (worker) and "Check now" (server) write it, every process reads the same.

/** The From address campaigns and flows send with: the saved one, else the configured default. */
async function fromDomain(db: DbExecutor, config: AppConfig): Promise<string> {
  const settings = await getSendingSettings(db);
  return domainOf(settings.fromEmail ?? settingsDefaults(config).fromEmail);
}

/** Runs every DNS check and stores the report in place of the last one. */
export async function runDomainHealthCheck(
  services: { db: DbExecutor; config: AppConfig; logger?: Logger },
  now: Date = new Date(),
): Promise<DomainHealthReport> {
  const { db, config } = services;
  const report = await checkDomainHealth(
    dnsLookups(config.dnsResolver),
    { fromDomain: await fromDomain(db, config), inboundDomain: config.inboundDomain },
    now,
  );
  await db
    .insertInto('domain_health')
    .values({ id: true, checked_at: now, report: JSON.stringify(report) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now, report: JSON.stringify(report) }))
    .execute();
  const failing = failingChecks(report);
  if (failing.length > 0)
    services.logger?.warn(
      { fromDomain: report.fromDomain, failing: failing.map((f) => `${f.key}:${f.state}`) },
      'sending domain check fails',
    );
  return report;
}

export async function latestDomainHealth(db: DbExecutor): Promise<DomainHealthReport | null> {
  const row = await db.selectFrom('domain_health').select('report').executeTakeFirst();
  if (!row) return null;
  const parsed = domainHealthReportSchema.safeParse(row.report);
  // A report stored by an older release that no longer parses reads as "not checked yet".
  return parsed.success ? parsed.data : null;
}

/**
 * The bulk-sender checklist (decision 073). Only what the app itself proves is a pass; what happens
 * at the provider or the receiver is "not checkable here", with how to check it, never a pass.
 */
export function bulkSenderChecklist(config: Pick<AppConfig, 'appUrl'>): ChecklistItem[] {
  const https = config.appUrl.startsWith('https://');
  return [
    {
      key: 'oneClick',
      label: 'One-click unsubscribe, honoured at once',
      state: https ? 'pass' : 'missing',
      detail: https
        ? 'Every campaign and flow e-mail carries List-Unsubscribe (an HTTPS link) and List-Unsubscribe-Post: List-Unsubscribe=One-Click; the POST suppresses the address before it answers (server/preferences/one-click-route.db.test.ts, server/unsubscribe/links.test.ts).'
        : `APP_URL is ${config.appUrl}: one-click unsubscribe (RFC 8058) needs an https:// link, so receivers ignore it here.`,
    },
    {
      key: 'dkimCoversListUnsubscribe',
      label: 'List-Unsubscribe headers covered by the DKIM signature',
      state: 'unchecked',
      detail:
        'The provider signs after the message leaves the app. Send a test to a Gmail address, open “Show original” and look for list-unsubscribe and list-unsubscribe-post in the DKIM-Signature’s h= tag.',
    },
    {
      key: 'tls',
      label: 'TLS to the receiving server',
      state: 'unchecked',
      detail:
        'The provider’s servers deliver the mail; “Show original” in Gmail says whether TLS was used (the Received line names TLS).',
    },
    {
      key: 'reverseDns',
      label: 'Reverse DNS of the sending IPs',
      state: 'unchecked',
      detail:
        'The provider’s shared sending IPs and their PTR records are the provider’s; the Received headers of a test message name the IP to look up.',
    },
  ];
}

export async function domainHealthView(db: DbExecutor, config: AppConfig): Promise<DomainHealthView> {
  const [report, current] = await Promise.all([latestDomainHealth(db), fromDomain(db, config)]);
  return {
    report,
    fromDomain: current,
    checklist: bulkSenderChecklist(config),
    failing: failingChecks(report),
  };
}
