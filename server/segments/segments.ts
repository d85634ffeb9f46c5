import { sql } from 'kysely';
import {
  type AudienceReach,
  SEGMENT_PREVIEW_SIZE,
  type SegmentDefinition,
  segmentDefinitionSchema,
  type SegmentPreview,
  type SegmentSummary,
} from '#shared/segments/schema.ts';
import type { DbExecutor } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { compileSegment, MAY_RECEIVE_MARKETING, segmentAudience } from './compile.ts';
import { isUniqueViolation } from '../db/errors.ts';

// Segments: saved conditions (decision 032). Stored conditions were validated on the way in; they
// are parsed again on the way out so a row written by an older schema fails loudly, not silently.

export interface StoredSegment {
  id: string;
  name: string;
  definition: SegmentDefinition;
}

function parseDefinition(row: { match: string; conditions: unknown }): SegmentDefinition {
  return segmentDefinitionSchema.parse({ match: row.match, conditions: row.conditions });
}

/**
 * What each definition reaches now, all in one pass over the contacts (decision 032): every
 * segment's condition is evaluated once per contact in the inner select, and the outer one counts
 * by the contact's one reason for being outside the audience. One query for the whole list, never
 * one per segment. Column names are built from the list index only.
 */
export async function reachOf(
  db: DbExecutor,
  definitions: readonly SegmentDefinition[],
  timezone: string,
): Promise<AudienceReach[]> {
  if (definitions.length === 0) return [];
  const matches = definitions.map((d, i) => sql`(${compileSegment(d, timezone)}) AS ${sql.raw(`s${i}`)}`);
  const counts = definitions.map((_, i) => {
    const s = sql.raw(`s${i}`);
    const col = (name: string) => sql.raw(`${name}${i}`);
    return sql`count(*) FILTER (WHERE ${s})::int AS ${col('m')},
      count(*) FILTER (WHERE ${s} AND why = 'audience')::int AS ${col('a')},
      count(*) FILTER (WHERE ${s} AND why = 'suppressed')::int AS ${col('x')},
      count(*) FILTER (WHERE ${s} AND why = 'unsubscribed')::int AS ${col('u')},
      count(*) FILTER (WHERE ${s} AND why = 'pending')::int AS ${col('p')}`;
  });
  const { rows } = await sql<Record<string, number>>`
    SELECT ${sql.join(counts)} FROM (
      SELECT ${sql.join(matches)},
        CASE
          WHEN ${MAY_RECEIVE_MARKETING} THEN 'audience'
          WHEN l.suppressed_at IS NOT NULL THEN 'suppressed'
          WHEN l.email_unsubscribed_at IS NOT NULL THEN 'unsubscribed'
          WHEN l.email_consent_pending THEN 'pending'
          ELSE 'never_agreed'
        END AS why
      FROM leads l
      -- One segment (the editor's preview) keeps its WHERE, so its indexes still narrow the scan.
      ${definitions.length === 1 ? sql`WHERE ${compileSegment(definitions[0] as SegmentDefinition, timezone)}` : sql``}
    ) c`.execute(db);
  const row = rows[0] ?? {};
  return definitions.map((_, i) => ({
    matched: row[`m${i}`] ?? 0,
    audience: row[`a${i}`] ?? 0,
    suppressed: row[`x${i}`] ?? 0,
    unsubscribed: row[`u${i}`] ?? 0,
    pending: row[`p${i}`] ?? 0,
  }));
}

/** Every segment by name, or the one with `id`, each with what it reaches now. */
export async function listSegments(db: DbExecutor, id?: string): Promise<SegmentSummary[]> {
  let query = db.selectFrom('segments as s');
  if (id) query = query.where('s.id', '=', id);
  const rows = await query
    .leftJoin('users as c', 'c.id', 's.created_by')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .select([
      's.id',
      's.name',
      's.match',
      's.conditions',
      's.created_at',
      's.updated_at',
      'c.email as created_by_email',
      'u.email as updated_by_email',
    ])
    .orderBy(sql`lower(s.name)`)
    .execute();
  const definitions = rows.map(parseDefinition);
  const reach = await reachOf(db, definitions, await getSettingsTimezone(db));
  return rows.map((row, i) => ({
    id: row.id,
    name: row.name,
    ...(definitions[i] as SegmentDefinition),
    reach: reach[i] as AudienceReach,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    createdByEmail: row.created_by_email,
    updatedByEmail: row.updated_by_email,
  }));
}

