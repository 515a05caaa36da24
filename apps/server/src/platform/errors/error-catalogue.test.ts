import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, errKeys } from '@glimpse/contract';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's own source: every .ts file under src except tests and the test harness. */
function sourceFiles(dir = SERVER_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(SERVER_SRC, 'test') ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

interface Use {
  key: string;
  file: string;
  /** The HTTP status written beside the key, when the code sends the body itself. */
  status?: number;
}

/** How an err_key appears in server code: thrown, sent as a body, or written into raw JSON. */
const PATTERNS = [
  /new AppError\(\s*'([a-z_]+)'/g,
  /\bfieldError\(()/g, // always validation_failed
  /(?:status\((\d{3})\)\s*\.send\(\{\s*)?\berr_key:\s*'([a-z_]+)'/g,
  /"err_key"\s*:\s*"([a-z_]+)"/g,
];

function findUses(): Use[] {
  const uses: Use[] = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(SERVER_SRC, file);
    for (const match of text.matchAll(PATTERNS[0]!)) uses.push({ key: match[1]!, file: relative });
    for (const _ of text.matchAll(PATTERNS[1]!))
      uses.push({ key: 'validation_failed', file: relative });
    for (const match of text.matchAll(PATTERNS[2]!)) {
      uses.push({
        key: match[2]!,
        file: relative,
        ...(match[1] ? { status: Number(match[1]) } : {}),
      });
    }
    for (const match of text.matchAll(PATTERNS[3]!)) uses.push({ key: match[1]!, file: relative });
  }
  return uses;
}

describe('error catalogue against the server source', () => {
  const uses = findUses();

  it('finds the server source and its errors', () => {
    expect(sourceFiles().length).toBeGreaterThan(20);
    expect(uses.length).toBeGreaterThan(20);
  });

  it('throws AppError only with a literal key, so this scan sees every one', () => {
    const dynamic = sourceFiles().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new AppError\(\s*([^'\s)][^,)]*)/g)].map(
        (m) => `${path.relative(SERVER_SRC, file)}: new AppError(${m[1]}`,
      ),
    );
    expect(dynamic.filter((line) => !line.startsWith('platform/errors/app-error.ts'))).toEqual([]);
  });

  it('catalogues every err_key the server uses', () => {
    const unknown = uses.filter((use) => !(errKeys as string[]).includes(use.key));
    expect(unknown.map((use) => `${use.file}: ${use.key}`)).toEqual([]);
  });

  it('uses every catalogued err_key somewhere in the server', () => {
    const used = new Set(uses.map((use) => use.key));
    expect(errKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  it('sends each hand-written error body with its catalogued status', () => {
    const mismatched = uses
      .filter((use) => use.status !== undefined)
      .filter(
        (use) => errorCatalogue[use.key as keyof typeof errorCatalogue]?.status !== use.status,
      )
      .map((use) => `${use.file}: ${use.key} sent with ${use.status}`);
    expect(uses.some((use) => use.status !== undefined)).toBe(true);
    expect(mismatched).toEqual([]);
  });
});
