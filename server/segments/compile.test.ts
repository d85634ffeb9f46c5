import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { type SegmentDefinition, segmentDefinitionSchema } from '#shared/segments/schema.ts';
import type { DB } from '../db/schema.ts';
import { compileSegment, segmentAudience } from './compile.ts';

// What the compiler writes, without a database: SQL text from constants, every value a parameter.
// The DB tests (segments.db.test.ts) check what that SQL selects.
const offline = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const TZ = 'Australia/Sydney';
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function compile(conditions: unknown[], match: 'all' | 'any' = 'all') {
  const definition: SegmentDefinition = segmentDefinitionSchema.parse({ match, conditions });
  const { sql: text, parameters } =
    sql`SELECT 1 FROM leads l WHERE ${compileSegment(definition, TZ)}`.compile(offline);
  return { text: squash(text).replace('SELECT 1 FROM leads l WHERE ', ''), parameters };
}

describe('compileSegment', () => {
  it.each([
    ['subscribed', '((l.email_marketing_consent AND l.email_unsubscribed_at IS NULL))'],
    ['pending', '(l.email_consent_pending)'],
    ['unsubscribed', '((l.email_unsubscribed_at IS NOT NULL))'],
    ['suppressed', '((l.suppressed_at IS NOT NULL))'],
  ])('consent %s', (state, expected) => {
    expect(compile([{ kind: 'consent', state }])).toEqual({ text: expected, parameters: [] });
  });

  it('contact created between two days of the business timezone, or from one end only', () => {
    expect(compile([{ kind: 'created', from: '2026-01-01', to: '2026-01-31' }])).toEqual({
      text: '(("l"."created_at" >= ($1::date::timestamp AT TIME ZONE $2) AND "l"."created_at" < (($3::date + 1)::timestamp AT TIME ZONE $4)))',
      parameters: ['2026-01-01', TZ, '2026-01-31', TZ],
    });
    expect(compile([{ kind: 'created', to: '2026-01-31' }]).text).toBe(
      '(("l"."created_at" < (($1::date + 1)::timestamp AT TIME ZONE $2)))',
    );
  });

  it('has an enquiry: any, or narrowed by brand, condition and dates', () => {
    expect(compile([{ kind: 'enquiry' }])).toEqual({
      text: '(l.id IN (SELECT e.lead_id FROM enquiries e WHERE true))',
      parameters: [],
    });
    expect(
      compile([
        { kind: 'enquiry', brand: 'Patek Philippe', condition: 'Excellent - Like new', from: '2026-03-01' },
      ]),
    ).toEqual({
      text: '(l.id IN (SELECT e.lead_id FROM enquiries e WHERE (e.watch_brand = $1 AND e.watch_condition = $2 AND "e"."created_at" >= ($3::date::timestamp AT TIME ZONE $4))))',
      parameters: ['Patek Philippe', 'Excellent - Like new', '2026-03-01', TZ],
    });
  });

  it.each([
    ['source', 'is', 'lower("e"."source") = lower($1)', 'website'],
    ['utm_source', 'is', 'lower("e"."utm_source") = lower($1)', 'website'],
    ['utm_medium', 'contains', '"e"."utm_medium" ILIKE $1', '%website%'],
    ['utm_campaign', 'contains', '"e"."utm_campaign" ILIKE $1', '%website%'],
  ])('enquiry %s %s', (field, op, match, parameter) => {
    expect(compile([{ kind: 'enquiry_source', field, op, value: 'website' }])).toEqual({
      text: `(l.id IN (SELECT e.lead_id FROM enquiries e WHERE ${match}))`,
      parameters: [parameter],
    });
  });

  it.each([
    ['received', '"s"."sent_at"', ' AND s.bounced_at IS NULL'],
    ['opened', '"s"."opened_at"', ''],
    ['clicked', '"s"."clicked_at"', ''],
  ])('engagement %s, any campaign or one', (action, column, extra) => {
    expect(compile([{ kind: 'engagement', action, withinDays: 30 }])).toEqual({
      text: `(l.id IN (SELECT s.lead_id FROM email_sends s WHERE (${column} >= now() - $1 * interval '1 day'${extra})))`,
      parameters: [30],
    });
    const campaignId = '00000000-0000-4000-8000-000000000009';
    expect(compile([{ kind: 'engagement', action, withinDays: 7, campaignId }])).toEqual({
      text: `(l.id IN (SELECT s.lead_id FROM email_sends s WHERE (${column} >= now() - $1 * interval '1 day'${extra} AND s.campaign_id = $2)))`,
      parameters: [7, campaignId],
    });
  });

  it('never opened: was sent a campaign, and no send of theirs was opened', () => {
    expect(compile([{ kind: 'never_opened' }])).toEqual({
      text: '((l.id IN (SELECT s.lead_id FROM email_sends s WHERE s.sent_at IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM email_sends s WHERE s.lead_id = l.id AND s.opened_at IS NOT NULL)))',
      parameters: [],
    });
  });

  it('e-mail domain', () => {
    expect(compile([{ kind: 'email_domain', domain: 'Gmail.com' }])).toEqual({
      text: "(split_part(lower(l.email), '@', 2) = $1)",
      parameters: ['gmail.com'],
    });
  });

  it('joins with AND for all and OR for any, numbering parameters in order', () => {
    const conditions = [
      { kind: 'email_domain', domain: 'gmail.com' },
      { kind: 'engagement', action: 'opened', withinDays: 14 },
    ];
    const all = compile(conditions, 'all');
    const any = compile(conditions, 'any');
    expect(all.text).toBe(
      '(split_part(lower(l.email), \'@\', 2) = $1 AND l.id IN (SELECT s.lead_id FROM email_sends s WHERE ("s"."opened_at" >= now() - $2 * interval \'1 day\')))',
    );
    expect(any.text).toBe(all.text.replace(' AND l.id IN', ' OR l.id IN'));
    expect(all.parameters).toEqual(['gmail.com', 14]);
  });

  it('never puts a typed value into the SQL text: injection attempts stay parameters', () => {
    const attempts = [
      "'; DROP TABLE leads; --",
      "x' OR '1'='1",
      '$1) OR (1=1',
      'a\\%_b',
      'Robert"); DELETE FROM segments; --',
    ];
    for (const value of attempts) {
      for (const op of ['is', 'contains'] as const) {
        const { text, parameters } = compile([{ kind: 'enquiry_source', field: 'utm_campaign', op, value }]);
        expect(text).not.toContain(value);
        expect(text).not.toMatch(/DROP|DELETE|OR '1'/);
        expect(parameters).toHaveLength(1);
        // "contains" takes the user's wildcards literally.
        expect(parameters[0]).toBe(op === 'is' ? value : `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
    }
  });

  it('the audience is the segment and may-receive-marketing', () => {
    const definition = segmentDefinitionSchema.parse({
      match: 'any',
      conditions: [{ kind: 'never_opened' }],
    });
    const { sql: text } = sql`${segmentAudience(definition, TZ)}`.compile(offline);
    expect(squash(text)).toMatch(
      /^\(\(l\.email_marketing_consent AND l\.email_unsubscribed_at IS NULL AND l\.suppressed_at IS NULL\) AND \(/,
    );
  });
});
