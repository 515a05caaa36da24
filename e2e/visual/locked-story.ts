import type { Page } from '@playwright/test';

/**
 * A locked story needs a priced story, and only a verified creator may set a price; no API
 * verifies a user yet (identity verification arrives with money), and the visual suite runs
 * without the demo seed, whose verified creators are the only ones. So the screens that show a
 * locked story take the creator's real story group and present its first story the way the
 * server presents a priced story to a viewer who has not bought it (stories.presenter.ts:
 * `isAvailable: false`, no media URL of any kind, the price, a verified creator who sells).
 */

export const LOCKED_PRICE = 4.99;
export const SUBSCRIBE_PRICE = 9.99;

const MEDIA_FIELDS = [
  'slow_motion_src',
  'webm_video_src',
  'mp4_video_src',
  'overlay_image_src',
  'overlay_src',
] as const;

interface GroupJson {
  stories: Array<Record<string, unknown>>;
  subscribePrice: number | null;
}

export async function presentFirstStoryLocked(page: Page, creatorId: number): Promise<void> {
  await page.route(`**/api/users/${creatorId}/stories`, async (route) => {
    const response = await route.fetch();
    const group = (await response.json()) as GroupJson;
    const [first] = group.stories;
    if (!first) throw new Error(`creator ${creatorId} has no stories to lock`);
    Object.assign(first, {
      isAvailable: false,
      price: LOCKED_PRICE,
      verified: true,
      noPaid: false,
    });
    for (const field of MEDIA_FIELDS) first[field] = null;
    for (const story of group.stories) Object.assign(story, { verified: true, noPaid: false });
    group.subscribePrice = SUBSCRIBE_PRICE;
    await route.fulfill({ response, json: group });
  });
}
