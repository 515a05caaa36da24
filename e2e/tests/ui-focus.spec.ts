import { expect, test, type Locator } from '@playwright/test';
import { filterButton, registerViewer } from '../support/home.ts';

// Each journey registers a user and loads the home screen, slow on a busy 2-core runner.
test.describe.configure({ timeout: 120_000 });

const ringed = (locator: Locator) =>
  locator.evaluate((element) => element.matches(':focus-visible'));

test.describe('focus rings', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await registerViewer(page, baseURL);
    await page.goto('/');
    // The home screen's code loads slowly on a busy runner.
    await expect(page.getByRole('tab', { name: 'Streams' })).toBeVisible({ timeout: 30_000 });
  });

  test('a clicked tab keeps focus but shows no ring; the keyboard brings it', async ({ page }) => {
    const stories = page.getByRole('tab', { name: 'Stories' });
    const streams = page.getByRole('tab', { name: 'Streams' });
    await streams.click();
    await expect(streams).toBeFocused();
    expect(await ringed(streams)).toBe(false);
    await stories.click();
    expect(await ringed(stories)).toBe(false);

    await page.keyboard.press('ArrowRight');
    await expect(streams).toBeFocused();
    expect(await ringed(streams)).toBe(true);
  });

  test('a dialog opened and closed with the mouse leaves no ring; with the keyboard it does', async ({
    page,
  }) => {
    const button = filterButton(page);
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await button.click();
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect(close).toBeFocused();
    expect(await ringed(close)).toBe(false);
    await close.click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(await ringed(button)).toBe(false);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(close).toBeFocused();
    expect(await ringed(close)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    expect(await ringed(button)).toBe(true);
  });
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a tapped tab shows no ring', async ({ page, baseURL }) => {
    await registerViewer(page, baseURL);
    await page.goto('/');
    const streams = page.getByRole('tab', { name: 'Streams' });
    await expect(streams).toBeVisible({ timeout: 30_000 });
    await streams.tap();
    await expect(streams).toHaveAttribute('aria-selected', 'true');
    await expect(streams).toBeFocused();
    expect(await ringed(streams)).toBe(false);
  });
});
