import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DomainCheckKey, DomainCheckState } from '#shared/settings/domain-health.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeDns, type FakeZone, startFakeDns } from '#test/support/fake-dns.ts';
import { callerFor, codeOf, testServices } from '#test/support/services.ts';
import { jobHandlers } from '#worker/registry.ts';
import type { SessionUser } from '../auth/session.ts';
import type { AppConfig } from '../config/app-config.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { updateSettings } from '../settings/settings.ts';
import { runDomainHealthCheck } from './health.ts';

// Decision 073: the sending domain's checks against a local DNS server answering crafted records.
// Every expected state below is worked out by hand from the records in its zone.

const FROM = 'sterlingwatch.com.au';
const INBOUND = 'reply.sterlingwatch.com.au';
const KEY = `p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ${'x'.repeat(300)}IDAQAB`;

/** A domain that passes everything: the provider's SPF and key, a DMARC record, Resend's MX. */
const PASSING: FakeZone = {
  [FROM]: { A: ['192.0.2.10'] },
  [`send.${FROM}`]: { TXT: ['v=spf1 include:amazonses.com ~all'] },
  [`resend._domainkey.${FROM}`]: { TXT: [KEY] },
  [`_dmarc.${FROM}`]: { TXT: [`v=DMARC1; p=quarantine; rua=mailto:dmarc@${FROM}`] },
  [INBOUND]: { MX: [{ exchange: 'inbound-smtp.us-east-1.amazonaws.com', priority: 10 }] },
};

/** The domain exists and publishes nothing for mail. */
const BARE: FakeZone = { [FROM]: { A: ['192.0.2.10'] }, [INBOUND]: { A: ['192.0.2.11'] } };

/**
 * Records that are there but would not pass: an SPF for another sender, the key published only for
 * the parent of a subdomain From (news.) under a DMARC record asking strict alignment, and an MX
 * whose first choice is another mail host. DMARC: SPF fails, and DKIM signs as the parent, which
 * adkim=s does not accept for news.: neither aligns.
 */
const NEWS = `news.${FROM}`;
const MISALIGNED: FakeZone = {
  [FROM]: { A: ['192.0.2.10'] },
  [NEWS]: { A: ['192.0.2.12'] },
  [`send.${NEWS}`]: { TXT: ['v=spf1 include:_spf.google.com ~all'] },
  [`resend._domainkey.${FROM}`]: { TXT: [KEY] },
  [`_dmarc.${FROM}`]: { TXT: ['v=DMARC1; p=reject; adkim=s; aspf=s'] },
  [INBOUND]: {
    MX: [
      { exchange: 'aspmx.l.google.com', priority: 1 },
      { exchange: 'inbound-smtp.us-east-1.amazonaws.com', priority: 10 },
    ],
  },
};

