import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { createMigrator, migrateToLatest } from '../db/migrator.ts';

// The migration that made the suppression list (decision 034) lists every contact suppressed before
// it, with the campaign whose bounce or complaint did it.

const MIGRATION = '20261125110000_suppression_list_and_imports';

describe('suppression list migration', () => {
  const t = useTestDatabase();

  it('backfills the contacts suppressed before it', async () => {
    const migrator = createMigrator(t.db);
    const names = (await migrator.getMigrations()).map((m) => m.name);
    const before = names[names.indexOf(MIGRATION) - 1];
    if (!before) throw new Error('no migration before the suppression list');
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const campaign = await sql<{ id: string }>`
      INSERT INTO email_campaigns (name, subject) VALUES ('Autumn', 'Hi') RETURNING id`.execute(t.db);
    const campaignId = campaign.rows[0]!.id;
    await sql`
      INSERT INTO leads (email, email_marketing_consent, suppressed_at, suppression_reason) VALUES
        ('Bounced@Example.com', true, '2026-10-01T00:00:00Z', 'hard_bounce'),
        ('complained@example.com', true, '2026-10-02T00:00:00Z', 'complaint'),
        ('fine@example.com', true, NULL, NULL)`.execute(t.db);
    await sql`
      INSERT INTO email_sends (campaign_id, lead_id, recipient_email, status, provider_message_id, bounced_at)
      SELECT ${campaignId}::uuid, id, email, 'bounced', 'msg-backfill', '2026-10-01T00:00:00Z' FROM leads
      WHERE email = 'Bounced@Example.com'`.execute(t.db);

    await migrateToLatest(t.db);
    const listed = await t.db
      .selectFrom('email_suppressions')
      .select([
        'email',
        'reason',
        'campaign_id',
        'created_at',
        sql<boolean>`email_hash = email_hash(email)`.as('hashed'),
      ])
      .orderBy('email')
      .execute();
    expect(listed).toEqual([
      {
        email: 'Bounced@Example.com',
        reason: 'hard_bounce',
        campaign_id: campaignId,
        created_at: new Date('2026-10-01T00:00:00Z'),
        hashed: true,
      },
      {
        email: 'complained@example.com',
        reason: 'complaint',
        campaign_id: null,
        created_at: new Date('2026-10-02T00:00:00Z'),
        hashed: true,
      },
    ]);
    // The same hash whatever the case and surrounding spaces.
    const same = await sql<{ same: boolean }>`
      SELECT email_hash(' bounced@example.COM ') = email_hash('Bounced@Example.com') AS same`.execute(t.db);
    expect(same.rows[0]?.same).toBe(true);
  });
});
