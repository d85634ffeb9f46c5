import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowTrigger } from '#shared/automations/flows.ts';
import { useBoss } from '#test/support/boss.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { leadSubmitKit } from '#test/support/lead-submit.ts';
import { statementCounter, wireRecorder } from '#test/support/statement-counter.ts';
import { createLiveFlowCache } from '../automations/entry.ts';
import { createFlow, saveFlowVersion, setFlowState } from '../automations/flows.ts';
import { createDatabase, type Database } from '../db/database.ts';
import type { AppServices } from '../services.ts';

// Decision 098: each app keeps the live flows in memory, used only at the generation the sell
// form's own statement reads. Two apps, each with its own pool and cache, on one database: what
// one switches on, off or edits is seen by the other's next submission, with no wait.

const TEMPLATE = '0b6f4d0e-7d0b-4c53-9f8e-2f6a0f3b1a11';

function onNew(brands: Extract<FlowTrigger, { type: 'enquiry_status' }>['brands']): FlowDefinition {
  return {
    name: 'Welcome a new seller',
    description: '',
    trigger: { type: 'enquiry_status', status: 'new', brands },
    reentry: 'per_occurrence',
    respectQuietHours: true,
    steps: [{ id: 'first', type: 'send', templateId: TEMPLATE, template: 'marketing' }],
  };
}

describe('the live flows cached per app (decision 098)', () => {
  const t = useTestDatabase();
  const bossOf = useBoss(t);
  const { leadServices, visitor } = leadSubmitKit(t, bossOf);
  const pools: Database[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.destroy();
  });

  /** An app of its own: its own pool and its own cache, the per-IP limit off. */
  function app(db?: Database): AppServices {
    const pool =
      db ?? createDatabase({ connectionString: t.url, max: 3, applicationName: 'flow-cache-test' });
    if (!db) pools.push(pool);
    return {
      ...leadServices({ config: { rateLimits: { leadSubmit: null, uploads: null } } }),
      db: pool,
      liveFlows: createLiveFlowCache(),
    };
  }

  let n = 0;
  const submit = async (services: AppServices, brand: 'Rolex' | 'Omega' = 'Rolex') =>
    (
      await visitor(services).lead.submit(
        leadSubmission({ email: `seller${(n += 1)}@example.com`, watchBrand: brand }),
      )
    ).enquiryId;
  const runsFor = async (enquiryId: string) =>
    (
      await t.db.selectFrom('automation_runs').select('flow_id').where('enquiry_id', '=', enquiryId).execute()
    ).map((r) => r.flow_id);

  it('skips the flows read while nothing changed, and sees a flow switched on, edited or off elsewhere', async () => {
    const editor = app();
    const seller = app();

    // The first submission reads the flows (none live); the next finds them in its app's cache:
    // the contact-and-enquiry statement, which also reads the seller's e-mail touches (decision
    // 105), is then the only statement through Kysely, besides BEGIN, pg-boss's insert and COMMIT.
    expect(await runsFor(await submit(seller))).toEqual([]);
    const counter = statementCounter();
    const counted: AppServices = { ...seller, db: seller.db.withPlugin(counter) };
    expect(await runsFor(await submit(counted))).toEqual([]);
    expect(counter.count).toBe(1);
    // On the wire: one connection taken (the touches read took a second one before decision 105)
    // and the bare route's four statements.
    const wire = wireRecorder(seller.db);
    expect(await runsFor(await submit(seller))).toEqual([]);
    expect(wire).toEqual({
      checkouts: 1,
      statements: ['BEGIN', 'WITH POLICY AS', 'INSERT INTO PGBOSS.JOB_COMMON', 'COMMIT'],
    });

    // Switched on in the other app: the very next submission enters it.
    const flowId = await editor.db.transaction().execute((trx) => createFlow(trx, onNew([]), null));
    await setFlowState(editor.db, flowId, 'live');
    expect(await runsFor(await submit(seller))).toEqual([flowId]);
    expect(await runsFor(await submit(seller))).toEqual([flowId]);

    // Edited elsewhere to Omega only: a Rolex is no longer entered, an Omega is.
    await editor.db.transaction().execute((trx) => saveFlowVersion(trx, flowId, onNew(['Omega']), null));
    expect(await runsFor(await submit(seller, 'Rolex'))).toEqual([]);
    expect(await runsFor(await submit(seller, 'Omega'))).toEqual([flowId]);

    // Switched off elsewhere: nobody is entered.
    await setFlowState(editor.db, flowId, 'off');
    expect(await runsFor(await submit(seller, 'Omega'))).toEqual([]);
  });

  it('reads the flows on every submission in an app without a cache, as before', async () => {
    const counter = statementCounter();
    const plain: AppServices = { ...app(t.db), liveFlows: undefined };
    const counted: AppServices = { ...plain, db: t.db.withPlugin(counter) };
    await submit(plain);
    await submit(counted);
    // The contact-and-enquiry statement and the flows read.
    expect(counter.count).toBe(2);
  });
  it('plans the contact-and-enquiry statement, touches read included, once per connection', async () => {
    // Decision 020: planning it costs more than running it (the touches read's four joined
    // branches alone about 6 ms of PostgreSQL's CPU per submission, bench/README.md); prepared, it
    // is parsed once per connection. One connection, so the session's prepared statements are its own.
    const pool = createDatabase({ connectionString: t.url, max: 1, applicationName: 'prepared-test' });
    pools.push(pool);
    const single = app(pool);
    for (let i = 0; i < 8; i += 1) await submit(single);
    const { rows } = await sql<{ statement: string; custom_plans: string; generic_plans: string }>`
      SELECT statement, custom_plans, generic_plans FROM pg_prepared_statements`.execute(pool);
    const named = (fragment: string) => rows.filter((r) => r.statement.includes(fragment));
    // PostgreSQL plans a prepared statement's first five runs for their values, then keeps one
    // generic plan unless it costs more than those did: 8 submissions are 5 custom plans and 3
    // runs of the generic one. The contact-and-enquiry statement once read the consent policy in
    // nine places, five of them folded away for a submission's own values, so every run was
    // custom-planned again (decision 020).
    const plans = (fragment: string) =>
      named(fragment).map((r) => ({ custom: Number(r.custom_plans), generic: Number(r.generic_plans) }));
    expect(plans('INSERT INTO enquiries')).toEqual([{ custom: 5, generic: 3 }]);
    // The touches read is no statement of its own any more (decision 105).
    expect(plans('attribution_window_days')).toHaveLength(1);
  });
});
