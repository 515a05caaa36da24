import type { HomeFilter, HomeItem, HomeSection } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { presentHomeItem } from './home.presenter.ts';
import { listHomeSection } from './home-statement.repository.ts';
import type { HomeList } from './home.repository.ts';

/** Subscribed and Following are short personal lists, returned whole up to this many. */
const PERSONAL_SECTION_MAX = 500;

/** GET /api/home/stories/{section}: creators with stories (and their live stream, if any). */
export function getHomeStories(
  ctx: AppContext,
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
): Promise<HomeItem[]> {
  return homeList(ctx, viewerId, section, filter, 'stories');
}

/** GET /api/home/streams/{section}: the same sections limited to creators live now. */
export function getHomeStreams(
  ctx: AppContext,
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
): Promise<HomeItem[]> {
  return homeList(ctx, viewerId, section, filter, 'streams');
}

async function homeList(
  ctx: AppContext,
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
  list: HomeList,
): Promise<HomeItem[]> {
  const paging =
    section === 'discover'
      ? { limit: filter.limit, offset: (filter.page - 1) * filter.limit }
      : { limit: PERSONAL_SECTION_MAX, offset: 0 };
  const rows = await listHomeSection(ctx.db, viewerId, section, filter, paging, list);
  return rows.map((row) => presentHomeItem(row, viewerId, ctx.mediaSigner));
}
