import dns2 from 'dns2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { providerBreakdown } from './breakdown.ts';
import { dnsMxResolver, lookUpRecipientDomains } from './mx-lookup.ts';

// Mailbox-provider figures (decision 074) from a hand-made campaign of 12 recipients, with the
// business domains' MX hosts served by a local DNS server (dns2) as DNS_RESOLVER would point at it.

const MX: Record<string, string> = {
  'firm.com.au': 'aspmx.l.google.com',
  'corp.example': 'corp-example.mail.protection.outlook.com',
  'example.org': 'mx.example.org',
};

type Marks = Partial<Record<'delivered' | 'bounced' | 'complained' | 'opened' | 'clicked', true>>;

// Recipient, then what happened to their e-mail.
const RECIPIENTS: ReadonlyArray<readonly [string, Marks]> = [
  ['a@gmail.com', { delivered: true, opened: true, clicked: true }],
  ['b@googlemail.com', { delivered: true, opened: true }],
  ['c@firm.com.au', { delivered: true }], // MX at Google: Gmail
  ['d@hotmail.com', { bounced: true }],
  ['e@outlook.com', { delivered: true, complained: true }],
  ['f@corp.example', { delivered: true, opened: true }], // MX at Microsoft 365: Outlook
  ['g@yahoo.com.au', { bounced: true }],
  ['h@icloud.com', { delivered: true, opened: true, clicked: true }],
  ['i@bigpond.com', { delivered: true }],
  ['j@optusnet.com.au', { delivered: true, complained: true }],
  ['k@example.org', { delivered: true }], // its own MX: Others
  ['l@nomx.test', { delivered: true, opened: true }], // no such domain: Others
];

// Counted by hand from the table above.
const EXPECTED = [
  { provider: 'gmail', sent: 3, delivered: 3, bounced: 0, complained: 0, opened: 2, clicked: 1 },
  { provider: 'outlook', sent: 3, delivered: 2, bounced: 1, complained: 1, opened: 1, clicked: 0 },
  { provider: 'yahoo', sent: 1, delivered: 0, bounced: 1, complained: 0, opened: 0, clicked: 0 },
  { provider: 'icloud', sent: 1, delivered: 1, bounced: 0, complained: 0, opened: 1, clicked: 1 },
  { provider: 'bigpond', sent: 1, delivered: 1, bounced: 0, complained: 0, opened: 0, clicked: 0 },
  { provider: 'optus', sent: 1, delivered: 1, bounced: 0, complained: 1, opened: 0, clicked: 0 },
  { provider: 'other', sent: 2, delivered: 2, bounced: 0, complained: 0, opened: 1, clicked: 0 },
];

describe('mailbox providers', () => {
  const t = useTestDatabase();
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const name = request.questions[0]?.name ?? '';
      queries.push(name);
      const exchange = MX[name.toLowerCase()];
      if (exchange) {
        // dns2's typings know no MX fields on a record; the packet encodes them by its type.
        const mx = { exchange, priority: 10 };
        response.answers.push({
          ...mx,
          name,
          type: dns2.Packet.TYPE.MX,
          class: dns2.Packet.CLASS.IN,
          ttl: 300,
          toBuffer: () => Buffer.alloc(0),
        });
      } else {
        response.header.rcode = 3; // NXDOMAIN
      }
      void send(response);
    },
  });
  let resolverAddress = '';
  let campaignId = '';
  const NOW = new Date();

  beforeAll(async () => {
    const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
    resolverAddress = `127.0.0.1:${addresses.udp?.port ?? 0}`;
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Providers', subject: 'Market update', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    campaignId = campaign.id;
    const at = new Date(NOW.getTime() - 3_600_000);
    const when = (mark: true | undefined) => (mark ? at : null);
    await t.db
      .insertInto('email_sends')
      .values(
        RECIPIENTS.map(([email, marks]) => ({
          campaign_id: campaign.id,
          recipient_email: email,
          provider_message_id: `msg-${email}`,
          status: marks.bounced ? ('bounced' as const) : ('delivered' as const),
          sent_at: at,
          delivered_at: when(marks.delivered),
          bounced_at: when(marks.bounced),
          complained_at: when(marks.complained),
          opened_at: when(marks.opened),
          clicked_at: when(marks.clicked),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await server.close();
  });

  const figures = (breakdown: Awaited<ReturnType<typeof providerBreakdown>>) =>
    breakdown.providers.map(({ label: _label, ...rest }) => rest);

  it('counts a campaign by provider, looking business domains up by MX once', async () => {
    // Before the lookup the two business domains count under Others, and four domains wait.
    const before = await providerBreakdown(t.db, { campaignId });
    expect(before.pendingDomains).toBe(4);
    expect(figures(before).find((p) => p.provider === 'gmail')?.sent).toBe(2);
    expect(figures(before).find((p) => p.provider === 'other')?.sent).toBe(4);

    const resolve = dnsMxResolver(resolverAddress, 2000);
    expect(await lookUpRecipientDomains(t.db, resolve, NOW)).toEqual({ lookedUp: 4, failed: 0 });
    // Only the domains outside the known table were asked about.
    expect([...queries].sort()).toEqual(['corp.example', 'example.org', 'firm.com.au', 'nomx.test']);
    const cached = await t.db
      .selectFrom('email_domain_providers')
      .select(['domain', 'provider', 'mx_hosts', 'error'])
      .orderBy('domain')
      .execute();
    expect(cached).toEqual([
      {
        domain: 'corp.example',
        provider: 'outlook',
        mx_hosts: ['corp-example.mail.protection.outlook.com'],
        error: null,
      },
      { domain: 'example.org', provider: 'other', mx_hosts: ['mx.example.org'], error: null },
      { domain: 'firm.com.au', provider: 'gmail', mx_hosts: ['aspmx.l.google.com'], error: null },
      { domain: 'nomx.test', provider: 'other', mx_hosts: [], error: null },
    ]);

    const after = await providerBreakdown(t.db, { campaignId });
    expect(after.pendingDomains).toBe(0);
    expect(figures(after)).toEqual(EXPECTED);
    expect(after.providers[0]?.label).toBe('Gmail / Google Workspace');

    // Cached: a second run asks nothing.
    queries.length = 0;
    expect(await lookUpRecipientDomains(t.db, resolve, NOW)).toEqual({ lookedUp: 0, failed: 0 });
    expect(queries).toEqual([]);
  });

  it('counts the dashboard by the time e-mails were sent', async () => {
    const old = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Older', subject: 'Earlier update', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const threeDaysAgo = new Date(NOW.getTime() - 3 * 24 * 3_600_000);
    await t.db
      .insertInto('email_sends')
      .values({
        campaign_id: old.id,
        recipient_email: 'z@gmail.com',
        provider_message_id: 'msg-old',
        status: 'delivered',
        sent_at: threeDaysAgo,
        delivered_at: threeDaysAgo,
      })
      .execute();
    const day = await providerBreakdown(t.db, {
      since: new Date(NOW.getTime() - 24 * 3_600_000),
      until: NOW,
    });
    expect(figures(day)).toEqual(EXPECTED);
    const week = await providerBreakdown(t.db, {
      since: new Date(NOW.getTime() - 7 * 24 * 3_600_000),
      until: NOW,
    });
    expect(figures(week)[0]).toEqual({ ...EXPECTED[0], sent: 4, delivered: 4 });
    await sql`DELETE FROM email_campaigns WHERE id = ${old.id}`.execute(t.db);
  });
});
