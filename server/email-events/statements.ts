import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';
import { CAMPAIGN_CHANGED_CHANNEL } from '../db/campaign-changed.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { SEND_STATUS_RANK } from './effects.ts';
import type { PreparedEvent } from './prepare.ts';

/**
 * Store then apply (decision 007). Every verified event is inserted into email_events, unique
 * on svix-id, and applied to its send by the same statement: insert the events, update their sends,
 * add the deltas to their campaigns' counters and rates, notify the details pages. One statement
 * takes any number of events, so concurrent deliveries are applied together (see recorder.ts):
 * a campaign's counters row is updated once per batch instead of once per event.
 *
 * Every counter counts sends whose timestamp is set (delivered_at, opened_at, clicked_at,
 * bounced_at, complained_at, failed_at); each timestamp keeps its earliest value and the status
 * only moves up its rank (effects.ts). So the deltas come from the send's old and new row
 * (the locked values before the update and the updated row), a counter moves exactly once per send, whatever the
 * order, grouping or repetition of the events, and `count + delta` in one UPDATE loses nothing to
 * concurrent writers (they queue on the row).
 */

/** The send an applied event belonged to. */
export interface AppliedTo {
  sendId: string;
  campaignId: string;
  contactId: string | null;
  recipientEmail: string;
}

interface ResultRow {
  key: string;
  send_id: string | null;
  campaign_id: string | null;
  lead_id: string | null;
  recipient_email: string | null;
}

/** Per svix-id: absent when nothing was stored (a duplicate) or claimed (still unmatched). */
export type Results = Map<string, { applied: AppliedTo | null }>;

// Advisory-lock class for provider message ids (the two-key form never collides with the
// single-key locks used elsewhere in the app or by pg-boss).
const MESSAGE_LOCK_CLASS = 0x52534e44;

const rankCases = sql.join(
  Object.entries(SEND_STATUS_RANK)
    .filter(([, rank]) => rank > 0)
    .map(([status, rank]) => sql`WHEN ${sql.lit(status)} THEN ${sql.lit(rank)}`),
  sql` `,
);

const TIMESTAMP_COLUMNS = [
  ['delivered_at', 'deliveredAt', 'delivered'],
  ['opened_at', 'openedAt', 'opened'],
  ['clicked_at', 'clickedAt', 'clicked'],
  ['bounced_at', 'bouncedAt', 'bounced'],
  ['complained_at', 'complainedAt', 'complained'],
  ['failed_at', 'failedAt', 'failed'],
] as const;

const TEXT_COLUMNS = [
  ['bounce_type', 'bounceType'],
  ['bounce_message', 'bounceMessage'],
  ['error', 'error'],
] as const;

/** The events as one `input` row each (unnest of parallel arrays: one parameter per column). */
function inputRows(events: readonly PreparedEvent[]): RawBuilder<unknown> {
  const effects = events.map((e) => e.effect);
  const columns: Array<[name: string, values: unknown[], type: string]> = [
    ['key', events.map((e) => e.providerEventId), 'text'],
    ['type', events.map((e) => e.type), 'text'],
    ['pmid', events.map((e) => e.providerMessageId), 'text'],
    ['payload', events.map((e) => e.rawBody), 'text'],
    ['occurred_at', events.map((e) => e.occurredAt), 'timestamptz'],
    ['machine_open', events.map((e) => e.machineOpen), 'bool'],
    ['rank', effects.map((f) => (f?.status ? SEND_STATUS_RANK[f.status] : null)), 'int'],
    ['status', effects.map((f) => f?.status ?? null), 'text'],
    ...TIMESTAMP_COLUMNS.map(([c, key]): [string, unknown[], string] => [
      c,
      effects.map((f) => f?.[key] ?? null),
      'timestamptz',
    ]),
    ...TEXT_COLUMNS.map(([c, key]): [string, unknown[], string] => [
      c,
      effects.map((f) => f?.[key] ?? null),
      'text',
    ]),
  ];
  return sql`
    SELECT * FROM unnest(${sql.join(columns.map(([, values, type]) => sql`${values}::${sql.raw(type)}[]`))})
    AS i (${sql.join(columns.map(([name]) => sql.ref(name)))})`;
}

/** The earliest event's value of a column that goes with a timestamp (a bounce's type ...). */
const withEarliest = (column: string, timestamp: string) =>
  sql`(array_agg(${sql.ref(`a.${column}`)} ORDER BY ${sql.ref(`a.${timestamp}`)})
        FILTER (WHERE ${sql.ref(`a.${timestamp}`)} IS NOT NULL))[1] AS ${sql.ref(column)}`;

