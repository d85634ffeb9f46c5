import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 095: a fresh install opens every location Monday to Friday, 09:00 to 17:00, so a seller
// who accepted an offer can book a visit before the Owner has looked at Settings. Only when no
// location has any hours: an Owner's own choice, even "none here", is never overwritten. The slugs
// are the eight city pages' (shared/content/cities.ts) as they stand today.

const LOCATIONS = ['sydney', 'melbourne', 'brisbane', 'perth', 'adelaide', 'canberra', 'darwin', 'hobart'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    INSERT INTO location_hours (location, weekday, opens, closes)
    SELECT l, d, time '09:00', time '17:00'
    FROM unnest(${LOCATIONS}::text[]) AS l, generate_series(1, 5) AS d
    WHERE NOT EXISTS (SELECT 1 FROM location_hours)`.execute(db);
}

export async function down(): Promise<void> {
  // The hours may have been edited since: they are the Owner's now, left as they are.
}
