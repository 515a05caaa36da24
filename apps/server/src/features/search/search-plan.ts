import type { SearchCursor } from './search-cursor.ts';
import type { HandlePrefixSearch, TrigramSearch } from './search.repository.ts';
import { escapeLike, handlePrefixEnd, isShortQuery, type SearchTerms } from './search-terms.ts';

/** Tags are matched from this many characters on: shorter texts prefix too many tag names. */
const TAG_QUERY_MIN = 3;

/** Which of the two searches a text runs, with the values of its statement. */
export type SearchPlan =
  { kind: 'handle'; search: HandlePrefixSearch } | { kind: 'trigram'; search: TrigramSearch };

/**
 * The search for `terms` after `after` (the previous page's last result), `limit` rows; undefined
 * when the cursor belongs to the other kind of search.
 */
export function planSearch(
  viewerId: number,
  terms: SearchTerms,
  after: SearchCursor | undefined,
  limit: number,
): SearchPlan | undefined {
  if (isShortQuery(terms)) {
    if (after?.kind === 'rank') return undefined;
    const search = {
      viewerId,
      from: terms.handle,
      to: handlePrefixEnd(terms.handle),
      after: after?.handle ?? '',
      limit,
    };
    return { kind: 'handle', search };
  }
  if (after?.kind === 'handle') return undefined;
  const search = {
    viewerId,
    text: terms.text,
    handle: terms.handle || null,
    textLike: escapeLike(terms.text),
    handleLike: terms.handle ? escapeLike(terms.handle) : null,
    withTags: [...terms.text].length >= TAG_QUERY_MIN,
    afterRank: after?.rank ?? -1,
    afterId: after?.id ?? 0,
    limit,
  };
  return { kind: 'trigram', search };
}
