import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/db.ts';

// This file and its twin (isolation-a.db.test.ts) insert the same e-mail into leads, whose
// e-mail is unique: they can only both pass when each test file really has its own database.
describe('per-file test database (b)', () => {
  const t = useTestDatabase();

  it('starts empty and migrated, and accepts a contact that the twin file also writes', async () => {
    const before = await t.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(before.n).toBe(0);
    await t.db
      .insertInto('leads')
      .values({ email: 'same.person@example.com', full_name: 'File b' })
      .execute();
    const rows = await t.db.selectFrom('leads').select(['email', 'full_name']).execute();
    expect(rows).toEqual([{ email: 'same.person@example.com', full_name: 'File b' }]);
    const current = await t.db.selectFrom('settings').select('batch_size').executeTakeFirstOrThrow();
    expect(current.batch_size).toBe(50);
  });
});
