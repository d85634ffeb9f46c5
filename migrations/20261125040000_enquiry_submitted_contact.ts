import { type Kysely, sql } from 'kysely';

// Decision 016: an enquiry keeps the name and phone exactly as submitted; the contact's own name
// and phone are only filled when blank, as an unverified submission must not replace them.
// Older enquiries take their contact's current values, the best record there is.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE enquiries ADD COLUMN contact_name text, ADD COLUMN contact_phone text`.execute(db);
  await sql`
    UPDATE enquiries SET contact_name = leads.full_name, contact_phone = leads.phone
    FROM leads WHERE leads.id = enquiries.lead_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE enquiries DROP COLUMN contact_name, DROP COLUMN contact_phone`.execute(db);
}
