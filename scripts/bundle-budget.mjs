// `npm run check:bundle` (after the web build): the gzipped JS a browser loads before the home
// screen can show, against a budget. A dependency that quietly doubles the first load fails CI
// instead of reaching users on slow phones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DEFAULT_LIMIT_KB = 150;
/** The home route's lazy screen, as the Vite manifest names it (apps/web/src/app/lazy-screens.ts). */
export const HOME_ROUTE = 'src/features/home/HomeScreen.tsx';
/** The app's shell, which the boot chunk (main.tsx) imports dynamically before the first paint. */
export const START_MODULE = 'src/app/start.tsx';
/**
 * The chunk groups of apps/web/build/chunk-groups.ts: a module inside a group has no manifest
 * key of its own, so the group's chunk (keyed `_<name>-<hash>.js`) stands for it.
 */
const GROUP_OF = { [START_MODULE]: 'app', [HOME_ROUTE]: 'home' };
/**
 * The group of the entry module (main.tsx): when the entry is all in that group, the group's
 * chunk is the page's script and the manifest marks no chunk as the entry.
 */
export const ENTRY_GROUP = 'boot';
const DEFAULT_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/**
 * The JS files the route loads before its first paint: the entry chunk, the app's shell (loaded
 * by the boot code), the route's lazy chunk, and every chunk any of them imports statically,
 * transitively. Other dynamic imports (dialogs, other screens) are left out: they load later, if
 * at all. Throws when the manifest lacks the entry or a route.
 */
export function initialChunks(manifest, routeKeys = [START_MODULE, HOME_ROUTE]) {
  const entryKey =
    Object.keys(manifest).find((key) => manifest[key].isEntry) ??
    Object.keys(manifest).find(
      (key) => manifest[key].name === ENTRY_GROUP && manifest[key].file.endsWith('.js'),
    );
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk "${key}"`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const keyOf = (route) => {
    const group = GROUP_OF[route];
    if (manifest[route] || !group) return route;
    const isGroup = (key) => manifest[key].name === group && !key.endsWith('.css');
    return Object.keys(manifest).find(isGroup) ?? route;
  };
  visit(entryKey);
  for (const route of routeKeys) visit(keyOf(route));
  return [...files].sort();
}

/** Each file's gzipped size in bytes (zlib's default level, what a server would send). */
export function gzipSizes(distDir, files) {
  return files.map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(distDir, file))).length,
  }));
}

/** Reads the build in `distDir`, prints the chunks and their total, and says if it fits. */
export function checkBudget({
  distDir = DEFAULT_DIST,
  limitKb = DEFAULT_LIMIT_KB,
  log = console.log,
} = {}) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch (error) {
    throw new Error(
      `no Vite manifest at ${manifestFile} (run the web build with build.manifest): ${error.message}`,
      { cause: error },
    );
  }
  const sizes = gzipSizes(distDir, initialChunks(manifest));
  // kB as Vite's build output prints them (1000 bytes), so the numbers can be compared.
  const kb = (bytes) => (bytes / 1000).toFixed(2);
  const totalBytes = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  for (const size of [...sizes].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    log(`  ${kb(size.gzipBytes).padStart(8)} kB  ${size.file}`);
  }
  const fits = totalBytes <= limitKb * 1000;
  log(
    `bundle budget: home route initial JS ${kb(totalBytes)} kB gzip in ${sizes.length} chunks, ` +
      `limit ${limitKb} kB: ${fits ? 'ok' : 'OVER BUDGET'}`,
  );
  return { totalBytes, fits, sizes };
}

function argument(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const limit = argument('--limit-kb');
    const { fits } = checkBudget({
      distDir: argument('--dist') ? path.resolve(argument('--dist')) : DEFAULT_DIST,
      limitKb: limit === undefined ? DEFAULT_LIMIT_KB : Number(limit),
    });
    process.exitCode = fits ? 0 : 1;
  } catch (error) {
    console.error(`bundle budget: ${error.message}`);
    process.exitCode = 2;
  }
}