/** `column = new value` for the send, given the batch's combined effect `p`. */
function sendAssignments(): Array<[string, RawBuilder<unknown>]> {
  // The earliest bounce (failure) keeps its type and message (reason): order-independent.
  const earlier = (timestamp: string) =>
    sql`COALESCE(${sql.ref(`p.${timestamp}`)} < ${sql.ref(`s.${timestamp}`)}, ${sql.ref(`p.${timestamp}`)} IS NOT NULL)`;
  return [
    [
      'status',
      sql`CASE WHEN (CASE s.status ${rankCases} ELSE 0 END) < p.rank THEN p.status ELSE s.status END`,
    ],
    // LEAST ignores NULLs: a timestamp is set once and only ever moves earlier.
    ...TIMESTAMP_COLUMNS.map(([c]): [string, RawBuilder<unknown>] => [
      c,
      sql`LEAST(${sql.ref(`s.${c}`)}, ${sql.ref(`p.${c}`)})`,
    ]),
    ['bounce_type', sql`CASE WHEN ${earlier('bounced_at')} THEN p.bounce_type ELSE s.bounce_type END`],
    [
      'bounce_message',
      sql`CASE WHEN ${earlier('bounced_at')} THEN p.bounce_message ELSE s.bounce_message END`,
    ],
    ['error', sql`CASE WHEN ${earlier('failed_at')} THEN p.error ELSE s.error END`],
  ];
}

/**
 * Everything after the `input` and `ev` CTEs (ev: svix-id as key, the event row's send), shared
 * by new events and stored ones applied later. Several events of one send are combined first (highest rank, earliest
 * timestamps), as applying them one by one would. Rows are locked in id order (sends, then
 * campaigns), so two batches never deadlock. A send is only written when the batch changes it,
 * a campaign only when a counter moves; a changed send notifies its campaign's channel (what
 * notifyCampaignChanged does, inline to keep one round trip; PostgreSQL folds repeats within a
 * transaction and delivers at commit).
 */
function applyTail(): RawBuilder<unknown> {
  const sets = sendAssignments();
  const counters = TIMESTAMP_COLUMNS.map(([, , name]) => name);
  // The values before the update come from the locking read of the same statement (the row cannot
  // change between it and the UPDATE), which works on every supported PostgreSQL, not only 18's
  // `RETURNING old.*`.
  const became = TIMESTAMP_COLUMNS.map(
    ([c, , name]) =>
      sql`(${sql.ref(`l.was_${c}`)} IS NULL AND ${sql.ref(`s.${c}`)} IS NOT NULL)::int AS ${sql.ref(name)}`,
  );
  const sum = (name: string) => sql`sum(${sql.ref(`u.${name}`)})::int AS ${sql.ref(name)}`;
  const delta = (name: string) => sql.ref(`u.${name}`);
  return sql`,
    applied AS (
      SELECT ev.send_id, i.* FROM ev JOIN input i ON i.key = ev.key
      WHERE ev.send_id IS NOT NULL AND i.rank IS NOT NULL
    ),
    p AS (
      SELECT a.send_id, max(a.rank) AS rank, (array_agg(a.status ORDER BY a.rank DESC))[1] AS status,
        ${sql.join(TIMESTAMP_COLUMNS.map(([c]) => sql`min(${sql.ref(`a.${c}`)}) AS ${sql.ref(c)}`))},
        ${withEarliest('bounce_type', 'bounced_at')},
        ${withEarliest('bounce_message', 'bounced_at')},
        ${withEarliest('error', 'failed_at')}
      FROM applied a GROUP BY a.send_id
    ),
    locked_sends AS MATERIALIZED (
      SELECT s.id, ${sql.join(TIMESTAMP_COLUMNS.map(([c]) => sql`${sql.ref(`s.${c}`)} AS ${sql.ref(`was_${c}`)}`))}
      FROM email_sends s WHERE s.id IN (SELECT send_id FROM p) ORDER BY s.id FOR UPDATE
    ),
    upd AS (
      UPDATE email_sends s
      SET ${sql.join(sets.map(([c, value]) => sql`${sql.ref(c)} = ${value}`))}, updated_at = now()
      FROM p JOIN locked_sends l ON l.id = p.send_id
      WHERE s.id = p.send_id
        AND (${sql.join(sets.map(([c]) => sql.ref(`s.${c}`)))}) IS DISTINCT FROM (${sql.join(sets.map(([, v]) => v))})
      RETURNING s.campaign_id, ${sql.join(became)},
        pg_notify(${sql.lit(CAMPAIGN_CHANGED_CHANNEL)}, s.campaign_id::text) AS notified
    ),
    per_campaign AS (
      SELECT u.campaign_id, ${sql.join(counters.map(sum))}
      FROM upd u GROUP BY u.campaign_id
      HAVING ${sql.join(
        counters.map((name) => sql`sum(${sql.ref(`u.${name}`)})`),
        sql` + `,
      )} > 0
    ),
    locked_campaigns AS MATERIALIZED (
      SELECT c.id FROM email_campaigns c WHERE c.id IN (SELECT campaign_id FROM per_campaign) ORDER BY c.id FOR UPDATE
    ),
    camp AS (
      UPDATE email_campaigns c SET
        delivered_count = c.delivered_count + ${delta('delivered')},
        open_count = c.open_count + ${delta('opened')},
        click_count = c.click_count + ${delta('clicked')},
        bounce_count = c.bounce_count + ${delta('bounced')},
        complaint_count = c.complaint_count + ${delta('complained')},
        failed_count = c.failed_count + ${delta('failed')},
        open_rate = CASE WHEN c.delivered_count + u.delivered > 0
          THEN 100.0 * (c.open_count + u.opened) / (c.delivered_count + u.delivered) END,
        click_rate = CASE WHEN c.delivered_count + u.delivered > 0
          THEN 100.0 * (c.click_count + u.clicked) / (c.delivered_count + u.delivered) END,
        bounce_rate = CASE WHEN c.sent_count > 0 THEN 100.0 * (c.bounce_count + u.bounced) / c.sent_count END
      FROM per_campaign u
      WHERE c.id = u.campaign_id AND (SELECT count(*) FROM locked_campaigns) > 0
    )
    SELECT ev.key, t.id AS send_id, t.campaign_id, t.lead_id, t.recipient_email
    FROM ev LEFT JOIN email_sends t ON t.id = ev.send_id`;
}

