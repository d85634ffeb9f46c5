import { describe, expect, it } from 'vitest';
import { describeCondition, segmentDefinitionSchema, segmentSaveInputSchema } from './schema.ts';

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
