import { sql } from 'kysely';
import { NO_MIGRATIONS } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { createMigrator, migrateToLatest, migrationsAreCurrent } from './migrator.ts';

describe('migrations', () => {
  const t = useTestDatabase();

  const tables = async () =>
    (
      await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%'
        ORDER BY table_name`.execute(t.db)
    ).rows.map((r) => r.table_name);

  it('create the whole data model', async () => {
    expect(await migrationsAreCurrent(t.db)).toBe(true);
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'email_campaigns',
        'email_events',
        'email_sends',
        'email_templates',
        'enquiries',
        'leads',
        'outbox_emails',
        'rate_limits',
        'sessions',
        'settings',
        'unsubscribe_logs',
        'uploads',
        'user_roles',
        'users',
      ]),
    );
  });

  it("keep the contacts' search trigram index merging its pending list in small pieces", async () => {
    // 20261121080000: a 4 MB list stalled sell-form submissions for 60-130 ms at each merge; the
    // search index that replaced the e-mail one (20261125020000) keeps the setting.
    const result = await sql<{ reloptions: string[] | null }>`
      SELECT reloptions FROM pg_class WHERE relname = 'leads_search_trgm_idx'`.execute(t.db);
    expect(result.rows[0]?.reloptions).toEqual(['gin_pending_list_limit=256']);
    const old = await sql`SELECT 1 FROM pg_class WHERE relname = 'leads_email_trgm_idx'`.execute(t.db);
    expect(old.rows).toHaveLength(0);
  });

  it('serve a contacts search by name or phone digits from the search index', async () => {
    await sql`SET enable_seqscan = off`.execute(t.db);
    try {
      const plan = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT id FROM leads
        WHERE contact_search_text(email, full_name, phone) ILIKE '%412345%'`.execute(t.db);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('leads_search_trgm_idx');
    } finally {
      await sql`RESET enable_seqscan`.execute(t.db);
    }
  });

  it('enforce the data rules in the database itself', async () => {
    await t.db.insertInto('leads').values({ email: 'Case@Example.com' }).execute();
    await expect(t.db.insertInto('leads').values({ email: 'case@example.COM' }).execute()).rejects.toThrow(
      /leads_email_lower_key/,
    );
    await expect(
      t.db
        .insertInto('email_campaigns')
        .values({ name: 'x', subject: 'y', status: 'bogus' as never })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'x', subject: 'y' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A send is never "sent" without the provider's message id.
    await expect(
      t.db
        .insertInto('email_sends')
        .values({ campaign_id: campaign.id, recipient_email: 'a@example.com', status: 'sent' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(t.db.updateTable('settings').set({ batch_size: 101 }).execute()).rejects.toThrow(
      /check constraint/,
    );
  });

  it('roll all the way down and up again', async () => {
    await sql`TRUNCATE leads, email_campaigns CASCADE`.execute(t.db);
    const down = await createMigrator(t.db).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tables()).toEqual([]);
    expect(await migrationsAreCurrent(t.db)).toBe(false);
    await migrateToLatest(t.db);
    expect(await migrationsAreCurrent(t.db)).toBe(true);
    expect((await tables()).length).toBeGreaterThanOrEqual(14);
  });
});
