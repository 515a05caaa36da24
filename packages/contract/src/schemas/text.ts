import { z } from 'zod';

/**
 * The one set of string helpers every request field is built from. A string the database cannot
 * store (NUL, unpaired UTF-16 surrogates) or that could forge what others see (control
 * characters, terminal escapes, bidi overrides in a name) is refused here, once, with a field
 * message the web shows from `fields.json`; nothing downstream has to think about it.
 */

/** Field messages these helpers answer with (texts in apps/web/src/i18n/locales/en/fields.json). */
export const TEXT_ISSUES = {
  malformed: 'text_malformed',
  controlChars: 'text_control_chars',
  bidiControls: 'name_bidi_control',
  invisible: 'name_invisible',
} as const;

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, but tab, line feed and carriage return are the text's own layout. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Embedding, override and isolate controls: they reorder what is shown around a name. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Characters that draw nothing: zero-width spaces and joiners, marks, fillers (Hangul, braille
 * blank), byte-order marks. Trimmed from a name's ends; a name of nothing else is refused.
 */
const INVISIBLE =
  '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2060-\\u2064' +
  '\\u206a-\\u206f\\u2800\\u3164\\ufeff\\uffa0';
// The class lists combining characters one by one on purpose (they are what is being found).
// eslint-disable-next-line no-misleading-character-class
const EDGE_INVISIBLES = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${INVISIBLE}]+$`, 'gu');
/**
 * Marks that draw nothing wherever they stand: soft hyphen, grapheme joiner, Arabic letter mark,
 * zero-width space, LRM and RLM, word joiner and invisible operators, deprecated format
 * characters, byte-order mark. Removed from anywhere in a name (docs/decisions.md).
 */
// eslint-disable-next-line no-misleading-character-class -- the grapheme joiner is listed on purpose
const INNER_INVISIBLE = /[\u00ad\u034f\u061c\u200b\u200e\u200f\u2060-\u2064\u206a-\u206f\ufeff]/gu;
/** A subdivision flag (black flag, tag letters, cancel tag) is kept whole; any other tag goes. */
const TAGS = /(\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f})|[\u{e0000}-\u{e007f}]/gu;
/** Scripts whose letters ZWNJ and ZWJ shape (Persian, Urdu, Syriac, Indic, Sinhala, ...). */
const JOINING_SCRIPT =
  '\\p{sc=Arabic}\\p{sc=Syriac}\\p{sc=Nko}\\p{sc=Mongolian}\\p{sc=Devanagari}\\p{sc=Bengali}' +
  '\\p{sc=Gurmukhi}\\p{sc=Gujarati}\\p{sc=Oriya}\\p{sc=Tamil}\\p{sc=Telugu}\\p{sc=Kannada}' +
  '\\p{sc=Malayalam}\\p{sc=Sinhala}\\p{sc=Myanmar}\\p{sc=Khmer}';
const ENDS_IN_JOINING_LETTER = new RegExp(`[${JOINING_SCRIPT}]\\p{M}*$`, 'u');
const STARTS_WITH_JOINING_LETTER = new RegExp(`^[${JOINING_SCRIPT}]`, 'u');
/** An emoji, with its presentation selector or skin tone, that a ZWJ may join to the next. */
const ENDS_IN_EMOJI = /\p{Extended_Pictographic}(?:\ufe0f|[\u{1f3fb}-\u{1f3ff}])*$/u;
const STARTS_WITH_EMOJI = /^\p{Extended_Pictographic}/u;

/**
 * A zero-width joiner or non-joiner is kept where it changes what shows: a ZWJ inside an emoji
 * sequence, either one between two letters of a script it shapes. Anywhere else it is removed.
 */
function keepJoiner(joiner: string, offset: number, text: string): string {
  const before = text.slice(0, offset);
  const after = text.slice(offset + joiner.length);
  const inEmoji =
    joiner === '\u200d' && ENDS_IN_EMOJI.test(before) && STARTS_WITH_EMOJI.test(after);
  const shapes = ENDS_IN_JOINING_LETTER.test(before) && STARTS_WITH_JOINING_LETTER.test(after);
  return inEmoji || shapes ? joiner : '';
}

/** A name without the marks that draw nothing, emoji sequences and shaping joiners kept. */
function withoutInvisibleMarks(name: string): string {
  return name
    .replace(INNER_INVISIBLE, '')
    .replace(TAGS, (_tag, flag: string | undefined) => flag ?? '')
    .replace(/[\u200c\u200d]/g, keepJoiner)
    .replace(EDGE_INVISIBLES, '');
}

/** Something that shows: not a space, invisible, default-ignorable, mark, format or control. */
// eslint-disable-next-line no-misleading-character-class -- as above
const VISIBLE = new RegExp(`[^\\s${INVISIBLE}\\p{DI}\\p{M}\\p{Cf}\\p{Cc}]`, 'u');

type WellFormedString = string & { isWellFormed?: () => boolean };

/** No unpaired surrogate: PostgreSQL refuses one in JSON, and UTF-8 cannot carry it. */
export function isWellFormedText(value: string): boolean {
  const text = value as WellFormedString;
  // isWellFormed is Node 20+ and every current browser; the pattern is its fallback.
  return typeof text.isWellFormed === 'function' ? text.isWellFormed() : !/\p{Cs}/u.test(value);
}

export interface TextBounds {
  /** Fewest characters after normalizing and trimming (default 0). */
  min?: number;
  /** Most characters after normalizing and trimming. */
  max: number;
}

function safeText(forbidden: RegExp) {
  return z
    .string()
    .refine(isWellFormedText, { message: TEXT_ISSUES.malformed, abort: true })
    .refine((value) => !forbidden.test(value), { message: TEXT_ISSUES.controlChars, abort: true })
    .normalize('NFC');
}

/** One line of text (a benefit, a slug, an id, a code): no controls at all, NFC, trimmed. */
export function singleLineText({ min = 0, max }: TextBounds) {
  return safeText(SINGLE_LINE_FORBIDDEN).trim().min(min).max(max);
}

/** Free text (bio, story text, a report): tabs and new lines allowed, CRLF stored as LF. */
export function multiLineText({ min = 0, max }: TextBounds) {
  return safeText(MULTI_LINE_FORBIDDEN)
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .min(min)
    .max(max);
}

/**
 * A name other people see: one line, no bidi controls, at least one character that actually
 * shows; invisible characters trimmed from its ends and invisible marks removed from inside
 * (emoji sequences and the joiners that shape a script are kept). Bounds count what is left.
 */
export function displayName({ min = 1, max }: TextBounds) {
  return safeText(SINGLE_LINE_FORBIDDEN)
    .refine((value) => /^\p{Zs}*$/u.test(value) || VISIBLE.test(value), {
      message: TEXT_ISSUES.invisible,
      abort: true,
    })
    .refine((value) => !BIDI_CONTROLS.test(value), { message: TEXT_ISSUES.bidiControls })
    .overwrite(withoutInvisibleMarks)
    .min(min)
    .max(max);
}

/**
 * A secret (password): only the malformed and control characters are refused. It is neither
 * trimmed nor normalized, so the bytes hashed are the bytes the user typed.
 */
export function secretText({ min = 0, max }: TextBounds) {
  return z
    .string()
    .refine(isWellFormedText, { message: TEXT_ISSUES.malformed, abort: true })
    .refine((value) => !SINGLE_LINE_FORBIDDEN.test(value), {
      message: TEXT_ISSUES.controlChars,
      abort: true,
    })
    .min(min)
    .max(max);
}