describe('sending-domain health', () => {
  const t = useTestDatabase();
  let dns: FakeDns;
  let owner: SessionUser;
  let marketer: SessionUser;
  const services = (config: Partial<AppConfig> = {}) =>
    testServices(t.db, {
      config: {
        dnsResolver: dns.address,
        inboundDomain: INBOUND,
        emailFrom: `Sterling <offers@${FROM}>`,
        ...config,
      },
    });
  const states = (checks: Array<{ key: DomainCheckKey; state: DomainCheckState }>) =>
    Object.fromEntries(checks.map((c) => [c.key, c.state]));

  beforeAll(async () => {
    dns = await startFakeDns();
    const user = await createUser(t.db, { email: 'domain-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    owner = { id: user.id, email: user.email, role: 'owner' };
    const other = await createUser(t.db, { email: 'domain-marketer@example.com', password: 'x-password-1' });
    marketer = { id: other.id, email: other.email, role: 'marketer' };
  });
  afterAll(() => dns.close());
  beforeEach(async () => {
    dns.failNames([]);
    await t.db.deleteFrom('domain_health').execute();
    await t.db.deleteFrom('settings').execute();
  });

  it('passes every check for a domain set up as the provider documents', async () => {
    dns.setZone(PASSING);
    const report = await runDomainHealthCheck(services());
    expect(report.fromDomain).toBe(FROM);
    expect(report.inboundDomain).toBe(INBOUND);
    expect(states(report.checks)).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass', mx: 'pass' });
    const byKey = Object.fromEntries(report.checks.map((c) => [c.key, c]));
    expect(byKey.spf).toMatchObject({
      name: `send.${FROM}`,
      found: 'v=spf1 include:amazonses.com ~all',
      record: null,
    });
    // A key longer than one 255-byte TXT string arrives whole.
    expect(byKey.dkim?.found).toBe(KEY);
    expect(byKey.dmarc?.detail).toContain('policy quarantine');
    expect(byKey.mx?.found).toBe('10 inbound-smtp.us-east-1.amazonaws.com');
  });

  it('reports each record missing, with the record to publish', async () => {
    dns.setZone(BARE);
    const report = await runDomainHealthCheck(services());
    expect(states(report.checks)).toEqual({
      spf: 'missing',
      dkim: 'missing',
      dmarc: 'missing',
      mx: 'missing',
    });
    expect(report.checks.map((c) => c.record)).toEqual([
      { type: 'TXT', name: `send.${FROM}`, value: 'v=spf1 include:amazonses.com ~all' },
      {
        type: 'TXT',
        name: `resend._domainkey.${FROM}`,
        value: 'p=<the public key shown on the provider’s Domains page>',
      },
      { type: 'TXT', name: `_dmarc.${FROM}`, value: `v=DMARC1; p=none; rua=mailto:dmarc@${FROM}` },
      { type: 'MX', name: INBOUND, value: '10 inbound-smtp.us-east-1.amazonaws.com' },
    ]);
  });

  it('reports records that are there but would not pass as misaligned (From in the settings)', async () => {
    dns.setZone(MISALIGNED);
    await updateSettings(t.db, {
      fromName: 'Sterling News',
      fromEmail: `news@${NEWS}`,
      replyToEmail: '',
      batchSize: 50,
      batchDelaySeconds: 1,
      timezone: 'Australia/Sydney',
      requireConsentConfirmation: true,
    });
    // Before the check, the stored report (none) is compared with the From domain now in use.
    expect((await callerFor(services(), marketer).admin.domainHealth.get()).fromDomain).toBe(NEWS);
    const report = await runDomainHealthCheck(services());
    expect(report.fromDomain).toBe(NEWS);
    expect(states(report.checks)).toEqual({
      spf: 'misaligned',
      dkim: 'misaligned',
      dmarc: 'misaligned',
      mx: 'misaligned',
    });
    const dmarc = report.checks.find((c) => c.key === 'dmarc');
    expect(dmarc?.found).toBe('v=DMARC1; p=reject; adkim=s; aspf=s');
    expect(dmarc?.detail).toContain(`from ${FROM}`);
    expect(report.checks.find((c) => c.key === 'mx')?.found).toBe(
      '1 aspmx.l.google.com, 10 inbound-smtp.us-east-1.amazonaws.com',
    );
  });

  it('accepts a parent’s key under relaxed alignment, and strict SPF alignment when DKIM aligns', async () => {
    // news. is signed as the parent: relaxed DKIM alignment (the default) accepts that, so DMARC
    // passes though aspf=s refuses send.news. as the SPF domain.
    dns.setZone({
      ...MISALIGNED,
      [`send.${NEWS}`]: { TXT: ['v=spf1 include:_spf.resend.com -all'] },
      [`_dmarc.${FROM}`]: { TXT: ['v=DMARC1; p=none; aspf=s'] },
    });
    const report = await runDomainHealthCheck(services({ emailFrom: `News <news@${NEWS}>` }));
    expect(states(report.checks)).toMatchObject({ spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    expect(report.checks.find((c) => c.key === 'dmarc')?.detail).toContain('policy none (monitoring only)');
  });

  it.each([
    ['an SPF ending in ?all', ['v=spf1 include:amazonses.com ?all'], 'misaligned'],
    ['an SPF without an all', ['v=spf1 include:amazonses.com'], 'misaligned'],
    ['two SPF records', ['v=spf1 include:amazonses.com ~all', 'v=spf1 -all'], 'misaligned'],
    ['Resend’s own include and -all', ['v=spf1 include:_spf.resend.com -all'], 'pass'],
    ['a TXT that is not SPF', ['google-site-verification=abc'], 'missing'],
  ] as const)('judges %s as %s', async (_label, txt, expected) => {
    dns.setZone({ ...PASSING, [`send.${FROM}`]: { TXT: [...txt] } });
    const report = await runDomainHealthCheck(services());
    expect(report.checks.find((c) => c.key === 'spf')?.state).toBe(expected);
  });

  it('treats a revoked key (empty p=) as missing', async () => {
    dns.setZone({ ...PASSING, [`resend._domainkey.${FROM}`]: { TXT: ['v=DKIM1; k=rsa; p='] } });
    const report = await runDomainHealthCheck(services());
    expect(report.checks.find((c) => c.key === 'dkim')?.state).toBe('missing');
  });

  it('says "not checkable here" when the DNS does not answer or no inbound domain is set', async () => {
    dns.setZone(PASSING);
    dns.failNames([`send.${FROM}`]);
    const report = await runDomainHealthCheck(services({ inboundDomain: null }));
    expect(states(report.checks)).toEqual({ spf: 'unchecked', dkim: 'pass', dmarc: 'pass', mx: 'unchecked' });
    expect(report.checks.find((c) => c.key === 'mx')?.detail).toContain('INBOUND_DOMAIN is not set');
  });

  it('the daily job stores the result every process reads, replacing the last one', async () => {
    dns.setZone(BARE);
    const controller = new AbortController();
    const job = { jobId: 'j1', retryCount: 0, signal: controller.signal };
    expect(await jobHandlers['domain-health.check'](services(), {}, job)).toEqual({
      states: ['spf:missing', 'dkim:missing', 'dmarc:missing', 'mx:missing'],
    });
    dns.setZone(PASSING);
    await jobHandlers['domain-health.check'](services(), {}, job);
    const rows = await t.db.selectFrom('domain_health').selectAll().execute();
    expect(rows).toHaveLength(1);
    const view = await callerFor(services(), marketer).admin.domainHealth.get();
    expect(states(view.report?.checks ?? [])).toEqual({
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      mx: 'pass',
    });
    expect(view.failing).toEqual([]);
  });

  it('"Check now" is the Owner’s, leaves an audit row, and every member reads what fails', async () => {
    dns.setZone({ ...PASSING, [`_dmarc.${FROM}`]: { A: ['192.0.2.13'] } });
    expect(await codeOf(callerFor(services(), marketer).admin.domainHealth.checkNow())).toBe('FORBIDDEN');
    expect(await callerFor(services(), marketer).admin.domainHealth.get()).toMatchObject({
      report: null,
      failing: [],
    });
    const view = await callerFor(services(), owner).admin.domainHealth.checkNow();
    expect(view.failing).toEqual([{ key: 'dmarc', label: 'DMARC', state: 'missing' }]);
    expect((await callerFor(services(), marketer).admin.domainHealth.get()).failing).toEqual(view.failing);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', '=', 'admin.domainHealth.checkNow')
      .execute();
    expect(audit).toEqual([{ action: 'admin.domainHealth.checkNow', actor_id: owner.id }]);
  });

  it('lists the bulk-sender checklist: one-click proven by the app, the rest not checkable here', async () => {
    dns.setZone(PASSING);
    const view = await callerFor(
      testServices(t.db, { config: { appUrl: 'https://sterlingwatch.com.au' } }),
      owner,
    ).admin.domainHealth.get();
    expect(view.checklist.map((item) => [item.key, item.state])).toEqual([
      ['oneClick', 'pass'],
      ['dkimCoversListUnsubscribe', 'unchecked'],
      ['tls', 'unchecked'],
      ['reverseDns', 'unchecked'],
    ]);
    const local = await callerFor(services(), owner).admin.domainHealth.get();
    expect(local.checklist[0]?.state).toBe('missing');
  });
});
