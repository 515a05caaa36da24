import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Routes only call services (issue 26): a route file that reads the database, or imports a
 * repository or the schema, has logic a second caller (a job, a socket, a test) cannot reuse.
 */

const featuresDir = path.dirname(fileURLToPath(import.meta.url));

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : routeFiles(full);
    return entry.name.endsWith('.routes.ts') ? [full] : [];
  });
}

const DATABASE_REACH = [
  { what: 'a repository', pattern: /from '[^']*\.repository\.ts'/ },
  { what: 'the database schema', pattern: /from '[^']*db\/schema[^']*'/ },
  { what: 'drizzle', pattern: /from 'drizzle-orm[^']*'/ },
  { what: 'the database handle', pattern: /\bctx\.db\b/ },
];

describe('route files', () => {
  it('exist (the scan finds them)', () => {
    expect(routeFiles(featuresDir).length).toBeGreaterThan(10);
  });

  it('reach the database only through services', () => {
    const offences = routeFiles(featuresDir).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return DATABASE_REACH.filter(({ pattern }) => pattern.test(source)).map(
        ({ what }) => `${path.relative(featuresDir, file)} uses ${what}`,
      );
    });
    expect(offences).toEqual([]);
  });
});
