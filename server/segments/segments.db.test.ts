import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SegmentConditionInput } from '#shared/segments/schema.ts';
import { SEGMENT_MESSAGES } from '#shared/segments/schema.ts';
import { campaignHtml } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { MISSING_SEGMENT } from '../campaigns/audience.ts';
import { explainEmptyAudience } from '#shared/segments/schema.ts';
import { statementCounter } from '#test/support/statement-counter.ts';
import { listSegments } from './segments.ts';
import { daysAgo } from '#test/support/time.ts';

/**
 * Eight contacts whose every match below is worked out by hand (timezone: Australia/Sydney, the
 * settings' default, AEDT = UTC+11 in January):
 *   a gmail     consent          created 2026-01-10  enquiry Rolex/Excellent, source referral, utm google/spring_sale
 *                                                    C1 sent 5 d ago, opened 4 d ago, clicked 4 d ago
 *   b outlook   consent          created 2026-02-10  enquiry Omega/Good (2026-02-11), utm facebook/springxsale
 *                                                    C1 sent 5 d ago, never opened
 *   c gmail     consent          created 2026-03-01  C2 sent 40 d ago, opened 39 d ago
 *   d gmail     pending only     created 2026-03-05  enquiry Rolex (2026-03-06)
 *   e gmail     unsubscribed     created 2026-01-20  enquiry Rolex (2026-01-21); C1 sent 5 d ago, opened 2 d ago
 *   f icloud    suppressed       created 2026-02-15
 *   g GMAIL     consent          created 2025-12-31 13:30 UTC = 2026-01-01 00:30 in Sydney
 *   h yahoo.au  consent          created 2026-03-10  C2 sent 40 d ago, bounced
 * Only a, b, c, g and h may receive marketing.
 */
const CONTACTS = {
  a: { email: 'a@gmail.com', consent: true, created: '2026-01-10T02:00:00Z' },
  b: { email: 'b@outlook.com', consent: true, created: '2026-02-10T02:00:00Z' },
  c: { email: 'c@gmail.com', consent: true, created: '2026-03-01T02:00:00Z' },
  d: { email: 'd@gmail.com', consent: false, pending: true, created: '2026-03-05T02:00:00Z' },
  e: { email: 'e@gmail.com', consent: true, unsubscribed: true, created: '2026-01-20T02:00:00Z' },
  f: { email: 'f@icloud.com', consent: true, suppressed: true, created: '2026-02-15T02:00:00Z' },
  g: { email: 'g@GMAIL.com', consent: true, created: '2025-12-31T13:30:00Z' },
  h: { email: 'h@yahoo.com.au', consent: true, created: '2026-03-10T02:00:00Z' },
} as const;
type Key = keyof typeof CONTACTS;

