import { expect, test } from '@playwright/test';
import { registerViewer, SEED_TIMEOUT_MS } from '../support/home.ts';
import { horizontalOverflow, openScreen, VIEWPORTS, waitForCreators } from '../support/layout.ts';

// Profiles at a phone's and a desktop's size: the desktop puts the photo beside the details and
// gives the stories grid more, wider columns.

const EXPECTED = {
  phone: { storyColumns: 3, minGridWidth: 340 },
  desktop: { storyColumns: 5, minGridWidth: 900 },
} as const;

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await registerViewer(page, baseURL);
  await waitForCreators(page, ['anna-rivera']);
});

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport: VIEWPORTS[size] });
    const expected = EXPECTED[size];

    test('a creator profile lays out its stories grid for the width', async ({ page }) => {
      await openScreen(page, '/u/anna-rivera', (p) =>
        p.getByRole('heading', { level: 1, name: 'Anna Rivera' }),
      );
      const stories = page.getByRole('region', { name: 'Stories' });
      const grid = stories.getByRole('list');
      await expect(grid.getByRole('listitem').first()).toBeVisible();
      const columns = await grid.evaluate(
        (list) => getComputedStyle(list).gridTemplateColumns.split(' ').length,
      );
      expect(columns).toBe(expected.storyColumns);
      expect((await grid.boundingBox())!.width).toBeGreaterThanOrEqual(expected.minGridWidth);

      const main = page.getByRole('main');
      const photo = (await main.locator('img[alt="Profile photo of Anna Rivera"]').boundingBox())!;
      const name = (await main.getByText('Anna Rivera', { exact: true }).boundingBox())!;
      if (size === 'desktop') {
        // The details sit beside the photo, below its top edge, and the photo is larger.
        expect(name.x).toBeGreaterThan(photo.x + photo.width);
        expect(photo.width).toBeGreaterThanOrEqual(144);
      } else {
        expect(photo.width).toBe(96);
      }
      expect(await horizontalOverflow(page)).toBe(0);
    });

    test('the own profile and its editor fit the width', async ({ page }) => {
      await openScreen(page, '/me', (p) =>
        p.getByRole('heading', { level: 1, name: 'My profile' }),
      );
      await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await openScreen(page, '/me/edit', (p) => p.getByRole('button', { name: 'Save' }));
      expect(await horizontalOverflow(page)).toBe(0);
    });
  });
}
