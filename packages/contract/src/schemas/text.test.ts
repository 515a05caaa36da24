import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { birthdate, isoDate } from './common.ts';
import { displayName, multiLineText, secretText, singleLineText, TEXT_ISSUES } from './text.ts';

const SEED = 20_240_601;

/** The messages a failed parse reports, or the parsed value. */
function outcome(schema: { safeParse(value: unknown): unknown }, value: unknown) {
  const result = schema.safeParse(value) as
    { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } };
  return result.success
    ? { ok: result.data }
    : { issues: result.error.issues.map((i) => i.message) };
}

const codeUnit = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((code) => String.fromCharCode(code));
/** C0 and C1 controls and DEL; tab, LF and CR are picked out where multi-line text allows them. */
const control = fc.oneof(codeUnit(0x00, 0x1f), codeUnit(0x7f, 0x9f));
const loneSurrogate = codeUnit(0xd800, 0xdfff);
const anyText = fc.string({ unit: 'binary', maxLength: 40 });

describe('singleLineText', () => {
  const schema = singleLineText({ max: 200 });

  it('refuses any control character anywhere', () => {
    fc.assert(
      fc.property(anyText, control, anyText, (before, bad, after) => {
        expect(outcome(schema, `${before}${bad}${after}`)).toEqual({
          issues: expect.arrayContaining([TEXT_ISSUES.controlChars]),
        });
      }),
      { seed: SEED },
    );
  });

  it('refuses an unpaired surrogate, the only thing isWellFormed rejects', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), loneSurrogate, (before, bad) => {
        expect(outcome(schema, `${before}${bad}`)).toEqual({ issues: [TEXT_ISSUES.malformed] });
      }),
      { seed: SEED },
    );
    expect(outcome(schema, '\ud83d\ude00')).toEqual({ ok: '\ud83d\ude00' });
  });

  it('takes any other text as NFC, trimmed', () => {
    // eslint-disable-next-line no-control-regex -- the controls are what is filtered out
    const clean = anyText.filter((text) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text));
    fc.assert(
      fc.property(clean, (text) => {
        expect(outcome(schema, text)).toEqual({ ok: text.normalize('NFC').trim() });
      }),
      { seed: SEED },
    );
    expect(outcome(schema, ' Cafe\u0301 ')).toEqual({ ok: 'Caf\u00e9' });
  });

  it('refuses line and paragraph separators, and counts bounds after trimming', () => {
    expect(outcome(schema, 'a\u2028b').issues).toEqual([TEXT_ISSUES.controlChars]);
    expect(outcome(singleLineText({ min: 1, max: 3 }), '   ').issues).toHaveLength(1);
    expect(outcome(singleLineText({ min: 1, max: 3 }), '  abc  ')).toEqual({ ok: 'abc' });
    expect(outcome(singleLineText({ max: 3 }), 'abcd').issues).toHaveLength(1);
  });
});

describe('multiLineText', () => {
  const schema = multiLineText({ max: 500 });

  it('keeps tabs and new lines, stores CRLF and CR as LF', () => {
    expect(outcome(schema, 'one\ttwo\r\nthree\rfour\n')).toEqual({ ok: 'one\ttwo\nthree\nfour' });
  });

  it('refuses every other control character', () => {
    const bad = control.filter((c) => !['\t', '\n', '\r'].includes(c));
    fc.assert(
      fc.property(anyText, bad, (before, c) => {
        expect(outcome(schema, `${before}${c}`)).toEqual({
          issues: expect.arrayContaining([TEXT_ISSUES.controlChars]),
        });
      }),
      { seed: SEED },
    );
    expect(outcome(schema, 'a\u0000b').issues).toEqual([TEXT_ISSUES.controlChars]);
    expect(outcome(schema, '\ud800').issues).toEqual([TEXT_ISSUES.malformed]);
  });
});

