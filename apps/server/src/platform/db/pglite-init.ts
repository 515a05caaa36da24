import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Settings the embedded database starts with. PGlite's wasm build backs PostgreSQL's shared
 * memory with zero-filled heap, so initdb's default shared_buffers (128 MB) is resident from the
 * first second; 16 MB keeps an idle server small and still holds a small site's hot pages (the
 * data files stay in the OS page cache behind it). docs/footguns.md has the measurements.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
};

/** PGlite's own start parameters (single-user mode and friends) plus ours. */
export function pgliteStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

// Runs in a child process: argv = [pglite entry, data dir, start params as JSON].
const INITDB_SCRIPT = `
const [entry, dir, params] = process.argv.slice(1);
const { PGlite } = require(entry);
(async () => {
  const db = new PGlite(dir, { startParams: JSON.parse(params) });
  await db.waitReady;
  await db.close();
})().catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * Creates the database in an empty directory from a short-lived child process. PGlite's initdb
 * runs a second wasm instance and leaves ~400 MB of garbage that V8 does not collect while the
 * server idles (no allocation pressure); in a child process the OS takes it back at exit.
 */
export async function initPgliteDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const args = ['-e', INITDB_SCRIPT, entry, dir, JSON.stringify(pgliteStartParams())];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite initdb failed (exit ${code}): ${stderr}`)),
    );
  });
}
