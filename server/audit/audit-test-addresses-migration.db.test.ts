import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import {
  down as restoreTestAddresses,
  up as stripTestAddresses,
} from '../../migrations/20261127053000_audit_without_test_addresses.ts';

// Decision 036: rows an update of a saved draft wrote before 2026-11-27 copied the draft's test
// addresses into their before/after; the data migration leaves "changed" in their place.

const CUSTOMER = 'ottoline.vandersloot@example.com';
const CAMPAIGN = '00000000-0000-4000-8000-0000000000c1';

describe('migration 20261127053000: audit rows without a draft test addresses', () => {
  const t = useTestDatabase();

  const old = (action: string, summary: object) => ({
    actor_email: 'old-admin@example.com',
    action,
    entity_type: 'campaigns',
    entity_id: CAMPAIGN,
    summary: JSON.stringify(summary),
  });
  const summaries = async () =>
    (await t.db.selectFrom('audit_log').select('summary').orderBy('id').execute()).map((r) => r.summary);
  const naming = async (text: string) =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM audit_log WHERE summary::text LIKE ${`%${text}%`}`.execute(t.db)
    ).rows[0]?.n;

  it('replaces the copied addresses by "changed", keeps the rest, and runs twice alike', async () => {
    await t.db
      .insertInto('audit_log')
      .values([
        // As the draft update wrote it until the fix: the input already stripped, the diff not.
        old('admin.campaigns.saveDraft', {
          input: { id: CAMPAIGN, test_emails: '[personal data]', is_test_mode: true },
          changes: {
            test_emails: { before: ['qa@example.com'], after: [CUSTOMER] },
            subject: { before: 'Prices', after: 'New prices' },
          },
        }),
        old('admin.campaigns.schedule', {
          input: { id: CAMPAIGN, test_emails: '[personal data]' },
          changes: { test_emails: { before: [CUSTOMER], after: [] } },
        }),
        // Written since the fix, or without the column changing: nothing to do.
        old('admin.campaigns.saveDraft', { changes: { test_emails: 'changed' } }),
        old('admin.campaigns.saveDraft', { changes: { name: { before: 'A', after: 'B' } } }),
        old('admin.campaigns.pause', { input: { id: CAMPAIGN } }),
      ])
      .execute();
    expect(await naming(CUSTOMER)).toBe(2);

    await stripTestAddresses(t.db);

    expect(await naming(CUSTOMER)).toBe(0);
    expect(await naming('qa@example.com')).toBe(0);
    const expected = [
      {
        input: { id: CAMPAIGN, test_emails: '[personal data]', is_test_mode: true },
        changes: { test_emails: 'changed', subject: { before: 'Prices', after: 'New prices' } },
      },
      { input: { id: CAMPAIGN, test_emails: '[personal data]' }, changes: { test_emails: 'changed' } },
      { changes: { test_emails: 'changed' } },
      { changes: { name: { before: 'A', after: 'B' } } },
      { input: { id: CAMPAIGN } },
    ];
    expect(await summaries()).toEqual(expected);

    // Idempotent: a second run (a restored backup migrated again) changes nothing.
    await stripTestAddresses(t.db);
    expect(await summaries()).toEqual(expected);
    // Down puts nothing back: the addresses are gone.
    await restoreTestAddresses();
    expect(await summaries()).toEqual(expected);

    // The trigger is back on: the log is append-only again.
    await expect(sql`UPDATE audit_log SET summary = '{}'::jsonb`.execute(t.db)).rejects.toThrow(
      'audit_log is append-only',
    );
  });
});
