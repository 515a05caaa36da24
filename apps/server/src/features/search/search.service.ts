import { SEARCH_PAGE_DEFAULT, type SearchPage } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors/app-error.ts';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search-cursor.ts';
import { planSearch } from './search-plan.ts';
import { searchTerms } from './search-terms.ts';
import { presentSearchResult } from './search.presenter.ts';
import { searchByHandlePrefix, searchByTrigrams, type SearchRow } from './search.repository.ts';

/** Searches one viewer may run per window: typing at one request per pause, with room to page. */
export const SEARCHES_PER_WINDOW = 120;
export const SEARCH_WINDOW_MS = 60_000;

export interface SearchRequest {
  q: string;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/**
 * GET /api/search: profiles by name, handle or tag, best match first (docs/decisions.md,
 * "Search"). Signed-in only, like every profile; the viewer, and anyone either of the two
 * blocked, is never among the results.
 */
export async function searchProfiles(
  ctx: AppContext,
  viewerId: number,
  request: SearchRequest,
): Promise<SearchPage> {
  const searches = await ctx.limiter.hit(`search:${viewerId}`, SEARCH_WINDOW_MS);
  if (searches > SEARCHES_PER_WINDOW) throw new AppError('rate_limited');
  const limit = request.limit ?? SEARCH_PAGE_DEFAULT;
  const after = request.cursor === undefined ? undefined : readCursor(request.cursor);
  // One row more than the page tells whether another page follows.
  const plan = planSearch(viewerId, searchTerms(request.q), after, limit + 1);
  if (!plan) throw fieldError('cursor', 'cursor_invalid');
  const rows =
    plan.kind === 'handle'
      ? await searchByHandlePrefix(ctx.db, plan.search)
      : await searchByTrigrams(ctx.db, plan.search);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => presentSearchResult(row, viewerId, ctx.mediaSigner)),
    next_cursor: rows.length > limit && last ? encodeSearchCursor(cursorAfter(last)) : null,
  };
}

function readCursor(value: string): SearchCursor {
  const cursor = decodeSearchCursor(value);
  if (!cursor) throw fieldError('cursor', 'cursor_invalid');
  return cursor;
}

function cursorAfter(row: SearchRow): SearchCursor {
  return row.rank === null
    ? { kind: 'handle', handle: row.slug }
    : { kind: 'rank', rank: Number(row.rank), id: row.id };
}
