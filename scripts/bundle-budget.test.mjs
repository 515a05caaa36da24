// `node --test scripts/bundle-budget.test.mjs` (run by .ci/run): the budget script's chunk walk
// and its verdict, on a small fake build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { checkBudget, HOME_ROUTE, initialChunks, START_MODULE } from './bundle-budget.mjs';

const SCRIPT = fileURLToPath(new URL('./bundle-budget.mjs', import.meta.url));

/** A manifest shaped like Vite's: the home chunk imports the entry back, as real ones do. */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_ui.js'],
    dynamicImports: [START_MODULE, HOME_ROUTE, 'src/features/auth/SignInScreen.tsx'],
    css: ['assets/index.css'],
  },
  // The app's shell, which the boot code imports before the first paint.
  [START_MODULE]: { file: 'assets/start.js', isDynamicEntry: true, imports: ['_app.js'] },
  '_app.js': { file: 'assets/app.js', name: 'app', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['_react.js'] },
  [HOME_ROUTE]: {
    file: 'assets/HomeScreen.js',
    isDynamicEntry: true,
    imports: ['index.html', '_ui.js', '_home-only.js'],
    dynamicImports: ['src/features/filter/FilterDialog.tsx'],
  },
  '_home-only.js': { file: 'assets/home-only.js' },
  'src/features/auth/SignInScreen.tsx': { file: 'assets/SignInScreen.js', isDynamicEntry: true },
  'src/features/filter/FilterDialog.tsx': { file: 'assets/FilterDialog.js', isDynamicEntry: true },
  'src/flag.svg': { file: 'assets/flag.svg' },
};

const dirs = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A dist folder with the manifest and files of incompressible bytes of the given sizes. */
function fakeDist(bytesPerFile) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  // Random bytes, so gzip cannot shrink them and the sizes stay predictable.
  for (const chunk of Object.values(manifest)) {
    writeFileSync(path.join(dir, chunk.file), randomBytes(bytesPerFile));
  }
  return dir;
}

describe('initialChunks', () => {
  it('takes the entry, the home chunk and their static imports, and no lazy chunk or CSS', () => {
    assert.deepEqual(initialChunks(manifest), [
      'assets/HomeScreen.js',
      'assets/app.js',
      'assets/home-only.js',
      'assets/index.js',
      'assets/react.js',
      'assets/start.js',
      'assets/ui.js',
    ]);
  });

  it('takes a module inside a chunk group by its group (apps/web/build/chunk-groups.ts)', () => {
    const grouped = { ...manifest };
    delete grouped[START_MODULE];
    assert.ok(initialChunks(grouped).includes('assets/app.js'));
  });

  it('takes the boot group as the entry when the manifest marks none (the entry is all in it)', () => {
    const { 'index.html': entry, ...rest } = manifest;
    const home = rest[HOME_ROUTE];
    const bootAsEntry = {
      ...rest,
      '_boot.js': { ...entry, isEntry: undefined, name: 'boot' },
      [HOME_ROUTE]: {
        ...home,
        imports: home.imports.map((key) => key.replace('index.html', '_boot.js')),
      },
    };
    assert.ok(initialChunks(bootAsEntry).includes('assets/index.js'));
    assert.ok(initialChunks(bootAsEntry).includes('assets/react.js'));
  });

  it('fails loudly when the route is not in the manifest', () => {
    assert.throws(() => initialChunks(manifest, ['src/features/home/Renamed.tsx']), /Renamed/);
  });
});

describe('checkBudget', () => {
  it('adds up the gzipped sizes and passes within the limit', () => {
    const lines = [];
    const result = checkBudget({
      distDir: fakeDist(10_000),
      limitKb: 80,
      log: (line) => lines.push(line),
    });
    assert.equal(result.sizes.length, 7);
    assert.ok(result.totalBytes > 70_000 && result.totalBytes < 71_000, `${result.totalBytes}`);
    assert.equal(result.fits, true);
    assert.match(
      lines.at(-1),
      /home route initial JS 70\.\d\d kB gzip in 7 chunks, limit 80 kB: ok/,
    );
  });

  it('exits non-zero above the limit, printing the total', () => {
    const run = spawnSync(process.execPath, [
      SCRIPT,
      '--dist',
      fakeDist(10_000),
      '--limit-kb',
      '40',
    ]);
    assert.equal(run.status, 1);
    assert.match(run.stdout.toString(), /initial JS 70\.\d\d kB gzip .* limit 40 kB: OVER BUDGET/);
  });

  it('exits non-zero without a manifest', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
    dirs.push(empty);
    const run = spawnSync(process.execPath, [SCRIPT, '--dist', empty]);
    assert.equal(run.status, 2);
    assert.match(run.stderr.toString(), /no Vite manifest/);
  });
});