// The tail is the same for every batch and takes no parameters: compiled to SQL text once, not
// rebuilt node by node for every statement (that was a seventh of the route's CPU time).
const offlineCompiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
function precompiled(fragment: RawBuilder<unknown>): RawBuilder<unknown> {
  const { sql: text, parameters } = fragment.compile(offlineCompiler);
  if (parameters.length > 0) throw new Error('A precompiled fragment must not take parameters');
  return sql.raw(text);
}
const APPLY_TAIL = precompiled(applyTail());

function resultsOf(rows: readonly ResultRow[]): Results {
  return new Map(
    rows.map((row) => [
      row.key,
      {
        applied:
          row.send_id && row.campaign_id && row.recipient_email
            ? {
                sendId: row.send_id,
                campaignId: row.campaign_id,
                contactId: row.lead_id,
                recipientEmail: row.recipient_email,
              }
            : null,
      },
    ]),
  );
}

/**
 * Inserts new events (a known svix-id is skipped: a duplicate) and applies those whose message id
 * belongs to a send. One statement: atomic on its own, or part of the caller's transaction.
 */
export async function insertAndApply(db: DbExecutor, events: readonly PreparedEvent[]): Promise<Results> {
  const { rows } = await sql<ResultRow>`
    WITH input AS (${inputRows(events)}),
    ev AS (
      INSERT INTO email_events (provider_event_id, type, provider_message_id, send_id, payload, occurred_at, machine_open)
      SELECT n.key, n.type, n.pmid, s.id, n.payload::jsonb, n.occurred_at, n.machine_open
      FROM input n LEFT JOIN email_sends s ON s.provider_message_id = n.pmid
      ORDER BY n.key
      ON CONFLICT (provider_event_id) DO NOTHING
      RETURNING provider_event_id AS key, send_id
    )
    ${APPLY_TAIL}`.execute(db);
  return resultsOf(rows);
}

/** Claims stored, unmatched events for the sends that now carry their message ids, and applies them. */
export async function claimAndApply(trx: DbTransaction, events: readonly PreparedEvent[]): Promise<Results> {
  const { rows } = await sql<ResultRow>`
    WITH input AS (${inputRows(events)}),
    ev AS (
      UPDATE email_events e SET send_id = s.id
      FROM email_sends s
      WHERE e.provider_event_id IN (SELECT key FROM input)
        AND e.send_id IS NULL AND s.provider_message_id = e.provider_message_id
      RETURNING e.provider_event_id AS key, e.send_id
    )
    ${APPLY_TAIL}`.execute(trx);
  return resultsOf(rows);
}

/**
 * The race between a webhook and the engine storing the provider's id: the provider may report on
 * a message before the engine's UPDATE commits. Both sides take this lock on the message id before
 * they look at the other's rows, each in a statement of its own (a READ COMMITTED statement sees
 * what committed before it started), so whichever goes second sees the first: the webhook finds the
 * send, or the engine finds the stored event. Never both (the claim is a guarded UPDATE).
 */
export async function lockMessageIds(
  trx: DbTransaction,
  providerMessageIds: readonly string[],
): Promise<void> {
  await sql`
    SELECT pg_advisory_xact_lock(${sql.lit(MESSAGE_LOCK_CLASS)}, k)
    FROM (SELECT DISTINCT hashtext(id) AS k FROM unnest(${providerMessageIds}::text[]) AS id ORDER BY 1) AS keys`.execute(
    trx,
  );
}
