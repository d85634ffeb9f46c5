import { type RawBuilder, sql } from 'kysely';
import type { SegmentCondition, SegmentDefinition } from '#shared/segments/schema.ts';
import { containsPattern } from '../db/paging.ts';

// The one compiler from segment conditions to SQL (decision 032). Every value a user typed or
// chose is a bound parameter; the only SQL text that varies is picked from constants below by the
// condition's kind and enum fields, which zod has already checked. Every fragment reads the
// contact as `l` (leads). A condition on other tables is `l.id IN (uncorrelated subquery)`, not a
// correlated EXISTS: under AND PostgreSQL plans both as a semi-join, but under OR (match any) an
// EXISTS is re-run for every contact while an IN is one hashed subquery (bench/segments.bench.ts).

type Condition = RawBuilder<boolean>;

/**
 * Who may receive marketing (decisions 003 and 016): consent given (a pending double opt-in is not
 * consent), never unsubscribed, not suppressed. Every audience is this AND the segment.
 */
export const MAY_RECEIVE_MARKETING: Condition = sql<boolean>`(l.email_marketing_consent AND l.email_unsubscribed_at IS NULL AND l.suppressed_at IS NULL)`;

const CONSENT: Record<Extract<SegmentCondition, { kind: 'consent' }>['state'], Condition> = {
  // The contacts list's "Subscribed": consent and not unsubscribed (a suppressed address may be).
  subscribed: sql<boolean>`(l.email_marketing_consent AND l.email_unsubscribed_at IS NULL)`,
  pending: sql<boolean>`l.email_consent_pending`,
  unsubscribed: sql<boolean>`(l.email_unsubscribed_at IS NOT NULL)`,
  suppressed: sql<boolean>`(l.suppressed_at IS NOT NULL)`,
};

const ENQUIRY_COLUMNS = {
  source: sql.ref('e.source'),
  utm_source: sql.ref('e.utm_source'),
  utm_medium: sql.ref('e.utm_medium'),
  utm_campaign: sql.ref('e.utm_campaign'),
} as const;

// What each engagement counts, from our own sends (decision 032): received is accepted by the
// provider and not bounced; opened is any open, machine opens included (decision 025 tells them
// apart per campaign, from the events, which is too slow for a count over every contact).
const ENGAGEMENT_AT = {
  received: sql.ref('s.sent_at'),
  opened: sql.ref('s.opened_at'),
  clicked: sql.ref('s.clicked_at'),
} as const;

/** The first instant of a calendar day in the business's timezone. */
function startOfDay(day: string, timezone: string) {
  return sql`(${day}::date::timestamp AT TIME ZONE ${timezone})`;
}
/** The first instant after a calendar day. */
function endOfDay(day: string, timezone: string) {
  return sql`((${day}::date + 1)::timestamp AT TIME ZONE ${timezone})`;
}

function inRange(
  column: RawBuilder<unknown>,
  from: string | null,
  to: string | null,
  timezone: string,
): Condition[] {
  const parts: Condition[] = [];
  if (from) parts.push(sql<boolean>`${column} >= ${startOfDay(from, timezone)}`);
  if (to) parts.push(sql<boolean>`${column} < ${endOfDay(to, timezone)}`);
  return parts;
}

function and(parts: Condition[]): Condition {
  return parts.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

function compileCondition(condition: SegmentCondition, timezone: string): Condition {
  switch (condition.kind) {
    case 'consent':
      return CONSENT[condition.state];
    case 'created':
      return and(inRange(sql.ref('l.created_at'), condition.from, condition.to, timezone));
    case 'enquiry': {
      const filters = [
        ...(condition.brand ? [sql<boolean>`e.watch_brand = ${condition.brand}`] : []),
        ...(condition.condition ? [sql<boolean>`e.watch_condition = ${condition.condition}`] : []),
        ...inRange(sql.ref('e.created_at'), condition.from, condition.to, timezone),
      ];
      return sql<boolean>`l.id IN (SELECT e.lead_id FROM enquiries e WHERE ${and(filters)})`;
    }
    case 'enquiry_source': {
      const column = ENQUIRY_COLUMNS[condition.field];
      const match =
        condition.op === 'is'
          ? sql<boolean>`lower(${column}) = lower(${condition.value})`
          : sql<boolean>`${column} ILIKE ${containsPattern(condition.value)}`;
      return sql<boolean>`l.id IN (SELECT e.lead_id FROM enquiries e WHERE ${match})`;
    }
    case 'engagement': {
      const at = ENGAGEMENT_AT[condition.action];
      const filters = [
        sql<boolean>`${at} >= now() - ${condition.withinDays} * interval '1 day'`,
        ...(condition.action === 'received' ? [sql<boolean>`s.bounced_at IS NULL`] : []),
        ...(condition.campaignId ? [sql<boolean>`s.campaign_id = ${condition.campaignId}`] : []),
      ];
      return sql<boolean>`l.id IN (SELECT s.lead_id FROM email_sends s WHERE ${and(filters)})`;
    }
    case 'never_opened':
      return sql<boolean>`(l.id IN (SELECT s.lead_id FROM email_sends s WHERE s.sent_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM email_sends s WHERE s.lead_id = l.id AND s.opened_at IS NOT NULL))`;
    case 'email_domain':
      return sql<boolean>`split_part(lower(l.email), '@', 2) = ${condition.domain}`;
  }
}

/** The segment's conditions as one SQL boolean over `leads l`: matching contacts, whatever their consent. */
export function compileSegment(definition: SegmentDefinition, timezone: string): Condition {
  const parts = definition.conditions.map((c) => compileCondition(c, timezone));
  const joiner = definition.match === 'all' ? sql` AND ` : sql` OR `;
  return sql<boolean>`(${sql.join(parts, joiner)})`;
}

/** The segment's audience: matching contacts who may receive marketing. */
export function segmentAudience(definition: SegmentDefinition, timezone: string): Condition {
  return sql<boolean>`(${MAY_RECEIVE_MARKETING} AND ${compileSegment(definition, timezone)})`;
}
