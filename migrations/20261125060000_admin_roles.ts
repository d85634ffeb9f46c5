import { type Kysely, sql } from 'kysely';

// Decision 027: an admin holds exactly one role. Every admin until now could do
// everything, so each becomes an Owner (nobody loses access by upgrading).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check`.execute(db);
  await sql`UPDATE user_roles SET role = 'owner' WHERE role = 'admin'`.execute(db);
  await sql`
    ALTER TABLE user_roles
      ADD CONSTRAINT user_roles_role_check CHECK (role IN ('owner', 'marketer', 'buyer', 'viewer')),
      ADD CONSTRAINT user_roles_one_role_per_user UNIQUE (user_id)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE user_roles DROP CONSTRAINT user_roles_one_role_per_user`.execute(db);
  await sql`ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check`.execute(db);
  await sql`UPDATE user_roles SET role = 'admin'`.execute(db);
  await sql`ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin'))`.execute(
    db,
  );
}
