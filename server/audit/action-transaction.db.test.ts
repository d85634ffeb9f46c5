import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/auth/permissions.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { runAdminCommand } from '../cli/admin-commands.ts';
import { type DbExecutor, inTransaction } from '../db/database.ts';
import { changeRole } from '../team/team.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, recordingJobQueue, testServices } from '#test/support/services.ts';
import { inActionTransaction } from './action-transaction.ts';

// Decision 030: an admin action runs in one Kysely transaction and hands it to what it calls. A
// function that opens its own transaction when called alone (changeRole here) joins the action's
// through inTransaction: Kysely's Transaction does not nest, so there is no savepoint to fall back on.

const transactionId = async (db: DbExecutor) =>
  (await sql<{ id: string }>`SELECT txid_current()::text AS id`.execute(db)).rows[0]?.id;

const isolation = async (db: DbExecutor) =>
  (await sql<{ transaction_isolation: string }>`SHOW transaction_isolation`.execute(db)).rows[0]
    ?.transaction_isolation;

describe('audited transactions by passing the transaction (decision 030)', () => {
  const t = useTestDatabase();
  let owner: { id: string; email: string };
  let member: { id: string; email: string };

  const roleOf = async (userId: string): Promise<Role | undefined> =>
    (await t.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).executeTakeFirst())
      ?.role;
  const auditRows = async (action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n;

  /** Makes the audit insert of `action` fail while `body` runs. */
  async function refusingAudit(action: string, body: () => Promise<void>): Promise<void> {
    await sql`
      CREATE FUNCTION refuse_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit unavailable'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER refuse_audit_row BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = ${sql.lit(action)}) EXECUTE FUNCTION refuse_audit_row()`.execute(t.db);
    try {
      await body();
    } finally {
      await sql`DROP TRIGGER refuse_audit_row ON audit_log`.execute(t.db);
      await sql`DROP FUNCTION refuse_audit_row()`.execute(t.db);
    }
  }

  beforeAll(async () => {
    owner = await createUser(t.db, {
      email: 'trx-owner@example.com',
      password: 'unused-pass-1',
      verified: true,
    });
    await grantAdmin(t.db, owner.email, 'owner');
    member = await createUser(t.db, {
      email: 'trx-member@example.com',
      password: 'unused-pass-1',
      verified: true,
    });
    await grantAdmin(t.db, member.email, 'viewer');
  });

  it('runs a function with its own transaction inside the action transaction, not in a second one', async () => {
    const seen = await inActionTransaction(t.db, async (trx) => {
      expect(trx.isTransaction).toBe(true);
      const joined = await inTransaction(trx, async (inner) => {
        // The very object the action holds: Kysely has no nested transaction to hand out.
        expect(inner).toBe(trx);
        return transactionId(inner);
      });
      return { action: await transactionId(trx), joined };
    });
    expect(seen.joined).toBe(seen.action);
    // Alone, the same function gets a transaction of its own, at the isolation it asks for.
    const alone = await inTransaction(
      t.db,
      async (trx) => ({ id: await transactionId(trx), isolation: await isolation(trx) }),
      'repeatable read',
    );
    expect(alone.id).not.toBe(seen.action);
    expect(alone.isolation).toBe('repeatable read');
  });

  it('commits the action and what its functions wrote together', async () => {
    await inActionTransaction(t.db, (trx) => changeRole(trx, member.id, 'marketer'));
    expect(await roleOf(member.id)).toBe('marketer');
    await changeRole(t.db, member.id, 'viewer');
  });

  it('undoes what a joined function wrote when the action fails after it', async () => {
    await expect(
      inActionTransaction(t.db, async (trx) => {
        await changeRole(trx, member.id, 'marketer');
        throw new Error('the action fails after the role changed');
      }),
    ).rejects.toThrow('the action fails after the role changed');
    expect(await roleOf(member.id)).toBe('viewer');
  });

  it('rolls back when commitIf refuses the answer, and still returns it', async () => {
    const answer = await inActionTransaction(
      t.db,
      (trx) => changeRole(trx, member.id, 'marketer'),
      () => false,
    );
    expect(answer).toEqual({ before: 'viewer', after: 'marketer' });
    expect(await roleOf(member.id)).toBe('viewer');
  });

  it('undoes a Team page role change when its audit row cannot be written', async () => {
    const api = callerFor(testServices(t.db, { jobs: recordingJobQueue() }), {
      ...owner,
      role: 'owner',
    }).admin;
    await refusingAudit('admin.team.changeRole', async () => {
      expect(await codeOf(api.team.changeRole({ id: member.id, role: 'marketer' }))).toBe(
        'INTERNAL_SERVER_ERROR',
      );
    });
    expect(await roleOf(member.id)).toBe('viewer');
    expect(await auditRows('admin.team.changeRole')).toBe(0);
    // And with the row writable, the change and its row commit together.
    await api.team.changeRole({ id: member.id, role: 'marketer' });
    expect(await roleOf(member.id)).toBe('marketer');
    expect(await auditRows('admin.team.changeRole')).toBe(1);
    await changeRole(t.db, member.id, 'viewer');
  });

  it("undoes the CLI's role change when its audit row cannot be written", async () => {
    const lines: string[] = [];
    await refusingAudit('cli.grant', async () => {
      await expect(
        runAdminCommand(t.db, ['grant', member.email, '--role', 'marketer'], (line) => lines.push(line)),
      ).rejects.toThrow('audit unavailable');
    });
    expect(lines).toEqual([]);
    expect(await roleOf(member.id)).toBe('viewer');
    expect(await auditRows('cli.grant')).toBe(0);
  });
});