export async function findSegment(db: DbExecutor, id: string): Promise<StoredSegment | undefined> {
  const row = await db
    .selectFrom('segments')
    .select(['id', 'name', 'match', 'conditions'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, definition: parseDefinition(row) } : undefined;
}

export type SaveSegmentResult = { status: 'saved'; id: string } | { status: 'not_found' | 'name_taken' };

export async function saveSegment(
  db: DbExecutor,
  input: SegmentDefinition & { id?: string | undefined; name: string },
  userId: string,
): Promise<SaveSegmentResult> {
  const values = { name: input.name, match: input.match, conditions: JSON.stringify(input.conditions) };
  try {
    if (input.id) {
      const row = await db
        .updateTable('segments')
        .set({ ...values, updated_by: userId, updated_at: new Date() })
        .where('id', '=', input.id)
        .returning('id')
        .executeTakeFirst();
      return row ? { status: 'saved', id: row.id } : { status: 'not_found' };
    }
    const row = await db
      .insertInto('segments')
      .values({ ...values, created_by: userId, updated_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { status: 'saved', id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'name_taken' };
    throw error;
  }
}

export type DeleteSegmentResult =
  { status: 'deleted' } | { status: 'not_found' } | { status: 'in_use'; campaigns: string[] };

/**
 * Refuses while a draft or scheduled campaign names the segment: its audience would silently
 * become everyone. The row lock makes a campaign saved meanwhile (its foreign key takes a share
 * lock on this row) either wait for the delete or be seen by the check.
 */
export async function deleteSegment(db: DbExecutor, id: string): Promise<DeleteSegmentResult> {
  const locked = await db
    .selectFrom('segments')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return { status: 'not_found' };
  const users = await db
    .selectFrom('email_campaigns')
    .select('name')
    .where('segment_id', '=', id)
    .where('status', 'in', ['draft', 'scheduled'])
    .orderBy('created_at')
    .execute();
  if (users.length > 0) return { status: 'in_use', campaigns: users.map((c) => c.name) };
  await db.deleteFrom('segments').where('id', '=', id).execute();
  return { status: 'deleted' };
}

/** How many contacts the segment's audience holds now (what a campaign sent now would reach). */
export async function countSegmentAudience(
  db: DbExecutor,
  definition: SegmentDefinition,
  timezone?: string,
): Promise<number> {
  const zone = timezone ?? (await getSettingsTimezone(db));
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM leads l WHERE ${segmentAudience(definition, zone)}`.execute(db);
  return rows[0]?.count ?? 0;
}

/** The editor's live figures: the audience, the matches who cannot be mailed, the first members. */
export async function previewSegment(db: DbExecutor, definition: SegmentDefinition): Promise<SegmentPreview> {
  const timezone = await getSettingsTimezone(db);
  const matches = compileSegment(definition, timezone);
  const [[reach], members] = await Promise.all([
    reachOf(db, [definition], timezone),
    sql<{ id: string; email: string; full_name: string | null; created_at: Date }>`
      SELECT l.id, l.email, l.full_name, l.created_at FROM leads l
      WHERE ${MAY_RECEIVE_MARKETING} AND ${matches}
      ORDER BY l.created_at DESC, l.id DESC LIMIT ${SEGMENT_PREVIEW_SIZE}`.execute(db),
  ]);
  const counted = reach ?? { matched: 0, audience: 0, suppressed: 0, unsubscribed: 0, pending: 0 };
  return {
    audience: counted.audience,
    cannotReceive: counted.matched - counted.audience,
    reach: counted,
    members: members.rows.map((m) => ({
      id: m.id,
      email: m.email,
      fullName: m.full_name,
      createdAt: m.created_at.toISOString(),
    })),
  };
}
