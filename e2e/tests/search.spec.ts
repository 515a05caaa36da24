import { expect, test, type Page } from '@playwright/test';
import { registerViewer } from '../support/home.ts';
import { LOAD_TIMEOUT_MS, mainNavigation, openScreen, VIEWPORTS } from '../support/layout.ts';

// Search from the header (phone) and the rail (desktop): a demo creator found by a misspelt
// name as it is typed, and her profile opened from the results.

const homeTabs = (page: Page) => page.getByRole('tab', { name: 'Stories' });

async function findAnnaMisspelt(page: Page): Promise<void> {
  await expect(page).toHaveURL('/search');
  const field = page.getByRole('searchbox', { name: 'Search creators' });
  await expect(field).toBeFocused();
  await field.pressSequentially('Ana Rivra', { delay: 30 });
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('link').first()).toContainText('Anna Rivera', {
    timeout: LOAD_TIMEOUT_MS,
  });
  await expect(page).toHaveURL('/search?q=Ana+Rivra');
}

test.beforeEach(async ({ page, baseURL }) => {
  await registerViewer(page, baseURL);
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });

  test('the header opens the search, which finds Anna by "Ana Rivra"', async ({ page }) => {
    await openScreen(page, '/', homeTabs);
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).tap();
    // Full screen: no bottom bar under the results.
    await expect(mainNavigation(page)).toHaveCount(0);
    await findAnnaMisspelt(page);
    await page
      .getByRole('link', { name: /Anna Rivera/ })
      .first()
      .tap();
    await expect(page).toHaveURL(/\/u\/anna-rivera\b/);
    await expect(page.getByRole('heading', { name: 'Anna Rivera' })).toBeVisible({
      timeout: LOAD_TIMEOUT_MS,
    });
    // Back returns to the same results.
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search creators' })).toHaveValue('Ana Rivra');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('the rail opens the search; the keyboard opens Anna from the results', async ({ page }) => {
    await openScreen(page, '/', homeTabs);
    await mainNavigation(page).getByRole('link', { name: 'Search' }).click();
    await expect(mainNavigation(page).getByRole('link', { name: 'Search' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await findAnnaMisspelt(page);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: /Anna Rivera/ }).first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/u\/anna-rivera\b/);
    await expect(page.getByRole('heading', { name: 'Anna Rivera' })).toBeVisible({
      timeout: LOAD_TIMEOUT_MS,
    });
  });
});
