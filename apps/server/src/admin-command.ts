/**
 * `npm run admin -- grant <email> moderator|admin` and `npm run admin -- revoke <email>`: roles
 * from the command line (issue 29), each change written to the audit log. Opens the configured
 * database as main.ts does (DATABASE_URL, else PGlite in DATA_DIR/db, which a running server
 * holds locked: stop it first, or use PostgreSQL).
 */
import path from 'node:path';
import { loadConfig } from './platform/config/config.ts';
import { openDatabase } from './platform/db/database.ts';
import {
  grantRole,
  parseAdminCommand,
  revokeRole,
  StaffCommandError,
} from './features/staff/index.ts';

async function main(): Promise<number> {
  let command;
  try {
    command = parseAdminCommand(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    const ctx = { db: database.db };
    const result =
      command.verb === 'grant'
        ? await grantRole(ctx, command.email, command.role)
        : await revokeRole(ctx, command.email);
    const what = command.verb === 'grant' ? `is now ${command.role}` : 'is now a plain user';
    process.stdout.write(
      result.changed
        ? `${command.email} (user ${result.userId}) ${what}; written to the audit log\n`
        : `${command.email} (user ${result.userId}) already had that role; nothing changed\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof StaffCommandError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
