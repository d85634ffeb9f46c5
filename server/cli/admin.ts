import { createInterface } from 'node:readline/promises';
import { UnknownUserError, UserExistsError } from '../auth/users.ts';
import { runAdminCommand, UNMIGRATED_COMMANDS, UsageError } from './admin-commands.ts';
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
    // Restore fills an empty database with the schema its backup fits; backup copies what is there.
    { migrate: !UNMIGRATED_COMMANDS.has(process.argv[2] ?? '') },
  );
} catch (error) {
  if (error instanceof UsageError || error instanceof UnknownUserError || error instanceof UserExistsError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
