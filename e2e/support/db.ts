import { expect } from '@playwright/test';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../server/db/database.ts';

let db: Database | null = null;

/** The e2e run's database, to check what the app stored (outbox, leads, logs). */
export function e2eDatabase(): Database {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is set by e2e/support/global-setup.ts');
  db ??= createDatabase({ connectionString: url, max: 2 });
  return db;
}

/**
 * The path (and query) of the link matching `pattern` in the newest e-mail to `to` whose subject
 * starts with `subject`, once the worker has delivered it to the outbox (no provider key in e2e).
 */
export async function outboxLinkPath(to: string, subject: string, pattern: RegExp): Promise<string> {
  let text: string | null | undefined;
  await expect
    .poll(
      async () => {
        const row = await e2eDatabase()
          .selectFrom('outbox_emails')
          .select('text_body')
          .where(sql<boolean>`${to} = ANY(to_addresses)`)
          .where('subject', 'like', `${subject}%`)
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
        text = row?.text_body;
        return text;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const link = pattern.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no link matching ${String(pattern)} in: ${text}`);
  return new URL(link).pathname + new URL(link).search;
}
