import { createInterface } from 'node:readline/promises';
import { UnknownUserError, UserExistsError } from '../auth/users.ts';
import { runAdminCommand, UsageError } from './admin-commands.ts';
import { withDatabase } from './with-database.ts';

async function promptPassword(): Promise<string> {
  if (!process.stdin.isTTY) return '';
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await rl.question('Password (leave empty to generate one): ')).trim();
  } finally {
    rl.close();
  }
}

try {
  await withDatabase(
    (db) => runAdminCommand(db, process.argv.slice(2), (line) => console.log(line), promptPassword),
    {
      migrate: true,
    },
  );
} catch (error) {
  if (error instanceof UsageError || error instanceof UnknownUserError || error instanceof UserExistsError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
