import { describe, expect, it } from 'vitest';
import {
  conditionWarnings,
  describeCondition,
  explainEmptyAudience,
  segmentDefinitionSchema,
  segmentSaveInputSchema,
} from './schema.ts';

const parse = (conditions: unknown[], match = 'all') =>
  segmentDefinitionSchema.safeParse({ match, conditions });
const messages = (result: ReturnType<typeof parse>) => result.error?.issues.map((i) => i.message) ?? [];

describe('segment condition schema', () => {
  it('accepts one condition of every kind, with defaults filled in', () => {
    const result = parse(
      [
        { kind: 'consent', state: 'pending' },
        { kind: 'created', from: '2026-01-01' },
        { kind: 'enquiry' },
        { kind: 'enquiry', brand: 'Rolex', condition: 'Needs Service/Repair', to: '2026-02-28' },
        { kind: 'enquiry_source', field: 'utm_campaign', op: 'contains', value: '  spring ' },
        { kind: 'engagement', action: 'clicked', withinDays: 30 },
        {
          kind: 'engagement',
          action: 'opened',
          campaignId: '00000000-0000-4000-8000-000000000001',
          withinDays: 7,
        },
        { kind: 'never_opened' },
        { kind: 'email_domain', domain: ' @Gmail.COM ' },
      ],
      'any',
    );
    expect(result.success).toBe(true);
    expect(result.data?.conditions).toEqual([
      { kind: 'consent', state: 'pending' },
      { kind: 'created', from: '2026-01-01', to: null },
      { kind: 'enquiry', brand: null, condition: null, from: null, to: null },
      { kind: 'enquiry', brand: 'Rolex', condition: 'Needs Service/Repair', from: null, to: '2026-02-28' },
      { kind: 'enquiry_source', field: 'utm_campaign', op: 'contains', value: 'spring' },
      { kind: 'engagement', action: 'clicked', campaignId: null, withinDays: 30 },
      {
        kind: 'engagement',
        action: 'opened',
        campaignId: '00000000-0000-4000-8000-000000000001',
        withinDays: 7,
      },
      { kind: 'never_opened' },
      { kind: 'email_domain', domain: 'gmail.com' },
    ]);
  });

  it.each([
    [[], 'Add at least one condition'],
    [[{ kind: 'sql', where: '1=1' }], 'Choose a condition'],
    [[{ kind: 'consent', state: 'everyone' }], 'Choose a consent state'],
    [[{ kind: 'created' }], 'Enter a start date, an end date or both'],
    [[{ kind: 'created', from: '2026-02-30' }], 'Enter a real date'],
    [[{ kind: 'created', from: "2026-01-01' OR 1=1 --" }], 'Enter a date as YYYY-MM-DD'],
    [
      [{ kind: 'created', from: '2026-03-01', to: '2026-02-01' }],
      'The start date must be on or before the end date',
    ],
    [[{ kind: 'enquiry', brand: 'Rolex; DROP TABLE leads' }], 'Choose a brand'],
    [[{ kind: 'enquiry', condition: 'Mint' }], 'Choose a condition'],
    [[{ kind: 'enquiry_source', field: 'ip', op: 'is', value: 'x' }], 'Choose a field'],
    [[{ kind: 'enquiry_source', field: 'source', op: 'like', value: 'x' }], 'Choose is or contains'],
    [[{ kind: 'enquiry_source', field: 'source', op: 'is', value: '   ' }], 'Enter a value'],
    [[{ kind: 'engagement', action: 'forwarded', withinDays: 3 }], 'Choose received, opened or clicked'],
    [[{ kind: 'engagement', action: 'opened', withinDays: 0 }], 'At least 1 day'],
    [[{ kind: 'engagement', action: 'opened', withinDays: 2.5 }], 'Enter a whole number of days'],
    [
      [{ kind: 'engagement', action: 'opened', withinDays: 3, campaignId: "1' OR '1'='1" }],
      'Choose a campaign',
    ],
    [[{ kind: 'email_domain', domain: "gmail.com' --" }], 'Enter a domain such as gmail.com'],
    [[{ kind: 'email_domain', domain: '%' }], 'Enter a domain such as gmail.com'],
  ])('refuses %j with "%s"', (conditions, message) => {
    expect(messages(parse(conditions))).toContain(message);
  });

  it('refuses a match other than all or any, and more than 20 conditions', () => {
    expect(messages(parse([{ kind: 'never_opened' }], 'none'))).toContain('Choose all or any');
    expect(messages(parse(Array.from({ length: 21 }, () => ({ kind: 'never_opened' }))))).toContain(
      'At most 20 conditions',
    );
  });

  it('requires a name without line breaks', () => {
    const base = { match: 'all', conditions: [{ kind: 'never_opened' }] };
    expect(segmentSaveInputSchema.safeParse({ ...base, name: '  ' }).error?.issues[0]?.message).toBe(
      'Segment name is required',
    );
    expect(segmentSaveInputSchema.safeParse({ ...base, name: 'a\nb' }).error?.issues[0]?.message).toBe(
      'Name cannot contain line breaks',
    );
    expect(segmentSaveInputSchema.parse({ ...base, name: ' Rolex sellers ' }).name).toBe('Rolex sellers');
  });
});

