import type { HomeFilter, HomeItem, HomeSection } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { listHomeSection, type HomeRow } from './home.repository.ts';

/** Subscribed and Following are short personal lists, returned whole up to this many. */
const PERSONAL_SECTION_MAX = 500;

function presentHomeItem(row: HomeRow, viewerId: number, ctx: AppContext): HomeItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    image: row.avatar_key ? ctx.mediaSigner.url(row.avatar_key, viewerId) : null,
    has_stories: Number(row.story_count),
    hasNotWatchedStories: Boolean(row.has_unwatched),
    order: Number(row.order),
    isVerify: Boolean(row.verified),
    subscribed: Boolean(row.subscribed),
    // Live streaming arrives later; nobody is live until then.
    stream: null,
  };
}

export async function getHomeStories(
  ctx: AppContext,
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
): Promise<HomeItem[]> {
  const paging =
    section === 'discover'
      ? { limit: filter.limit, offset: (filter.page - 1) * filter.limit }
      : { limit: PERSONAL_SECTION_MAX, offset: 0 };
  const rows = await listHomeSection(ctx.db, viewerId, section, filter, paging);
  return rows.map((row) => presentHomeItem(row, viewerId, ctx));
}
