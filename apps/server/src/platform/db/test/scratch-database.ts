import {
  createThrowawayDatabase,
  pgliteTestTemplate,
  usePostgres,
} from '../../../test/test-database.ts';
import { openDatabase, type Database } from '../database.ts';

export interface ScratchDatabase {
  database: Database;
  /** Set on PostgreSQL, so a test can open a second connection (or process) to the same data. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * Tests only: a migrated database of the kind the test project runs on (in-memory PGlite, or a
 * throwaway PostgreSQL database in the `server-pg` project), without a whole server.
 */
export async function openScratchDatabase(): Promise<ScratchDatabase> {
  const throwaway = usePostgres() ? await createThrowawayDatabase() : undefined;
  const database = await openDatabase({
    databaseUrl: throwaway?.url,
    pgliteTemplate: throwaway ? undefined : pgliteTestTemplate(),
  });
  return {
    database,
    databaseUrl: throwaway?.url,
    close: async () => {
      await database.close();
      await throwaway?.drop();
    },
  };
}