describe('describeCondition', () => {
  it('says each condition in words', () => {
    const lines = segmentDefinitionSchema
      .parse({
        match: 'all',
        conditions: [
          { kind: 'consent', state: 'subscribed' },
          { kind: 'created', from: '2026-01-01', to: '2026-01-31' },
          { kind: 'enquiry', brand: 'Omega', from: '2026-02-01' },
          { kind: 'enquiry', condition: 'Good - Moderate wear', to: '2026-02-01' },
          { kind: 'enquiry' },
          { kind: 'enquiry_source', field: 'utm_source', op: 'is', value: 'google' },
          { kind: 'engagement', action: 'opened', withinDays: 1 },
          {
            kind: 'engagement',
            action: 'clicked',
            campaignId: '00000000-0000-4000-8000-000000000001',
            withinDays: 30,
          },
          { kind: 'never_opened' },
          { kind: 'email_domain', domain: 'icloud.com' },
        ],
      })
      .conditions.map((c) => describeCondition(c, () => 'Spring sale'));
    expect(lines).toEqual([
      'Consent is subscribed',
      'Contact created between 2026-01-01 and 2026-01-31',
      'Has an enquiry for Omega, submitted on or after 2026-02-01',
      'Has an enquiry in condition "Good - Moderate wear", submitted on or before 2026-02-01',
      'Has any enquiry',
      'UTM source is "google"',
      'Opened any campaign in the last 1 day',
      'Clicked campaign "Spring sale" in the last 30 days',
      'Was sent a campaign and never opened one',
      'E-mail domain is icloud.com',
    ]);
  });
});

describe('condition warnings', () => {
  it('warns about a repeated condition, as the compiler reads its values', () => {
    const warnings = conditionWarnings('any', [
      { kind: 'email_domain', domain: 'gmail.com' },
      { kind: 'enquiry_source', field: 'utm_source', op: 'is', value: 'Google' },
      { kind: 'email_domain', domain: ' @GMAIL.com ' },
      { kind: 'enquiry_source', field: 'utm_source', op: 'is', value: 'google ' },
      { kind: 'enquiry_source', field: 'utm_source', op: 'contains', value: 'google' },
    ]);
    expect(warnings.map((w) => w && [w.kind, w.other])).toEqual([
      null,
      null,
      ['duplicate', 0],
      ['duplicate', 1],
      null,
    ]);
    expect(warnings[2]?.message).toBe('Same as condition 1: a repeated condition changes nothing.');
  });

  it('under "all" only, warns about pairs no contact can meet; skips conditions being typed', () => {
    const conditions = [
      { kind: 'consent', state: 'subscribed' },
      { kind: 'consent', state: 'unsubscribed' },
      { kind: 'email_domain', domain: 'gmail.com' },
      { kind: 'email_domain', domain: 'outlook.com' },
      { kind: 'created', from: '2026-01-01', to: '2026-01-31' },
      { kind: 'created', from: '2026-02-01' },
      { kind: 'never_opened' },
      { kind: 'engagement', action: 'opened', withinDays: 30 },
      { kind: 'consent', state: 'pending' },
      { kind: 'email_domain', domain: '' },
    ];
    expect(conditionWarnings('all', conditions).map((w) => w && [w.kind, w.other])).toEqual([
      null,
      ['contradiction', 0],
      null,
      ['contradiction', 2],
      null,
      ['contradiction', 4],
      null,
      ['contradiction', 6],
      null,
      null,
    ]);
    expect(conditionWarnings('any', conditions).every((w) => w === null)).toBe(true);
  });
});

describe('an empty audience explained', () => {
  it('names every reason the matches cannot be mailed and what to do', () => {
    const said = explainEmptyAudience({
      matched: 12,
      audience: 0,
      suppressed: 1,
      unsubscribed: 2,
      pending: 4,
    });
    expect(said?.reason).toBe(
      'No subscribed contact matches these conditions: 12 contacts match but none is subscribed (5 have not agreed to marketing, 4 are pending confirmation, 2 have unsubscribed, 1 is suppressed).',
    );
    expect(said?.action).toContain('record the consent of contacts who agreed');
    expect(
      explainEmptyAudience({ matched: 3, audience: 1, suppressed: 0, unsubscribed: 0, pending: 0 }),
    ).toBeNull();
  });
});
