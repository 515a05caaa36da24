import type { HomeFilter, HomeItem, HomeSection } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { presentHomeItem } from './home.presenter.ts';
import { listHomeSection } from './home.repository.ts';

/** Subscribed and Following are short personal lists, returned whole up to this many. */
const PERSONAL_SECTION_MAX = 500;

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
  return rows.map((row) => presentHomeItem(row, viewerId, ctx.mediaSigner));
}
