import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = path.join(import.meta.dirname, '..');

/** The web app's own sources (tests aside): components, hooks and stylesheets. */
function sourceFiles(dir = SOURCE_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Tailwind's `focus:` (and `peer-focus:`, `group-focus:`) variants and CSS `:focus` selectors
 * also match after a mouse click or a tap, so a ring or highlight would stay on a clicked tab or
 * button. Only `focus-visible` (keyboard focus) and `focus-within` are allowed. A variant is
 * followed by its utility (`focus:ring`), which tells it from prose ("return focus: ...").
 */
const FOCUS_ON_CLICK = [/(^|[\s'"`:])([a-z]+-)?focus:[\w![-]/, /:focus(?![-\w])/];

describe('focus styles', () => {
  it('use :focus-visible, never :focus, in every source file', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${path.relative(SOURCE_ROOT, file)}:${index + 1}` }))
        .filter(({ line }) => FOCUS_ON_CLICK.some((pattern) => pattern.test(line)))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
