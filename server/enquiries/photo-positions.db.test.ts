import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { createMigrator, migrateToLatest } from '../db/migrator.ts';

// Decision 026: photos attached before `uploads.position` existed keep the order they were listed
// in (created_at, then id); an unattached upload gets no position.

describe('the photo positions migration', () => {
  const t = useTestDatabase();

  it("numbers each enquiry's existing photos in their upload order", async () => {
    const down = await createMigrator(t.db).migrateTo('20261127050000_visits_follow_the_enquiry');
    expect(down.error).toBeUndefined();

    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'positions@example.com', full_name: 'Pat Position' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiries = await t.db
      .insertInto('enquiries')
      .values(
        ['Rolex', 'Omega'].map((brand) => ({
          lead_id: lead.id,
          watch_brand: brand,
          watch_condition: 'Excellent',
        })),
      )
      .returning('id')
      .execute();
    const [first, second] = enquiries.map((e) => e.id);
    if (!first || !second) throw new Error('two enquiries expected');
    const upload = async (enquiryId: string | null, atSecond: number) =>
      (
        await t.db
          .insertInto('uploads')
          .values({
            driver: 'local',
            storage_key: `${randomUUID()}.jpg`,
            content_type: 'image/jpeg',
            bytes: 1000,
            sha256: 'x'.repeat(64),
            enquiry_id: enquiryId,
            created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, atSecond)),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Inserted out of order: the upload times decide.
    const b = await upload(first, 2);
    const a = await upload(first, 1);
    const c = await upload(first, 3);
    const only = await upload(second, 5);
    const loose = await upload(null, 4);

    await migrateToLatest(t.db);
    const rows = await t.db.selectFrom('uploads').select(['id', 'position']).execute();
    const positionOf = new Map(rows.map((r) => [r.id, r.position]));
    expect([a, b, c, only, loose].map((id) => positionOf.get(id))).toEqual([0, 1, 2, 0, null]);
  });
});
