import { describe, expect, it } from 'vitest';
import { SOURCE_LANGUAGE, SUPPORTED_LANGUAGES } from './languages.ts';

/**
 * Every language has every text: the same files and keys as English (plural forms as the
 * language needs them), nothing empty, and the same placeholders. The files are read as text,
 * bundled and lazily loaded ones alike: the modules' objects are i18next's store, which merges
 * the lazily loaded texts into them.
 */
const files = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('./locales/*/*.json', {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
  ).map(([path, text]) => [path, JSON.parse(text) as unknown]),
);

type Flat = Map<string, string>;

/** `{ a: { b_one: 'x' } }` -> `a.b_one` -> 'x'; a value that is not a string is kept as a problem. */
function flatten(texts: unknown, prefix = '', into: Flat = new Map()): Flat {
  for (const [key, value] of Object.entries(texts as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, into);
    else into.set(path, typeof value === 'string' ? value : `<not a text: ${String(value)}>`);
  }
  return into;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The placeholders of a text, as written: `{{count, number}}` and `{{name}}`. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([^}]+?)\s*}}/g)].map((match) => match[1]!.replace(/\s+/g, ''));
}

/**
 * What differs between an English file and the same file of `language`: keys in one only (a
 * plural key counts once, by its base, and must have every plural form the language uses),
 * empty texts, and placeholders that differ.
 */
function textProblems(
  english: unknown,
  translated: unknown,
  language: string,
  file = '',
): string[] {
  const problems: string[] = [];
  const en = flatten(english);
  const other = flatten(translated);
  const base = (key: string) => key.replace(PLURAL, '');
  const enBases = new Set([...en.keys()].map(base));
  const otherBases = new Set([...other.keys()].map(base));
  for (const key of enBases) {
    if (!otherBases.has(key)) problems.push(`${file}${key}: missing in ${language}`);
  }
  for (const key of otherBases) {
    if (!enBases.has(key)) problems.push(`${file}${key}: in ${language} but not in English`);
  }
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  for (const key of enBases) {
    const pluralInEnglish = en.has(`${key}_other`);
    if (!pluralInEnglish || !otherBases.has(key)) continue;
    for (const category of categories) {
      if (!other.has(`${key}_${category}`)) {
        problems.push(`${file}${key}_${category}: plural form missing in ${language}`);
      }
    }
  }
  for (const [key, text] of other) {
    if (text.trim() === '') problems.push(`${file}${key}: empty in ${language}`);
    const source = en.get(key) ?? en.get(key.replace(PLURAL, '_other'));
    if (source === undefined) continue;
    const expected = placeholders(source).sort().join(' ');
    const actual = placeholders(text).sort().join(' ');
    // A singular form may write the number out ("1 month" as "einen Monat"): only {{count}} may go.
    const withoutCount = (list: string) =>
      list
        .split(' ')
        .filter((name) => !/^count(,|$)/.test(name))
        .join(' ');
    const singular = /_(zero|one|two)$/.test(key);
    if (expected !== actual && !(singular && withoutCount(expected) === withoutCount(actual))) {
      problems.push(
        `${file}${key}: placeholders ${actual || 'none'} in ${language}, ${expected || 'none'} in English`,
      );
    }
  }
  return problems;
}

function filesOf(language: string): Map<string, unknown> {
  const prefix = `./locales/${language}/`;
  return new Map(
    Object.entries(files)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, texts]) => [path.slice(prefix.length), texts]),
  );
}

describe('the check itself', () => {
  it('finds a missing key, an extra key, an empty text, a placeholder and a plural form', () => {
    const english = { a: 'A {{name}}', b: { c: 'C' }, d_one: 'one D', d_other: '{{count}} Ds' };
    expect(textProblems(english, english, 'en')).toEqual([]);
    expect(
      textProblems(
        { ...english, e: 'E' },
        { a: 'A {{nom}}', b: { c: ' ' }, d_other: '{{count}} Des', x: 'X' },
        'de',
      ),
    ).toEqual([
      'e: missing in de',
      'x: in de but not in English',
      'd_one: plural form missing in de',
      'a: placeholders nom in de, name in English',
      'b.c: empty in de',
    ]);
  });

  it('lets a singular form write the number out, but no other placeholder go', () => {
    const english = {
      m_one: '{{count}} month of {{name}}',
      m_other: '{{count}} months of {{name}}',
    };
    expect(
      textProblems(
        english,
        { m_one: 'ein Monat von {{name}}', m_other: '{{count}} Monate von {{name}}' },
        'de',
      ),
    ).toEqual([]);
    expect(
      textProblems(english, { m_one: 'ein Monat', m_other: '{{count}} Monate von {{name}}' }, 'de'),
    ).toEqual(['m_one: placeholders none in de, count name in English']);
  });
});

const english = filesOf(SOURCE_LANGUAGE);
const translations = SUPPORTED_LANGUAGES.filter(({ code }) => code !== SOURCE_LANGUAGE);

describe.each(translations)('$label texts', ({ code }) => {
  const translated = filesOf(code);

  it('has the same files as English', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])(
    'has every text of %s, none empty, the same placeholders',
    (file) => {
      expect(
        textProblems(english.get(file), translated.get(file) ?? {}, code, `${file}: `),
      ).toEqual([]);
    },
  );
});