describe('displayName', () => {
  const schema = displayName({ max: 50 });

  it.each(
    [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map(
      (code) => [code.toString(16).toUpperCase(), code] as const,
    ),
  )('refuses the bidi control U+%s', (_hex, code) => {
    const name = `admin${String.fromCharCode(code)}nimda`;
    expect(outcome(schema, name)).toEqual({ issues: [TEXT_ISSUES.bidiControls] });
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['joiners and a word joiner', '\u200c\u200d\u2060'],
    ['a byte-order mark', '\ufeff'],
    ['a Hangul filler', '\u3164'],
    ['a braille blank between spaces', ' \u2800 '],
    ['a lone combining mark', '\u0301'],
    ['variation selectors', '\ufe0f\ufe0e'],
  ])('refuses a name of only %s', (_label, name) => {
    expect(outcome(schema, name)).toEqual({ issues: [TEXT_ISSUES.invisible] });
  });

  it('refuses terminal escapes and control characters', () => {
    expect(outcome(schema, 'Anna\u001b[31m').issues).toEqual([TEXT_ISSUES.controlChars]);
    expect(outcome(schema, 'An\tna').issues).toEqual([TEXT_ISSUES.controlChars]);
  });

  it('trims spaces and invisible characters from the ends, normalizes to NFC', () => {
    expect(outcome(schema, ' \u200bAnna\u200d\ufeff ')).toEqual({ ok: 'Anna' });
    expect(outcome(schema, 'Zoe\u0308')).toEqual({ ok: 'Zo\u00eb' });
  });

  it('keeps emoji sequences, which are made with joiners and selectors', () => {
    for (const name of ['Anna \u2764\ufe0f', 'Fam \u{1f468}\u200d\u{1f469}\u200d\u{1f467}'])
      expect(outcome(schema, name)).toEqual({ ok: name });
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a zero-width non-joiner', '\u200c'],
    ['a zero-width joiner', '\u200d'],
    ['a left-to-right mark', '\u200e'],
    ['a right-to-left mark', '\u200f'],
    ['a word joiner', '\u2060'],
    ['an Arabic letter mark', '\u061c'],
    ['a byte-order mark', '\ufeff'],
    ['a soft hyphen', '\u00ad'],
    ['tag letters', '\u{e0041}\u{e0042}'],
    ['a language tag', '\u{e0001}\u{e0065}\u{e006e}'],
    ['a cancel tag', '\u{e007f}'],
  ])('removes %s inside a name, keeping the visible text', (_label, mark) => {
    expect(outcome(schema, `ad${mark}min`)).toEqual({ ok: 'admin' });
    expect(outcome(schema, `Anna ${mark}Smith`)).toEqual({ ok: 'Anna Smith' });
  });

  it('counts the length once invisible marks are gone', () => {
    const padded = `${'a'.repeat(25)}${'\u200b'.repeat(40)}${'b'.repeat(25)}`;
    expect(outcome(schema, padded)).toEqual({ ok: `${'a'.repeat(25)}${'b'.repeat(25)}` });
  });

  it('keeps emoji ZWJ, variation-selector, skin-tone and tag sequences whole', () => {
    for (const name of [
      'Fam \u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}',
      'Dev \u{1f469}\u{1f3fd}\u200d\u{1f4bb}',
      'Pride \u{1f3f3}\ufe0f\u200d\u{1f308}',
      'Fire \u2764\ufe0f\u200d\u{1f525}',
      'Scot \u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
    ])
      expect(outcome(schema, name)).toEqual({ ok: name });
  });

  it('keeps the joiners that shape Persian and Indic names, not those between Latin letters', () => {
    for (const name of ['\u0645\u06cc\u200c\u0646\u0627', '\u0dc1\u0dca\u200d\u0dbb\u0dd3'])
      expect(outcome(schema, name)).toEqual({ ok: name });
    expect(outcome(schema, 'a\u200dx\u200c\u{1f525}')).toEqual({ ok: 'ax\u{1f525}' });
  });

  it('refuses a name of only invisible marks and tags as invisible', () => {
    expect(outcome(schema, '\u200b\u{e0041}\u200f')).toEqual({ issues: [TEXT_ISSUES.invisible] });
  });

  it('takes ordinary names in any script', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Anna', 'José', 'Łukasz', 'محمد', 'שרה', '李小龍', 'Ивана', 'Nguyễn'),
        (name) => {
          expect(outcome(schema, name)).toEqual({ ok: name.normalize('NFC') });
        },
      ),
      { seed: SEED },
    );
  });

  it('refuses a blank name as too short, not as invisible', () => {
    const { issues } = outcome(schema, '   ') as { issues: string[] };
    expect(issues).toHaveLength(1);
    expect(issues).not.toContain(TEXT_ISSUES.invisible);
  });
});

describe('secretText', () => {
  it('neither trims nor normalizes, but refuses controls and broken text', () => {
    const schema = secretText({ min: 1, max: 20 });
    expect(outcome(schema, ' Cafe\u0301 ')).toEqual({ ok: ' Cafe\u0301 ' });
    expect(outcome(schema, 'pass\u0000word').issues).toEqual([TEXT_ISSUES.controlChars]);
    expect(outcome(schema, 'pass\udc00').issues).toEqual([TEXT_ISSUES.malformed]);
  });
});

describe('dates', () => {
  it('refuses year 0000, which PostgreSQL has no calendar for', () => {
    expect(outcome(isoDate, '0000-01-01').issues).toEqual(['date_invalid']);
    expect(outcome(isoDate, '0001-01-01')).toEqual({ ok: '0001-01-01' });
  });

  it('takes birthdates from 1900 to today only', () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(outcome(birthdate, '1900-01-01')).toEqual({ ok: '1900-01-01' });
    expect(outcome(birthdate, today)).toEqual({ ok: today });
    expect(outcome(birthdate, '1899-12-31').issues).toEqual(['date_out_of_range']);
    expect(outcome(birthdate, tomorrow).issues).toEqual(['date_out_of_range']);
    expect(outcome(birthdate, '9999-12-31').issues).toEqual(['date_out_of_range']);
  });
});
