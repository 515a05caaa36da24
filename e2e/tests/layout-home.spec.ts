import { expect, test } from '@playwright/test';
import {
  homeSection,
  profileLinks,
  registerViewer,
  SEED_TIMEOUT_MS,
  storyAvatars,
  waitForDiscover,
} from '../support/home.ts';
import {
  follow,
  horizontalOverflow,
  isTruncated,
  itemsFullyInView,
  itemsInFirstRow,
  openScreen,
  VIEWPORTS,
  waitForCreators,
} from '../support/layout.ts';

// Home at a phone's and a desktop's size: the desktop shows more creators per row, larger.

/** Demo creators the viewer follows; Anna Rivera is verified, so her name carries a badge. */
const FOLLOWED = [
  'anna-rivera',
  'ben-carter',
  'chloe-martin',
  'dario-rossi',
  'eli-novak',
  'fatima-haddad',
  'hana-sato',
  'isaac-mensah',
];
const ANNA_HREF = '/u/anna-rivera?from=home';

/**
 * What each size shows: Discover columns, how many of the 8 followed creators the Following row
 * shows whole before it scrolls, and the avatar button's width (the photo plus its ring).
 */
const EXPECTED = {
  phone: { discoverColumns: 3, rowItemsInView: 3, avatarWidth: 74 },
  desktop: { discoverColumns: 6, rowItemsInView: 7, avatarWidth: 106 },
} as const;

test.beforeEach(async ({ page, baseURL }) => {
  // The first test of a run may wait for the demo stories to finish processing.
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await registerViewer(page, baseURL);
  const creators = await waitForCreators(page, FOLLOWED);
  await follow(
    page,
    baseURL,
    creators.map((creator) => creator.id),
  );
  // Followed creators leave Discover; two desktop rows must still be there.
  await waitForDiscover(page.request, 12);
});

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport: VIEWPORTS[size] });
    const expected = EXPECTED[size];

    test('Discover and the Following row fit the width, with room for whole names', async ({
      page,
    }) => {
      const discover = homeSection(page, 'Discover');
      const following = homeSection(page, 'Following');
      await openScreen(page, '/', () => storyAvatars(discover).nth(11));
      await expect(storyAvatars(following)).toHaveCount(FOLLOWED.length);

      // Discover: one row holds 3 creators on a phone and 6 on a desktop.
      const discoverItems = discover.getByRole('listitem');
      const columns = await discover
        .getByRole('list')
        .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(expected.discoverColumns);
      expect(await itemsInFirstRow(discoverItems)).toBe(expected.discoverColumns);
      // Larger photos on a desktop (the button is the photo plus its ring).
      const avatar = (await storyAvatars(discover).first().boundingBox())!;
      expect(Math.round(avatar.width)).toBe(expected.avatarWidth);

      // The Following row scrolls sideways; a desktop shows more of it at once.
      const row = following.getByRole('list');
      expect(await itemsFullyInView(row, following.getByRole('listitem'))).toBeGreaterThanOrEqual(
        expected.rowItemsInView,
      );

      // Defect: "Anna Ri…" although the row had room. A name that fits is shown whole.
      const anna = following.locator(`a[href="${ANNA_HREF}"]`);
      await expect(anna).toHaveText('Anna Rivera');
      await expect(anna).toBeVisible();
      expect(await isTruncated(anna)).toBe(false);
      // So is every name in the row, the demo cast's names being short.
      for (const link of await profileLinks(following).all()) {
        expect(await isTruncated(link), (await link.textContent()) ?? undefined).toBe(false);
      }

      expect(await horizontalOverflow(page)).toBe(0);
    });
  });
}