describe('segments', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  const ids = {} as Record<Key, string>;
  const campaigns = {} as Record<'c1' | 'c2', string>;
  const caller = () => callerFor(testServices(t.db), owner);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'segments-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    owner = { id: user.id, email: user.email, role: 'owner' };
    // The contacts' creation dates are fixed (the date conditions read them), so from a year after
    // them the sunset policy (decision 089, tested on its own) would leave the unengaged ones out.
    await t.db
      .insertInto('settings')
      .values({ id: true, sunset_months: 0 })
      .onConflict((oc) => oc.column('id').doUpdateSet({ sunset_months: 0 }))
      .execute();
    for (const [key, c] of Object.entries(CONTACTS) as Array<[Key, (typeof CONTACTS)[Key]]>) {
      const row = await t.db
        .insertInto('leads')
        .values({
          email: c.email,
          email_marketing_consent: c.consent,
          email_consent_pending: 'pending' in c,
          email_unsubscribed_at: 'unsubscribed' in c ? daysAgo(1) : null,
          suppressed_at: 'suppressed' in c ? daysAgo(1) : null,
          suppression_reason: 'suppressed' in c ? 'hard_bounce' : null,
          created_at: c.created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
    }
    const enquiry = (key: Key, values: Record<string, string>) => ({
      lead_id: ids[key],
      watch_brand: 'Rolex',
      watch_condition: 'Excellent - Like new',
      ...values,
    });
    await t.db
      .insertInto('enquiries')
      .values([
        enquiry('a', {
          source: 'referral',
          utm_source: 'google',
          utm_campaign: 'spring_sale',
          created_at: '2026-01-11T02:00:00Z',
        }),
        enquiry('b', {
          watch_brand: 'Omega',
          watch_condition: 'Good - Moderate wear',
          utm_source: 'facebook',
          utm_campaign: 'springxsale',
          created_at: '2026-02-11T02:00:00Z',
        }),
        enquiry('d', { created_at: '2026-03-06T02:00:00Z' }),
        enquiry('e', { created_at: '2026-01-21T02:00:00Z' }),
      ])
      .execute();
    for (const key of ['c1', 'c2'] as const) {
      const row = await t.db
        .insertInto('email_campaigns')
        .values({ name: key.toUpperCase(), subject: 's', status: 'completed' })
        .returning('id')
        .executeTakeFirstOrThrow();
      campaigns[key] = row.id;
    }
    const send = (key: Key, campaign: 'c1' | 'c2', sent: number, extra: Record<string, Date> = {}) => ({
      campaign_id: campaigns[campaign],
      lead_id: ids[key],
      recipient_email: CONTACTS[key].email,
      status: 'delivered' as const,
      provider_message_id: `msg-${key}-${campaign}`,
      sent_at: daysAgo(sent),
      ...extra,
    });
    await t.db
      .insertInto('email_sends')
      .values([
        send('a', 'c1', 5, { opened_at: daysAgo(4), clicked_at: daysAgo(4) }),
        send('b', 'c1', 5),
        send('c', 'c2', 40, { opened_at: daysAgo(39) }),
        send('e', 'c1', 5, { opened_at: daysAgo(2) }),
        { ...send('h', 'c2', 40, { bounced_at: daysAgo(40) }), status: 'bounced' as const },
      ])
      .execute();
  });

  const preview = async (conditions: SegmentConditionInput[], match: 'all' | 'any' = 'all') => {
    const result = await caller().admin.segments.preview({ match, conditions });
    return {
      audience: result.members.map((m) => m.email).sort(),
      count: result.audience,
      cannot: result.cannotReceive,
    };
  };
  const emails = (...keys: Key[]) => keys.map((k) => CONTACTS[k].email).sort();

  it.each<[string, SegmentConditionInput[], Key[], number]>([
    ['consent subscribed', [{ kind: 'consent', state: 'subscribed' }], ['a', 'b', 'c', 'g', 'h'], 1],
    ['consent pending', [{ kind: 'consent', state: 'pending' }], [], 1],
    ['consent unsubscribed', [{ kind: 'consent', state: 'unsubscribed' }], [], 1],
    ['consent suppressed', [{ kind: 'consent', state: 'suppressed' }], [], 1],
    [
      'created in January (Sydney days)',
      [{ kind: 'created', from: '2026-01-01', to: '2026-01-31' }],
      ['a', 'g'],
      1,
    ],
    ['created on or before 2025-12-31 (Sydney)', [{ kind: 'created', to: '2025-12-31' }], [], 0],
    ['any enquiry', [{ kind: 'enquiry' }], ['a', 'b'], 2],
    ['a Rolex enquiry', [{ kind: 'enquiry', brand: 'Rolex' }], ['a'], 2],
    ['an enquiry in Good condition', [{ kind: 'enquiry', condition: 'Good - Moderate wear' }], ['b'], 0],
    ['an enquiry in Feb-Mar', [{ kind: 'enquiry', from: '2026-02-01', to: '2026-03-31' }], ['b'], 1],
    [
      'source is website',
      [{ kind: 'enquiry_source', field: 'source', op: 'is', value: 'WEBSITE' }],
      ['b'],
      2,
    ],
    [
      'UTM source is google',
      [{ kind: 'enquiry_source', field: 'utm_source', op: 'is', value: 'Google' }],
      ['a'],
      0,
    ],
    [
      'UTM source contains "ace"',
      [{ kind: 'enquiry_source', field: 'utm_source', op: 'contains', value: 'ACE' }],
      ['b'],
      0,
    ],
    ['UTM medium is cpc', [{ kind: 'enquiry_source', field: 'utm_medium', op: 'is', value: 'cpc' }], [], 0],
    // The underscore is literal: "springxsale" does not match.
    [
      'UTM campaign contains "spring_"',
      [{ kind: 'enquiry_source', field: 'utm_campaign', op: 'contains', value: 'spring_' }],
      ['a'],
      0,
    ],
    ['received any in 30 days', [{ kind: 'engagement', action: 'received', withinDays: 30 }], ['a', 'b'], 1],
    [
      'received any in 60 days (a bounce is not received)',
      [{ kind: 'engagement', action: 'received', withinDays: 60 }],
      ['a', 'b', 'c'],
      1,
    ],
    ['opened any in 7 days', [{ kind: 'engagement', action: 'opened', withinDays: 7 }], ['a'], 1],
    ['opened any in 60 days', [{ kind: 'engagement', action: 'opened', withinDays: 60 }], ['a', 'c'], 1],
    ['clicked any in 30 days', [{ kind: 'engagement', action: 'clicked', withinDays: 30 }], ['a'], 0],
    ['never opened', [{ kind: 'never_opened' }], ['b', 'h'], 0],
    ['e-mail domain gmail.com', [{ kind: 'email_domain', domain: 'gmail.com' }], ['a', 'c', 'g'], 2],
    [
      'all: gmail and opened in 60 days',
      [
        { kind: 'email_domain', domain: 'gmail.com' },
        { kind: 'engagement', action: 'opened', withinDays: 60 },
      ],
      ['a', 'c'],
      1,
    ],
  ])('%s', async (_name, conditions, audience, cannot) => {
    expect(await preview(conditions)).toEqual({
      audience: emails(...audience),
      count: audience.length,
      cannot,
    });
  });

  it('a given campaign, and any of several conditions', async () => {
    expect(
      await preview([{ kind: 'engagement', action: 'opened', withinDays: 60, campaignId: campaigns.c2 }]),
    ).toEqual({ audience: emails('c'), count: 1, cannot: 0 });
    expect(
      await preview([{ kind: 'engagement', action: 'received', withinDays: 60, campaignId: campaigns.c1 }]),
    ).toEqual({ audience: emails('a', 'b'), count: 2, cannot: 1 });
    expect(
      await preview(
        [
          { kind: 'enquiry', brand: 'Omega' },
          { kind: 'email_domain', domain: 'icloud.com' },
        ],
        'any',
      ),
    ).toEqual({ audience: emails('b'), count: 1, cannot: 1 });
  });

  it('refuses conditions outside the schema with a 400, and runs nothing', async () => {
    const bad = caller().admin.segments.preview({
      match: 'all',
      conditions: [{ kind: 'email_domain', domain: "x.com'; DELETE FROM leads; --" }],
    });
    await expect(bad).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // A value that is valid text reaches PostgreSQL as a parameter: it matches nothing, harms nothing.
    expect(
      await preview([
        { kind: 'enquiry_source', field: 'utm_campaign', op: 'is', value: "'; DELETE FROM leads; --" },
      ]),
    ).toEqual({ audience: [], count: 0, cannot: 0 });
    expect(
      await t.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 8 });
  });

  it('saves, lists, renames and refuses a second segment of the same name', async () => {
    const { id } = await caller().admin.segments.save({
      name: 'Rolex sellers',
      match: 'all',
      conditions: [{ kind: 'enquiry', brand: 'Rolex' }],
    });
    await expect(
      caller().admin.segments.save({
        name: 'ROLEX SELLERS',
        match: 'any',
        conditions: [{ kind: 'never_opened' }],
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: SEGMENT_MESSAGES.nameTaken });
    await caller().admin.segments.save({
      id,
      name: 'Rolex sellers (all)',
      match: 'any',
      conditions: [{ kind: 'enquiry', brand: 'Rolex' }],
    });
    expect(await caller().admin.segments.get({ id })).toMatchObject({
      name: 'Rolex sellers (all)',
      match: 'any',
      conditions: [{ kind: 'enquiry', brand: 'Rolex', condition: null, from: null, to: null }],
      createdByEmail: owner.email,
    });
    expect((await caller().admin.segments.list()).map((s) => s.name)).toContain('Rolex sellers (all)');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'admin.segments.save')
      .execute();
    expect(audit).toContainEqual({ action: 'admin.segments.save', entity_id: id });
  });

  it('sends a campaign to the segment only, records the segment as it was, and keeps it after edits', async () => {
    const { id: segmentId } = await caller().admin.segments.save({
      name: 'Gmail readers',
      match: 'all',
      conditions: [
        { kind: 'email_domain', domain: 'gmail.com' },
        { kind: 'engagement', action: 'opened', withinDays: 60 },
      ],
    });
    expect(await caller().admin.campaigns.audienceCount({ segmentId })).toMatchObject({
      subscribers: 2,
      inactive: 0,
    });
    expect(await caller().admin.campaigns.audienceCount()).toMatchObject({ subscribers: 5, inactive: 0 });

    const fields = {
      name: 'For gmail readers',
      subject: 'Hello',
      htmlContent: campaignHtml,
      segmentId: segmentId,
    };
    const draft = await caller().admin.campaigns.saveDraft(fields);
    expect(draft.campaign).toMatchObject({ totalRecipients: 2, segmentId, segment: null });
    await expect(caller().admin.segments.delete({ id: segmentId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: SEGMENT_MESSAGES.inUse(['For gmail readers']),
    });

    const sent = await caller().admin.campaigns.sendNow({ ...fields, id: draft.campaign.id });
    const recipients = await t.db
      .selectFrom('email_sends')
      .select('recipient_email')
      .where('campaign_id', '=', sent.id)
      .orderBy('recipient_email')
      .execute();
    expect(recipients.map((r) => r.recipient_email)).toEqual(emails('a', 'c'));
    expect(sent).toMatchObject({ totalRecipients: 2, segmentId });
    const snapshot = {
      id: segmentId,
      name: 'Gmail readers',
      match: 'all',
      conditions: [
        { kind: 'email_domain', domain: 'gmail.com' },
        { kind: 'engagement', action: 'opened', withinDays: 60, campaignId: null },
      ],
    };
    expect(sent.segment).toEqual(snapshot);

    // Edited, then deleted (no draft uses it now): the sent campaign keeps what it was sent with.
    await caller().admin.segments.save({
      id: segmentId,
      name: 'Renamed',
      match: 'any',
      conditions: [{ kind: 'never_opened' }],
    });
    expect(await caller().admin.segments.delete({ id: segmentId })).toEqual({ id: segmentId });
    expect(await caller().admin.campaigns.get({ id: sent.id })).toMatchObject({
      segmentId: null,
      segment: snapshot,
    });
  });

  it('refuses a campaign whose segment does not exist, and deleting an unknown segment', async () => {
    const missing = '00000000-0000-4000-8000-00000000dead';
    await expect(
      caller().admin.campaigns.saveDraft({
        name: 'n',
        subject: 's',
        htmlContent: '<p>x</p>',
        segmentId: missing,
      }),
    ).rejects.toEqual(new TRPCError({ code: 'BAD_REQUEST', message: MISSING_SEGMENT }));
    await expect(caller().admin.segments.delete({ id: missing })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('counts every listed segment in one statement, whatever their number', async () => {
    const names = ['Reach gmail', 'Reach pending', 'Reach nobody', 'Reach unsubscribed or suppressed'];
    const definitions: SegmentConditionInput[][] = [
      [{ kind: 'email_domain', domain: 'gmail.com' }],
      [{ kind: 'consent', state: 'pending' }],
      [{ kind: 'email_domain', domain: 'nowhere.example' }],
      [
        { kind: 'created', from: '2026-01-20', to: '2026-02-15' },
        { kind: 'consent', state: 'subscribed' },
      ],
    ];
    for (const [i, conditions] of definitions.entries())
      await caller().admin.segments.save({ name: names[i] as string, match: 'all', conditions });
    const counter = statementCounter();
    const listed = await listSegments(t.db.withPlugin(counter));
    // The segments, the timezone and one count for all of them: not one per segment.
    expect(counter.count).toBe(3);
    const reach = (name: string) => listed.find((s) => s.name === name)?.reach;
    // a, c, g may be mailed; d is pending; e unsubscribed (by hand, the fixture above).
    expect(reach('Reach gmail')).toEqual({
      matched: 5,
      audience: 3,
      suppressed: 0,
      unsubscribed: 1,
      pending: 1,
    });
    expect(reach('Reach pending')).toEqual({
      matched: 1,
      audience: 0,
      suppressed: 0,
      unsubscribed: 0,
      pending: 1,
    });
    expect(reach('Reach nobody')).toEqual({
      matched: 0,
      audience: 0,
      suppressed: 0,
      unsubscribed: 0,
      pending: 0,
    });
    // b, and f (suppressed, consent, not unsubscribed): subscribed in the list's sense.
    expect(reach('Reach unsubscribed or suppressed')).toEqual({
      matched: 2,
      audience: 1,
      suppressed: 1,
      unsubscribed: 0,
      pending: 0,
    });
    // The editor's preview counts the same way.
    const preview = await caller().admin.segments.preview({ match: 'all', conditions: definitions[0] ?? [] });
    expect(preview.reach).toEqual(reach('Reach gmail'));
  });

  it('says why an audience is empty: nobody matches, or the matches may not be mailed', async () => {
    const pendingOnly = await caller().admin.segments.preview({
      match: 'all',
      conditions: [{ kind: 'consent', state: 'pending' }],
    });
    expect(explainEmptyAudience(pendingOnly.reach)?.reason).toBe(
      'No subscribed contact matches these conditions: 1 contact matches but none is subscribed (1 is pending confirmation).',
    );
    const gone = await caller().admin.segments.preview({
      match: 'any',
      conditions: [
        { kind: 'consent', state: 'unsubscribed' },
        { kind: 'email_domain', domain: 'icloud.com' },
      ],
    });
    expect(gone.audience).toBe(0);
    expect(explainEmptyAudience(gone.reach)).toEqual({
      reason:
        'No subscribed contact matches these conditions: 2 contacts match but none is subscribed (1 has unsubscribed, 1 is suppressed).',
      action:
        'To reach them, unsubscribed and suppressed contacts are never e-mailed. Or change the conditions.',
    });
    const nobody = await caller().admin.segments.preview({
      match: 'all',
      conditions: [{ kind: 'email_domain', domain: 'nowhere.example' }],
    });
    expect(explainEmptyAudience(nobody.reach)?.reason).toBe('No contact matches these conditions.');
    const somebody = await caller().admin.segments.preview({
      match: 'all',
      conditions: [{ kind: 'email_domain', domain: 'gmail.com' }],
    });
    expect(explainEmptyAudience(somebody.reach)).toBeNull();
  });
});
