/**
 * Test fixture, run as a child process: opens the PGlite directory given as the first argument
 * (optionally inserting the note given as the second), prints "opened" and holds it until killed.
 * A failure to open is printed to stderr, with the time it took, and exit code 1.
 */
import { openDatabase } from '../database.ts';

const [pgliteDir, note] = process.argv.slice(2);
const started = performance.now();
try {
  const database = await openDatabase({ pgliteDir });
  if (note) {
    await database.executeSql('create table if not exists crash_probe (note text)');
    await database.executeSql('insert into crash_probe (note) values ($1)', [note]);
  }
  process.stdout.write('opened\n');
  setInterval(() => undefined, 60_000);
} catch (error) {
  // How long the refusal took, apart from booting Node: a lock refusal comes before PGlite starts.
  process.stderr.write(
    `${(error as Error).message}\nrefused after ${Math.round(performance.now() - started)} ms\n`,
  );
  process.exit(1);
}
