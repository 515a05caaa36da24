import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './index.ts';

/*
 * Every `t('literal.key')` in the app's code names an English text. The sources are read as
 * text; every module that adds texts is loaded first (a glob: i18n/ sits below the features).
 */
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);
const textModules = import.meta.glob(['../features/**/*-texts.ts', './*-errors.ts']);

/**
 * `t('a.b')`, `t("a.b", …)`, `i18n.t('a.b')`, `<Trans i18nKey="a.b">`: the literal keys of a
 * source, with their lines.
 */
function literalKeys(source: string): { key: string; line: number }[] {
  const calls = /(?<![\w$])(?:t\(\s*|i18nKey=\{?\s*)(['"])([^'"\n]+)\1/g;
  return [...source.matchAll(calls)].map((match) => ({
    key: match[2]!,
    line: source.slice(0, match.index).split('\n').length,
  }));
}

/** A key names a text when it, or its plural forms (`_one`, `_other`), is there. */
function hasText(key: string): boolean {
  return ['', '_other', '_one'].some((suffix) => i18n.exists(`${key}${suffix}`, { lng: 'en' }));
}

beforeAll(async () => {
  await Promise.all(Object.values(textModules).map((load) => load()));
});

describe('keys in the code', () => {
  it('finds the literal keys of a source', () => {
    const source = [
      "const a = t('home.stories');",
      'label={t("live.viewers", { count })}',
      "foo.get('x'); at('y');",
      '<Trans i18nKey="auth.consent.terms" />',
    ].join('\n');
    expect(literalKeys(source)).toEqual([
      { key: 'home.stories', line: 1 },
      { key: 'live.viewers', line: 2 },
      { key: 'auth.consent.terms', line: 4 },
    ]);
    expect(hasText('live.viewers')).toBe(true);
    expect(hasText('home.storiez')).toBe(false);
  });

  it('reads the whole app', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    const all = Object.values(sources).flatMap(literalKeys);
    expect(all.length).toBeGreaterThan(500);
  });

  it('names only English texts that exist', () => {
    const missing = Object.entries(sources).flatMap(([file, source]) =>
      literalKeys(source)
        .filter(({ key }) => !hasText(key))
        .map(({ key, line }) => `${file.replace(/^\.\.\//, '')}:${line} ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
