import { STORY_TAGS_MAX, STORY_TEXT_MAX } from '@glimpse/contract';

/** The longest hashtag the server accepts as a tag (letters, digits and `_`). */
export const HASHTAG_MAX = 40;

const REPEATED_HASH = /#{2,}/g;
const GLUED_HASHTAGS = /(#[\p{L}\p{N}_]+)(?=#)/gu;
const OVERLONG_HASHTAG = new RegExp(`#([\\p{L}\\p{N}_]{${HASHTAG_MAX}})[\\p{L}\\p{N}_]+`, 'gu');
/** A `#word` that starts a word: `C#` or `mail#x` are not hashtags. */
const HASHTAG = new RegExp(`(?<![\\p{L}\\p{N}_])#([\\p{L}\\p{N}_]{1,${HASHTAG_MAX}})`, 'gu');
const HASHTAG_BEFORE_CARET = /(?<![\p{L}\p{N}_#])#([\p{L}\p{N}_]*)$/u;
const WORD_AFTER_CARET = /^[\p{L}\p{N}_]*/u;

/** Cuts to `max` UTF-16 units (the server's measure) without splitting an emoji in half. */
function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * The hashtag formatter run on each change of a story description (spec 5): `##tag` becomes
 * `#tag`, `#one#two` becomes `#one #two`, a hashtag stops at HASHTAG_MAX characters and the
 * text at `max`. Anything the user is still typing (a lone `#`) is left alone.
 */
export function formatHashtagText(text: string, max: number = STORY_TEXT_MAX): string {
  const cleaned = text
    .replace(REPEATED_HASH, '#')
    .replace(GLUED_HASHTAGS, '$1 ')
    .replace(OVERLONG_HASHTAG, '#$1');
  return cutToLength(cleaned, max);
}

/** The tags of a description: its hashtags, lower case, without `#`, unique, at most 10. */
export function extractTags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(HASHTAG)) {
    tags.add(match[1]!.toLowerCase());
    if (tags.size === STORY_TAGS_MAX) break;
  }
  return [...tags];
}

/** True when the description has more hashtags than can become tags. */
export function hasTooManyHashtags(text: string): boolean {
  const all = new Set([...text.matchAll(HASHTAG)].map((match) => match[1]!.toLowerCase()));
  return all.size > STORY_TAGS_MAX;
}

export interface ActiveHashtag {
  /** Index of the `#`. */
  start: number;
  /** What follows the `#` up to the caret (may be empty). */
  query: string;
}

/** The hashtag the caret is in, for autocomplete; undefined when the caret is not in one. */
export function activeHashtag(text: string, caret: number): ActiveHashtag | undefined {
  const match = HASHTAG_BEFORE_CARET.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { start: match.index, query: match[1]! };
}

/** A tag title as a hashtag word: lower case, letters, digits and `_` only. */
export function toHashtagWord(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]/gu, '')
    .slice(0, HASHTAG_MAX);
}

/** Known tags that continue what was typed after `#`, best first. */
export function suggestHashtags(titles: string[], query: string, limit = 5): string[] {
  const wanted = query.toLowerCase();
  const words = new Set(titles.map(toHashtagWord).filter((word) => word.length > 0));
  return [...words]
    .filter((word) => word.startsWith(wanted) && word !== wanted)
    .sort((a, b) => a.length - b.length || a.localeCompare(b))
    .slice(0, limit);
}

/** Replaces the hashtag being typed with `#word ` and says where the caret goes next. */
export function completeHashtag(
  text: string,
  caret: number,
  word: string,
): { text: string; caret: number } {
  const active = activeHashtag(text, caret);
  if (!active) return { text, caret };
  const rest = text.slice(caret);
  const tail = rest.slice(WORD_AFTER_CARET.exec(rest)![0].length);
  const inserted = `#${word}${tail.startsWith(' ') ? '' : ' '}`;
  const before = text.slice(0, active.start);
  const next = formatHashtagText(`${before}${inserted}${tail}`);
  return { text: next, caret: Math.min(next.length, before.length + inserted.length) };
}
