/**
 * What a search text is matched as (docs/decisions.md, "Search"): the text itself, lower-cased
 * with its spaces collapsed (names and tags), and its handle form, as `slugBase` makes handles
 * from names (accents dropped, lower case, anything else a dash), so "Gabe Muller" and
 * "@gabe_muller" both read "gabe-muller".
 */
export interface SearchTerms {
  /** Lower-cased, single spaces, no leading `@`. */
  text: string;
  /** The handle form; empty when the text has no letter or digit a handle could hold. */
  handle: string;
}

/** Texts this short match handles by prefix (the handle's own index); longer ones by trigrams. */
export const SHORT_QUERY_MAX = 2;

export function searchTerms(query: string): SearchTerms {
  const text = query.trim().replace(/^@+/, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const handle = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return { text, handle };
}

/** Whether the text is short enough for the handle-prefix search (and has a handle form). */
export function isShortQuery(terms: SearchTerms): boolean {
  return terms.handle !== '' && [...terms.text].length <= SHORT_QUERY_MAX;
}

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The first text after every handle starting with `prefix`: handles hold only `a-z`, `0-9` and
 * `-`, all of which sort before `{`, so `[prefix, prefix + '{')` is exactly the handles with
 * that prefix in the database's C collation, a range the handle's unique index answers in order.
 */
export function handlePrefixEnd(prefix: string): string {
  return `${prefix}{`;
}
